"""Files in the layouts the real Chainer 7.8.1 writes load here, and what this
project writes has that layout.

The layouts were read off files written by Chainer 7.8.1 (numpy 1.26): for a model,
every parameter and persistent value under its path (``bn/N`` int64, ``bn/avg_mean``,
...), a parameter not initialized yet as None (npz: a 0-d object array holding None;
HDF5: an empty dataset); for an optimizer ``t``, ``epoch`` and, per parameter, its
state entries and its own step count ``<path>/t`` (only ``t`` for a parameter not
initialized); a trainer snapshot nests the updater (``updater/iteration``,
``updater/iterator:main/...``, ``updater/optimizer:main/...``,
``updater/model:main/...``), ``stop_trigger/...``, ``extensions/<name>/...``,
``extension_triggers/<name>/...`` and ``_snapshot_elapsed_time``. The files are
written here by hand in those layouts.
"""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import datasets, iterators, optimizers, serializers, training
from chainer.training import extensions

h5py = pytest.importorskip('h5py')


class Net(chainer.Chain):
    def __init__(self, lazy=True):
        super(Net, self).__init__()
        with self.init_scope():
            self.conv = L.Convolution2D(1, 2, 3)
            self.bn = L.BatchNormalization(2)
            self.fc = L.Linear(None, 3)
            if lazy:
                self.lazy = L.Linear(None, 4)  # never called: stays uninitialized

    def forward(self, x):
        return self.fc(F.relu(self.bn(self.conv(x))))


_SHAPES = {'conv/W': (2, 1, 3, 3), 'conv/b': (2,), 'bn/gamma': (2,), 'bn/beta': (2,),
           'fc/W': (3, 18), 'fc/b': (3,), 'lazy/b': (4,)}


def _values(seed, shapes=_SHAPES):
    rng = numpy.random.RandomState(seed)
    return {k: rng.uniform(-1, 1, s).astype(numpy.float32) for k, s in shapes.items()}


def _v7_model(prefix=''):
    entries = {prefix + k: v for k, v in _values(0).items()}
    entries[prefix + 'bn/avg_mean'] = numpy.array([0.5, -0.5], numpy.float32)
    entries[prefix + 'bn/avg_var'] = numpy.array([2.0, 3.0], numpy.float32)
    entries[prefix + 'bn/N'] = numpy.array(7, numpy.int64)
    entries[prefix + 'lazy/W'] = None
    return entries


def _v7_adam(prefix=''):
    entries = {prefix + 't': numpy.array(5, numpy.int64),
               prefix + 'epoch': numpy.array(2, numpy.int64),
               prefix + 'lazy/W/t': numpy.array(5, numpy.int64)}
    for key, name in (('m', 1), ('v', 2)):
        for path, value in _values(name).items():
            entries[prefix + path + '/' + key] = abs(value) if key == 'v' else value
    for path in _SHAPES:
        entries[prefix + path + '/t'] = numpy.array(5, numpy.int64)
    return entries


def _write(path, entries):
    """Writes ``entries`` as Chainer 7.8.1 does: npz with None as a pickled 0-d
    object array, HDF5 with None as an empty dataset."""
    if path.suffix == '.npz':
        arrays = {k: numpy.array(None, dtype=object) if v is None else v
                  for k, v in entries.items()}
        numpy.savez(str(path), **arrays)
        return
    with h5py.File(str(path), 'w') as f:
        for key, value in entries.items():
            f.create_dataset(key, data=h5py.Empty('f') if value is None else value)


def _keys(path):
    if path.suffix == '.npz':
        with numpy.load(str(path), allow_pickle=True) as f:
            return set(f.files)
    keys = set()
    with h5py.File(str(path), 'r') as f:
        f.visititems(lambda name, obj: keys.add(name)
                     if isinstance(obj, h5py.Dataset) else None)
    return keys


_FORMATS = [('.npz', serializers.load_npz, serializers.save_npz),
            ('.h5', serializers.load_hdf5, serializers.save_hdf5)]


@pytest.mark.parametrize('suffix,load,save', _FORMATS, ids=['npz', 'hdf5'])
def test_a_v7_model_file_loads(tmp_path, suffix, load, save):
    path = tmp_path / ('model' + suffix)
    _write(path, _v7_model())
    net = Net()
    load(str(path), net)
    for key, value in _values(0).items():
        link, name = key.split('/')
        numpy.testing.assert_array_equal(getattr(getattr(net, link), name).array, value)
    numpy.testing.assert_array_equal(net.bn.avg_var, [2.0, 3.0])
    assert int(net.bn.N) == 7
    assert net.lazy.W.array is None and net.fc.W.shape == (3, 18)
    # and what is written here has the same entries
    save(str(tmp_path / ('again' + suffix)), net)
    assert _keys(tmp_path / ('again' + suffix)) == _keys(path)


