"""StandardUpdater and ParallelUpdater."""
import copy

import numpy
import pytest

import chainer
from chainer import iterators, optimizers, serializers, testing, training
from chainer.dataset import convert
from chainer.training import extensions
from training_tests import tiny


def _updater(**kwargs):
    model = tiny.Model()
    opt = optimizers.SGD(lr=0.1)
    opt.setup(model)
    it = iterators.SerialIterator(tiny.dataset(), 6, shuffle=False)
    return training.StandardUpdater(it, opt, **kwargs), model


def test_update_steps_the_optimizer_on_the_next_batch():
    updater, model = _updater()
    reference = copy.deepcopy(model)
    x, t = convert.concat_examples(tiny.dataset()[:6])
    reference.cleargrads()
    reference(chainer.Variable(x), chainer.Variable(t)).backward()
    expected = reference.l1.W.data - 0.1 * reference.l1.W.grad
    updater.update()
    assert updater.iteration == 1
    testing.assert_allclose(model.l1.W.data, expected, atol=1e-6, rtol=1e-6)
    assert updater.epoch == 0 and updater.epoch_detail == 0.25


def test_loss_func_and_converter_and_dict_batches():
    seen = []

    def converter(batch, device):
        x, t = convert.concat_examples(batch, device)
        return {'x': x, 't': t}

    def loss_func(x, t):
        seen.append((type(x), x.shape, t.shape))
        return chainer.functions.sum(x * 0)

    updater, _ = _updater(converter=converter, loss_func=loss_func)
    updater.update()
    assert seen == [(chainer.Variable, (6, tiny.N_IN), (6,))]


def test_epoch_counts_and_optimizer_epoch():
    updater, _ = _updater()
    for _ in range(4):
        updater.update()
    assert updater.is_new_epoch and updater.epoch == 1
    assert updater.get_optimizer('main').epoch == 1


def test_serialize_round_trip(tmp_path):
    updater, model = _updater()
    for _ in range(3):
        updater.update()
    serializers.save_npz(str(tmp_path / 'u.npz'), updater)
    resumed, resumed_model = _updater()
    serializers.load_npz(str(tmp_path / 'u.npz'), resumed)
    assert resumed.iteration == 3
    assert resumed.get_iterator('main').epoch_detail == 0.75
    numpy.testing.assert_array_equal(resumed_model.l1.W.data, model.l1.W.data)


def test_bad_arguments():
    it = iterators.SerialIterator(tiny.dataset(), 6)
    with pytest.raises(ValueError, match='call optimizer.setup'):
        training.StandardUpdater(it, optimizers.SGD())
    opt = optimizers.SGD()
    opt.setup(tiny.Model())
    with pytest.raises(TypeError, match='must be a dataset iterator'):
        training.StandardUpdater([1, 2], opt)
    with pytest.raises(TypeError, match='converter must be callable'):
        training.StandardUpdater(it, opt, converter=1)


class _GanStyleUpdater(training.StandardUpdater):
    """A v1 GAN-style updater: its own update_core steps two optimizers by name."""

    def update_core(self):
        x, t = convert.concat_examples(self.get_iterator('main').next())
        for name in ('gen', 'dis'):
            optimizer = self.get_optimizer(name)
            optimizer.update(optimizer.target, chainer.Variable(x), chainer.Variable(t))


def _two_optimizers():
    optimizers_by_name = {}
    for seed, name in enumerate(('gen', 'dis')):
        optimizers_by_name[name] = optimizers.SGD(lr=0.1)
        optimizers_by_name[name].setup(tiny.Model(seed))
    return optimizers_by_name


def test_optimizers_without_main_drive_a_custom_update_core_as_in_v1(tmp_path):
    opts = _two_optimizers()
    it = iterators.SerialIterator(tiny.dataset(), 6)
    updater = _GanStyleUpdater(it, opts)
    training.Trainer(updater, (1, 'epoch'), out=str(tmp_path)).run()
    assert (opts['gen'].t, opts['dis'].t) == (4, 4)
    assert updater.get_all_optimizers() == opts
    with pytest.raises(KeyError):
        updater.get_optimizer('main')


def test_default_update_without_main_optimizer_names_the_given_ones():
    it = iterators.SerialIterator(tiny.dataset(), 6)
    updater = training.StandardUpdater(it, _two_optimizers())
    with pytest.raises(KeyError, match=r"no optimizer named 'main' \(the optimizers are "
                                       r"\['dis', 'gen'\]\)"):
        updater.update()
    with pytest.raises(KeyError, match="no optimizer named 'main'"):
        training.ParallelUpdater(it, _two_optimizers(), devices={'main': -1})


def test_iterators_without_main_are_accepted_until_epochs_are_read_as_in_v1():
    it = iterators.SerialIterator(tiny.dataset(), 6)
    updater = training.StandardUpdater({'train': it}, _two_optimizers())
    assert updater.get_iterator('train') is it
    with pytest.raises(KeyError, match="no iterator named 'main'"):
        updater.epoch_detail


