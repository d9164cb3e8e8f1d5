"""v7's schedule extensions (StepShift, MultistepShift, PolynomialShift,
InverseShift, WarmupShift) and DumpGraph, on a fake trainer."""
import os

import pytest

import chainer
from chainer import serializers
from chainer.training import extensions


class _Optimizer(object):
    lr = 1.0


class _Updater(object):
    def __init__(self, optimizer):
        self.iteration = 0
        self.optimizer = optimizer

    def get_optimizer(self, name):
        return self.optimizer


class _Trainer(object):
    def __init__(self, out='.'):
        self.updater = _Updater(_Optimizer())
        self.observation = {}
        self.out = out


def _run(extension, n, trainer=None):
    trainer = trainer or _Trainer()
    extension.initialize(trainer)
    values = [trainer.updater.optimizer.lr]
    for _ in range(n):
        trainer.updater.iteration += 1
        extension(trainer)
        values.append(trainer.updater.optimizer.lr)
    return values


def test_step_shift_with_target():
    assert _run(extensions.StepShift('lr', 0.5, 2, init=8.0, target=1.5), 6) == \
        [8.0, 8.0, 4.0, 4.0, 2.0, 2.0, 1.5]


def test_multistep_shift():
    assert _run(extensions.MultistepShift('lr', 0.1, [2, 3], 1.0), 4) == \
        pytest.approx([1.0, 1.0, 0.1, 0.01, 0.01])


def test_polynomial_shift_reaches_target():
    values = _run(extensions.PolynomialShift('lr', 2, 4, init=16.0, target=2.0), 5)
    assert values == [16.0, 9.0, 4.0, 2.0, 2.0, 2.0]


def test_inverse_shift():
    values = _run(extensions.InverseShift('lr', 1.0, 1.0, init=6.0), 2)
    assert values == pytest.approx([6.0, 3.0, 2.0])
    with pytest.raises(ValueError):
        extensions.InverseShift('lr', -1.0, 1.0)


def test_warmup_shift_then_leaves_the_attribute():
    trainer = _Trainer()
    warmup = extensions.WarmupShift('lr', 0.0, 4, 1.0)
    assert _run(warmup, 4, trainer) == [0.0, 0.25, 0.5, 0.75, 1.0]
    trainer.updater.optimizer.lr = 0.3  # another schedule takes over
    trainer.updater.iteration += 1
    warmup(trainer)
    assert trainer.updater.optimizer.lr == 0.3


def test_shift_resume_restores_the_count_and_saves_the_last_value():
    trainer = _Trainer()
    shift = extensions.StepShift('lr', 0.5, 1, init=1.0)
    _run(shift, 3, trainer)
    saved = {}
    serializers.DictionarySerializer(saved).save(shift)
    assert float(saved['_last_value']) == 0.125 and int(saved['_t']) == 3
    resumed = extensions.StepShift('lr', 0.5, 1, init=1.0)
    serializers.NpzDeserializer(saved).load(resumed)
    other = _Trainer()
    resumed.initialize(other)
    assert other.updater.optimizer.lr == 0.125


def test_dump_graph_writes_once_and_restores_the_flag(tmp_path):
    trainer = _Trainer(out=str(tmp_path))
    x = chainer.Variable(chainer.backend.CpuDevice().xp.ones(2, 'f'))
    trainer.observation = {'main/loss': chainer.functions.sum(x * 2)}
    ext = extensions.DumpGraph('main/loss', filename='g.dot')
    with chainer.using_config('keep_graph_on_report', False):
        ext.initialize(trainer)
        assert chainer.config.keep_graph_on_report is True
        assert ext.trigger(trainer)
        ext(trainer)
        assert chainer.config.keep_graph_on_report is False
    assert not ext.trigger(trainer)
    assert 'digraph' in open(os.path.join(str(tmp_path), 'g.dot')).read()
    assert isinstance(extensions.dump_graph('main/loss'), extensions.DumpGraph)


def test_fail_on_nonnumber_names_the_optimizer():
    import numpy

    class _Target(chainer.Link):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.w = chainer.Parameter(numpy.ones(2, 'f'))

    class _Opt(object):
        target = _Target()

    trainer = _Trainer()
    trainer.updater.get_all_optimizers = lambda: {'gen': _Opt()}
    extensions.FailOnNonNumber()(trainer)  # finite: nothing happens
    _Opt.target.w.data[1] = numpy.nan
    with pytest.raises(RuntimeError, match="'gen'"):
        extensions.FailOnNonNumber()(trainer)


def test_parameter_statistics_skip_nan_params():
    import numpy

    link = chainer.links.Linear(2, 2)
    link.W.data[0, 0] = numpy.nan
    link.cleargrads()
    stats = extensions.ParameterStatistics(link, {'max': numpy.max},
                                           report_grads=False, skip_nan_params=True,
                                           trigger=(1, 'iteration'))
    values = stats._compute()
    assert numpy.isnan(values['None/W/data/max'])
    assert values['None/b/data/max'] == 0
    assert extensions.ParameterStatistics(link, statistics=None)._compute() == {}


def test_log_report_filename_and_print_report_without_flush(tmp_path):
    from training_tests import tiny

    class _NoFlush(object):
        def __init__(self):
            self.text = ''

        def write(self, text):
            self.text += text

    trainer = tiny.trainer(tmp_path, stop=(1, 'epoch'))
    trainer.extend(extensions.LogReport(None, (1, 'epoch'), None, filename='v7log'))
    trainer.extend(extensions.LogReport(None, (1, 'epoch'), None, 'v1log'), name='v1')
    out = _NoFlush()
    trainer.extend(extensions.PrintReport(['epoch', 'main/loss'], out=out))
    trainer.run()
    assert os.path.exists(str(tmp_path / 'v7log'))
    assert os.path.exists(str(tmp_path / 'v1log'))
    assert 'main/loss' in out.text


def test_evaluator_progress_bar(capsys):
    import numpy

    data = [numpy.ones(2, 'f') for _ in range(3)]
    seen = []

    def eval_func(x):
        seen.append(x.shape)

    it = chainer.iterators.SerialIterator(data, 1, repeat=False, shuffle=False)
    evaluator = extensions.Evaluator(it, {}, eval_func=eval_func, progress_bar=True)
    with chainer.Reporter():
        evaluator.evaluate()
    assert len(seen) == 3
    assert 'validation: 3 iterations' in capsys.readouterr().err
    with pytest.raises(TypeError):
        extensions.Evaluator(it, {}, progres_bar=True)