@pytest.mark.parametrize('suffix,load,save', _FORMATS, ids=['npz', 'hdf5'])
def test_a_v7_adam_file_loads_with_step_counts(tmp_path, suffix, load, save):
    path = tmp_path / ('adam' + suffix)
    _write(path, _v7_adam())
    net = Net()
    load_model = tmp_path / ('model' + suffix)
    _write(load_model, _v7_model())
    load(str(load_model), net)
    opt = optimizers.Adam()
    opt.setup(net)
    load(str(path), opt)
    assert (opt.t, opt.epoch) == (5, 2)
    numpy.testing.assert_array_equal(net.fc.W.update_rule.state['m'], _values(1)['fc/W'])
    numpy.testing.assert_array_equal(net.conv.b.update_rule.state['v'],
                                     abs(_values(2)['conv/b']))
    assert net.fc.W.update_rule.t == 5 and net.lazy.W.update_rule.t == 5
    assert net.lazy.W.update_rule.state is None  # made when it is initialized
    save(str(tmp_path / ('again' + suffix)), opt)
    assert _keys(tmp_path / ('again' + suffix)) == _keys(path)


def test_an_optimizer_file_written_here_has_the_v7_layout(tmp_path):
    net = Net()
    x = numpy.ones((2, 1, 5, 5), numpy.float32)
    for opt, state in ((optimizers.Adam(), ('m', 'v')), (optimizers.MomentumSGD(), ('v',))):
        opt.setup(net)
        opt.update(lambda: F.sum(net(x)))
        serializers.save_npz(str(tmp_path / 'opt.npz'), opt)
        expected = {'t', 'epoch', 'lazy/W/t'} | {p + '/t' for p in _SHAPES} | \
            {p + '/' + k for p in _SHAPES for k in state}
        assert _keys(tmp_path / 'opt.npz') == expected


def test_a_v1_optimizer_that_never_stepped_keeps_the_v1_layout(tmp_path):
    net = Net(lazy=False)
    net(numpy.ones((1, 1, 5, 5), numpy.float32))
    opt = optimizers.MomentumSGD()
    opt.setup(net)
    serializers.save_npz(str(tmp_path / 'opt.npz'), opt)
    assert _keys(tmp_path / 'opt.npz') == {'t', 'epoch'} | {p + '/v' for p in _SHAPES
                                                          if p != 'lazy/b'}


def test_a_partial_state_of_an_uninitialized_parameter_is_refused(tmp_path):
    entries = _v7_adam()
    entries['lazy/W/m'] = numpy.zeros((4, 18), numpy.float32)  # no lazy/W/v
    _write(tmp_path / 'adam.npz', entries)
    net = Net()
    _write(tmp_path / 'model.npz', _v7_model())
    serializers.load_npz(str(tmp_path / 'model.npz'), net)
    opt = optimizers.Adam()
    opt.setup(net)
    with pytest.raises(KeyError, match='lazy/W'):
        serializers.load_npz(str(tmp_path / 'adam.npz'), opt)
    assert opt.t == 0 and net.fc.W.update_rule.state['m'].max() == 0  # unchanged


def _data():
    rng = numpy.random.RandomState(1)
    return datasets.TupleDataset(rng.rand(10, 1, 5, 5).astype(numpy.float32),
                                 rng.randint(0, 3, 10).astype(numpy.int32))


def _trainer(tmp_path, stop, lazy):
    model = L.Classifier(Net(lazy))
    opt = optimizers.MomentumSGD(0.01)
    opt.setup(model)
    it = iterators.SerialIterator(_data(), 4, shuffle=True)
    trainer = training.Trainer(training.updaters.StandardUpdater(it, opt),
                               (stop, 'iteration'), out=str(tmp_path))
    trainer.extend(extensions.ExponentialShift('lr', 0.5), trigger=(1, 'iteration'))
    return trainer