def test_device_moves_the_target_of_every_optimizer_to_that_gpu_as_in_v1():
    opts = _two_optimizers()
    moved = []
    for name, optimizer in opts.items():
        optimizer.target.to_gpu = lambda device, name=name: moved.append((name, device))
    training.StandardUpdater(iterators.SerialIterator(tiny.dataset(), 6), opts, device=1)
    assert sorted(moved) == [('dis', 1), ('gen', 1)]


def test_previous_epoch_detail_is_that_of_the_main_iterator():
    updater, _ = _updater()
    assert updater.previous_epoch_detail is None
    updater.update()
    updater.update()
    assert updater.previous_epoch_detail == 0.25


def _parallel(devices):
    model = tiny.Model()
    opt = optimizers.SGD(lr=0.1)
    opt.setup(model)
    it = iterators.SerialIterator(tiny.dataset(), 6, shuffle=False)
    return training.ParallelUpdater(it, opt, devices=devices), model


def _expected_after_one_step(model, n, to_device=None):
    """SGD step on the sum of the losses of the n interleaved parts of batch 0."""
    reference = copy.deepcopy(model)
    reference.to_cpu()
    reference.cleargrads()
    batch = tiny.dataset()[:6]
    for i in range(n):
        x, t = convert.concat_examples(batch[i::n])
        reference(chainer.Variable(x), chainer.Variable(t)).backward()
    return reference.l1.W.data - 0.1 * reference.l1.W.grad


def test_parallel_updater_on_host_devices_sums_part_gradients():
    updater, model = _parallel({'main': -1, 'second': -1, 'third': -1})
    expected = _expected_after_one_step(model, 3)
    updater.update()
    testing.assert_allclose(model.l1.W.data, expected, atol=1e-6, rtol=1e-6)
    for name in ('second', 'third'):
        numpy.testing.assert_array_equal(updater._models[name].l1.W.data, model.l1.W.data)


def test_parallel_updater_reports_every_model(tmp_path):
    updater, _ = _parallel({'main': -1, 'second': -1})
    trainer = training.Trainer(updater, (1, 'iteration'), out=str(tmp_path))
    seen = []
    trainer.extend(lambda t: seen.append(sorted(t.observation)), name='spy')
    trainer.run()
    assert seen == [['main/accuracy', 'main/loss', 'second/accuracy', 'second/loss']]


def test_parallel_updater_needs_models_or_devices():
    with pytest.raises(ValueError, match="'main' entry"):
        _parallel({'second': -1})
    with pytest.raises(ValueError, match="'main' entry"):
        _parallel(None)


@testing.attr.gpu
def test_parallel_updater_on_gpus():
    updater, model = _parallel({'main': 0, 'second': 0})
    expected = _expected_after_one_step(model, 2)
    updater.update()
    testing.assert_allclose(model.l1.W.data, expected, atol=1e-5, rtol=1e-5)


def test_dicts_of_iterators_and_optimizers(tmp_path):
    # As documented for v1, dicts register every entry by name; the default update uses
    # 'main'; the trainer observes the target of every optimizer under the optimizer's
    # name.
    main_model, other_model = tiny.Model(0), tiny.Model(1)
    main_opt, other_opt = optimizers.SGD(lr=0.1), optimizers.SGD(lr=0.1)
    main_opt.setup(main_model)
    other_opt.setup(other_model)
    main_it = iterators.SerialIterator(tiny.dataset(), 6, shuffle=False)
    other_it = iterators.SerialIterator(tiny.dataset(), 6, shuffle=False)
    updater = training.StandardUpdater({'main': main_it, 'other': other_it},
                                       {'main': main_opt, 'other': other_opt})
    assert updater.get_iterator('other') is other_it
    assert updater.get_all_optimizers() == {'main': main_opt, 'other': other_opt}
    trainer = training.Trainer(updater, (1, 'iteration'), out=str(tmp_path))
    other_w = other_model.l1.W.data.copy()
    trainer.run()
    assert (main_it.current_position, other_it.current_position) == (6, 0)
    assert (main_opt.t, other_opt.t) == (1, 0)
    numpy.testing.assert_array_equal(other_model.l1.W.data, other_w)
    observation = {}
    with trainer.reporter.scope(observation):
        chainer.report({'x': 1}, other_model)
    assert list(observation) == ['other/x']
    serializers.save_npz(str(tmp_path / 'u.npz'), updater)
    with numpy.load(str(tmp_path / 'u.npz')) as saved:
        assert {'iterator:other/current_position', 'optimizer:other/t',
                'model:other/l1/W', 'iteration'} <= set(saved.files)


def test_a_falsy_link_is_still_the_loss_and_eval_function():
    # An empty ChainList has len() 0: it must still be used when given.
    class SumLoss(chainer.ChainList):
        def __call__(self, x, t):
            calls.append(len(x.data))
            return chainer.functions.sum(x)

    calls = []
    updater, _ = _updater(loss_func=SumLoss())
    updater.update()
    evaluator = extensions.Evaluator(
        iterators.SerialIterator(tiny.dataset(), 12, repeat=False), tiny.Model(),
        eval_func=SumLoss())
    evaluator()
    assert calls == [6, 12, 12]