def _v7_snapshot():
    """A Chainer 7.8.1 trainer snapshot after 3 iterations of batch 4 over 10
    examples, ExponentialShift('lr', 0.5) every iteration."""
    entries = {'_snapshot_elapsed_time': numpy.array(0.25),
               'updater/iteration': numpy.array(3, numpy.int64),
               'updater/iterator:main/current_position': numpy.array(2, numpy.int64),
               'updater/iterator:main/epoch': numpy.array(1, numpy.int64),
               'updater/iterator:main/is_new_epoch': numpy.array(True),
               'updater/iterator:main/order': numpy.array([0, 4, 8, 2, 6, 5, 7, 3, 1, 9]),
               'updater/iterator:main/previous_epoch_detail': numpy.array(0.8),
               'updater/optimizer:main/t': numpy.array(3, numpy.int64),
               'updater/optimizer:main/epoch': numpy.array(1, numpy.int64),
               'updater/optimizer:main/predictor/lazy/W/t': numpy.array(3, numpy.int64),
               'stop_trigger/previous_epoch_detail': numpy.array(0.8),
               'stop_trigger/previous_iteration': numpy.array(2, numpy.int64),
               'extensions/ExponentialShift/_t': numpy.array(3, numpy.int64),
               'extensions/ExponentialShift/_last_value': numpy.array(0.00125),
               'extension_triggers/ExponentialShift/previous_epoch_detail':
                   numpy.array(1.2),
               'extension_triggers/ExponentialShift/previous_iteration':
                   numpy.array(3, numpy.int64)}
    entries.update(_v7_model('updater/model:main/predictor/'))
    for path, value in _values(3).items():
        entries['updater/optimizer:main/predictor/' + path + '/v'] = value
        entries['updater/optimizer:main/predictor/' + path + '/t'] = \
            numpy.array(3, numpy.int64)
    return entries


@pytest.mark.parametrize('suffix', ['.npz', '.h5'])
def test_a_v7_trainer_snapshot_resumes(tmp_path, suffix):
    path = tmp_path / ('snapshot' + suffix)
    _write(path, _v7_snapshot())
    trainer = _trainer(tmp_path, 5, lazy=True)
    (serializers.load_npz if suffix == '.npz' else serializers.load_hdf5)(
        str(path), trainer)
    updater = trainer.updater
    it, opt = updater.get_iterator('main'), updater.get_optimizer('main')
    net = opt.target.predictor
    assert (updater.iteration, updater.epoch) == (3, 1)
    assert (it.current_position, it.epoch, it.is_new_epoch) == (2, 1, True)
    assert (opt.t, opt.epoch) == (3, 1)
    # fc was not initialized when the optimizer loaded: its momentum waited for it
    numpy.testing.assert_array_equal(net.fc.W.update_rule.state['v'], _values(3)['fc/W'])
    numpy.testing.assert_array_equal(net.fc.W.array, _values(0)['fc/W'])
    momentum = net.fc.W.update_rule.state['v'].copy()
    before = net.fc.W.array.copy()
    trainer.run()
    assert updater.iteration == 5
    assert opt.lr == pytest.approx(0.01 * 0.5 ** 5)  # the shift went on from _t = 3
    assert net.lazy.W.array is None
    # the first step after the resume used the loaded momentum (lr 0.00125 * 0.5 ** 0
    # is the loaded _last_value; v = 0.9 v - lr g, W += v)
    assert not numpy.allclose(net.fc.W.array - before, 0)
    assert numpy.isfinite(momentum).all()


def test_a_trainer_snapshot_written_here_holds_the_v7_entries(tmp_path):
    trainer = _trainer(tmp_path, 3, lazy=True)
    trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
    trainer.extend(extensions.snapshot(filename='snap.npz'), trigger=(3, 'iteration'))
    trainer.run()
    keys = _keys(tmp_path / 'snap.npz')
    v7 = set(_v7_snapshot()) | {
        # the snapshot extension's trigger under v7's name for it, and LogReport's
        # state under v7's names
        'extension_triggers/_Snapshot/previous_epoch_detail',
        'extension_triggers/_Snapshot/previous_iteration',
        'extension_triggers/LogReport/previous_iteration',
        'extensions/LogReport/_log', 'extensions/LogReport/_summary/_names',
        'extensions/LogReport/_trigger/previous_iteration',
        'extensions/LogReport/_trigger/previous_epoch_detail'}
    assert v7 <= keys
    assert not any(k.startswith('extension_triggers/snapshot/') for k in keys)
    with numpy.load(str(tmp_path / 'snap.npz'), allow_pickle=True) as f:
        assert f['updater/model:main/predictor/lazy/W'][()] is None
        # a parameter's steps are counted here from its initialization (v7 counts
        # the optimizer's): the entry is there for v7 to load
        assert f['updater/optimizer:main/predictor/lazy/W/t'] == 0
        assert f['extension_triggers/_Snapshot/previous_iteration'] == 3


def test_v7_names_of_the_snapshot_extensions():
    from chainer.training import _v7_names
    snap, obj = extensions.snapshot(), extensions.snapshot_object(None, 'x')
    entries = [('snapshot', snap), ('LogReport', extensions.LogReport()),
               ('snapshot_object', obj), ('snapshot_1', snap), ('mine', snap)]
    assert _v7_names.aliases(entries) == {
        'snapshot': '_Snapshot', 'snapshot_object': '_Snapshot_1',
        'snapshot_1': '_Snapshot_2'}


def test_v7_log_report_and_plot_report_states_load_and_are_written_back():
    import json
    import warnings
    log = [{'main/loss': 0.5, 'epoch': 0, 'iteration': 1, 'elapsed_time': 0.1}]
    points = {'main/loss': [[1, 0.5], [2, 0.25]]}
    v7 = {'_log': numpy.array(json.dumps(log)),
          '_trigger/previous_iteration': numpy.array(2, numpy.int64),
          '_trigger/previous_epoch_detail': numpy.array(0.5),
          '_summary/_names': numpy.array('[]'),
          '_plot_loss.png': numpy.array(json.dumps(points))}
    report = extensions.LogReport(trigger=(1, 'iteration'))
    serializers.NpzDeserializer(v7).load(report)
    assert report.log == log
    saved = serializers.DictionarySerializer()
    saved.save(report)
    assert {'_log', '_trigger/previous_iteration', '_summary/_names'} <= set(saved.target)
    assert int(saved.target['_trigger/previous_iteration']) == 2
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # matplotlib may be missing: nothing is drawn
        plot = extensions.PlotReport(['main/loss'], file_name='loss.png')
        serializers.NpzDeserializer(v7).load(plot)
    assert {k: [list(p) for p in v] for k, v in plot.data.items()} == points
    saved = serializers.DictionarySerializer()
    saved.save(plot)
    assert json.loads(str(saved.target['_plot_loss.png'])) == points


def _v124_snapshot():
    """A Chainer v1.24 trainer snapshot of the same run (the layout read off files
    the real v1.24.0 writes): the iterator's order and previous_epoch_detail, a v1
    optimizer's states without per-parameter counts, no trigger states,
    ExponentialShift's _t only, no elapsed time; v1.24 refuses to save a parameter
    not initialized, so the model has none."""
    v7 = _v7_snapshot()
    v1 = {k: v for k, v in v7.items()
          if not k.startswith(('extension_triggers/', 'stop_trigger/'))
          and not k.endswith(('/t', '_last_value', '_snapshot_elapsed_time'))
          and '/lazy/' not in k or k == 'updater/optimizer:main/t'}
    # v1.24 counts ExponentialShift's call before training too: 3 shifts, _t = 4
    v1['extensions/ExponentialShift/_t'] = numpy.array(4, numpy.int64)
    return v1


@pytest.mark.parametrize('suffix', ['.npz', '.h5'])
def test_a_v1_24_trainer_snapshot_resumes(tmp_path, suffix):
    path = tmp_path / ('snapshot' + suffix)
    _write(path, _v124_snapshot())
    trainer = _trainer(tmp_path, 5, lazy=False)
    with pytest.warns(UserWarning, match='trigger'):  # v1 kept no trigger state
        (serializers.load_npz if suffix == '.npz' else serializers.load_hdf5)(
            str(path), trainer)
    updater = trainer.updater
    it, opt = updater.get_iterator('main'), updater.get_optimizer('main')
    assert (updater.iteration, it.current_position, it.epoch, opt.t) == (3, 2, 1, 3)
    numpy.testing.assert_array_equal(
        opt.target.predictor.fc.W.update_rule.state['v'], _values(3)['fc/W'])
    trainer.run()
    assert updater.iteration == 5 and opt.lr == pytest.approx(0.01 * 0.5 ** 5)
    # and what v1.24 reads of an optimizer written here is there (it reads no more)
    serializers.save_npz(str(tmp_path / 'opt.npz'), opt)
    v124_opt = {k[len('updater/optimizer:main/'):]
                for k in _v124_snapshot() if k.startswith('updater/optimizer:main/')}
    assert v124_opt <= _keys(tmp_path / 'opt.npz')


@pytest.mark.parametrize('suffix,load,save', _FORMATS, ids=['npz', 'hdf5'])
def test_a_v1_24_optimizer_file_loads_into_a_model_with_an_uninitialized_link(
        tmp_path, suffix, load, save):
    # v1.24 kept states of initialized parameters only, and no per-parameter t
    entries = {k: v for k, v in _v7_adam().items()
               if not k.endswith('/t') and not k.startswith('lazy/W')}
    entries['t'] = numpy.array(5, numpy.int64)
    _write(tmp_path / ('adam' + suffix), entries)
    _write(tmp_path / ('model' + suffix), _v7_model())
    net = Net()
    load(str(tmp_path / ('model' + suffix)), net)
    opt = optimizers.Adam()
    opt.setup(net)
    load(str(tmp_path / ('adam' + suffix)), opt)
    assert opt.t == 5 and net.lazy.W.update_rule.state is None
    numpy.testing.assert_array_equal(net.lazy.b.update_rule.state['m'],
                                     _values(1)['lazy/b'])


class _V7StyleMomentumSGD(chainer.optimizer.GradientMethod):
    """An optimizer written as v7 code writes one: per-parameter update rules."""

    def __init__(self, lr=0.01, momentum=0.9):
        super(_V7StyleMomentumSGD, self).__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum

    def create_update_rule(self):
        from chainer.optimizers import momentum_sgd
        return momentum_sgd.MomentumSGDRule(self.hyperparam)


@pytest.mark.parametrize('suffix', ['.npz', '.h5'])
def test_a_v7_file_loads_into_update_rules_of_an_uninitialized_parameter(
        tmp_path, suffix):
    entries = {'t': numpy.array(5, numpy.int64), 'epoch': numpy.array(2, numpy.int64),
               'lazy/W/t': numpy.array(5, numpy.int64)}
    for path, value in _values(3).items():
        entries[path + '/v'] = value
        entries[path + '/t'] = numpy.array(5, numpy.int64)
    _write(tmp_path / ('opt' + suffix), entries)
    load = serializers.load_npz if suffix == '.npz' else serializers.load_hdf5
    net = Net()
    _write(tmp_path / ('model' + suffix), _v7_model())
    load(str(tmp_path / ('model' + suffix)), net)
    opt = _V7StyleMomentumSGD()
    opt.setup(net)
    load(str(tmp_path / ('opt' + suffix)), opt)
    assert opt.t == 5 and net.lazy.W.update_rule.t == 5
    assert net.lazy.W.update_rule.state is None
    numpy.testing.assert_array_equal(net.fc.W.update_rule.state['v'], _values(3)['fc/W'])
    # a file holding the state of a parameter not initialized here: kept for it (v7)
    entries['lazy/W/v'] = numpy.full((4, 18), 0.5, numpy.float32)
    _write(tmp_path / ('full' + suffix), entries)
    fresh = Net()
    load(str(tmp_path / ('model' + suffix)), fresh)
    opt = _V7StyleMomentumSGD()
    opt.setup(fresh)
    load(str(tmp_path / ('full' + suffix)), opt)
    assert (fresh.lazy.W.update_rule.state['v'] == 0.5).all()


class _V7StyleAdam(chainer.optimizer.GradientMethod):
    def __init__(self):
        super(_V7StyleAdam, self).__init__()
        self.hyperparam.alpha = 0.001
        self.hyperparam.beta1 = 0.9
        self.hyperparam.beta2 = 0.999
        self.hyperparam.eps = 1e-8
        self.hyperparam.eta = 1.0
        self.hyperparam.weight_decay_rate = 0
        self.hyperparam.amsgrad = False
        self.hyperparam.adabound = False
        self.hyperparam.final_lr = 0.1
        self.hyperparam.gamma = 1e-3

    def create_update_rule(self):
        from chainer.optimizers import adam
        return adam.AdamRule(self.hyperparam)


def test_a_partial_state_of_an_uninitialized_parameter_is_refused_by_rules(tmp_path):
    entries = _v7_adam()
    entries['lazy/W/m'] = numpy.zeros((4, 18), numpy.float32)  # and no lazy/W/v
    _write(tmp_path / 'adam.npz', entries)
    net = Net()
    _write(tmp_path / 'model.npz', _v7_model())
    serializers.load_npz(str(tmp_path / 'model.npz'), net)
    opt = _V7StyleAdam()
    opt.setup(net)
    assert net.fc.W.update_rule.state is None
    with pytest.raises(KeyError, match='lazy/W/v'):
        serializers.load_npz(str(tmp_path / 'adam.npz'), opt)
    assert opt.t == 0 and net.fc.W.update_rule.state is None  # all or nothing
    del entries['lazy/W/m']
    _write(tmp_path / 'adam.npz', entries)
    serializers.load_npz(str(tmp_path / 'adam.npz'), opt)
    assert opt.t == 5 and net.lazy.W.update_rule.state is None
    numpy.testing.assert_array_equal(net.fc.W.update_rule.state['m'], _values(1)['fc/W'])
