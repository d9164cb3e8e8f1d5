"""Tests of Reporter, report, report_scope and Summary/DictSummary."""
import threading

import numpy
import pytest

import chainer
from chainer import reporter


class Saver(object):
    def __init__(self, target, path=''):
        self.target = target
        self.path = path

    def __getitem__(self, key):
        return type(self)(self.target, self.path + key + '/')

    def __call__(self, key, value):
        self.target[self.path + key] = value
        return value


class Loader(Saver):
    def __call__(self, key, value):
        return type(value)(self.target[self.path + key])


def test_spec_example_with_observer_prefix():
    rep = chainer.Reporter()
    observer = object()
    rep.add_observer('my_observer:', observer)
    observation = {}
    with rep.scope(observation):
        rep.report({'x': 1}, observer)
    assert observation == {'my_observer:x': 1}
    observation = {}
    with rep:
        with chainer.report_scope(observation):
            chainer.report({'x': 1}, observer)
    assert observation == {'my_observer:x': 1}


def test_names_like_main_loss_and_observers_of_a_hierarchy():
    rep = chainer.Reporter()
    model = chainer.Chain(predictor=chainer.Link())
    rep.add_observer('main', model)
    rep.add_observers('main', model.namedlinks(skipself=True))
    observation = {}
    with rep.scope(observation):
        chainer.report({'loss': 0.5, 'accuracy': 0.9}, model)
        chainer.report({'h': 2}, model.predictor)
        chainer.report({'lr': 0.1})
    assert observation == {'main/loss': 0.5, 'main/accuracy': 0.9,
                           'main/predictor/h': 2, 'lr': 0.1}


def test_unregistered_observer_is_an_error():
    rep = chainer.Reporter()
    with pytest.raises(KeyError, match='not registered'):
        rep.report({'x': 1}, object())


def test_observers_are_told_apart_by_identity():
    rep = chainer.Reporter()
    a, b = [1], [1]  # equal, distinct objects
    rep.add_observer('a', a)
    rep.add_observer('b', b)
    with rep.scope({}) as _:
        rep.report({'v': 1}, b)
        assert rep.observation == {'b/v': 1}


def test_current_reporter_nesting_and_restore():
    outer, inner = chainer.Reporter(), chainer.Reporter()
    with outer:
        assert chainer.get_current_reporter() is outer
        obs = {}
        with inner.scope(obs):
            assert chainer.get_current_reporter() is inner
            chainer.report({'x': 1})
        assert chainer.get_current_reporter() is outer
        assert obs == {'x': 1}
        assert inner.observation == {}  # the previous observation is restored


def test_report_without_reporter_does_nothing_and_get_current_raises():
    chainer.report({'x': 1})  # no error
    with pytest.raises(RuntimeError, match='no reporter'):
        chainer.get_current_reporter()
    with pytest.raises(RuntimeError):
        with chainer.report_scope({}):
            pass


def test_scope_restores_on_exception():
    rep = chainer.Reporter()
    old = rep.observation
    with pytest.raises(ValueError):
        with rep.scope({}):
            raise ValueError
    assert rep.observation is old
    with pytest.raises(RuntimeError):
        chainer.get_current_reporter()


def test_current_reporter_is_per_thread():
    rep = chainer.Reporter()
    seen = []
    with rep:
        t = threading.Thread(target=lambda: seen.append(reporter._stack.reporters))
        t.start()
        t.join()
    assert seen == [[]]


def test_summary_mean_and_std():
    values = [1.0, 2.0, 4.0, 7.0]
    s = chainer.Summary()
    for v in values:
        s.add(v)
    assert s.compute_mean() == pytest.approx(numpy.mean(values))
    mean, std = s.make_statistics()
    assert mean == pytest.approx(numpy.mean(values))
    assert std == pytest.approx(numpy.std(values))


def test_summary_keeps_dtype_of_arrays_and_never_gives_nan_std():
    s = chainer.Summary()
    for _ in range(3):
        s.add(numpy.array(0.1, dtype=numpy.float32))
    mean, std = s.make_statistics()
    assert mean.dtype == numpy.float32
    assert not numpy.isnan(std) and std == pytest.approx(0.0, abs=1e-3)
    s.add(numpy.int64(3))  # numpy scalars too (an int is no GPU id)


def test_summary_empty_is_a_clear_error():
    with pytest.raises(ValueError, match='empty'):
        chainer.Summary().compute_mean()


def test_dict_summary_statistics_and_filtering():
    d = chainer.DictSummary()
    d.add({'a': 1.0, 'b': chainer.Variable(numpy.array(3.0, 'f')),
           'vec': numpy.zeros(3), 'text': 'x'})
    d.add({'a': numpy.array(3.0), 'b': numpy.float32(5.0)})
    assert d.compute_mean() == pytest.approx({'a': 2.0, 'b': 4.0})
    stats = d.make_statistics()
    assert set(stats) == {'a', 'a.std', 'b', 'b.std'}
    assert stats['a'] == pytest.approx(2.0) and stats['a.std'] == pytest.approx(1.0)


def test_dict_summary_serialize_round_trip():
    d = chainer.DictSummary()
    d.add({'main/loss': 1.0, 'acc': 0.5})
    d.add({'main/loss': 3.0})
    store = {}
    d.serialize(Saver(store))
    d2 = chainer.DictSummary()
    d2.add({'other': 9.0})
    d2.serialize(Loader(store))
    assert d2.make_statistics() == pytest.approx(d.make_statistics())
    d.add({'main/loss': 5.0})
    d2.add({'main/loss': 5.0})
    assert d2.compute_mean() == pytest.approx(d.compute_mean())


def test_summary_serialize_through_npz(tmp_path):
    serializers = pytest.importorskip('chainer.serializers')
    d = chainer.DictSummary()
    d.add({'main/loss': numpy.float32(1.0)})
    d.add({'main/loss': numpy.float32(2.0)})
    path = str(tmp_path / 's.npz')
    serializers.save_npz(path, d)
    d2 = chainer.DictSummary()
    serializers.load_npz(path, d2)
    assert d2.make_statistics() == pytest.approx({'main/loss': 1.5, 'main/loss.std': 0.5})


def test_summary_sums_keep_their_dtype_through_npz(tmp_path):
    # a resumed float32 summary must add up as the uninterrupted one (numpy 1 would
    # promote float32 sums restored as Python floats to float64)
    s = chainer.Summary()
    for v in (0.1, 0.2, 0.3):
        s.add(numpy.array(v, numpy.float32))
    path = str(tmp_path / 's.npz')
    chainer.serializers.save_npz(path, s)
    with numpy.load(path) as f:
        assert f['_x'].dtype == numpy.float32 and f['_x2'].dtype == numpy.float32
    loaded = chainer.Summary()
    chainer.serializers.load_npz(path, loaded)
    for summary in (s, loaded):
        summary.add(numpy.array(0.7, numpy.float32))
    assert numpy.asarray(loaded.compute_mean()).dtype == numpy.float32
    assert numpy.asarray(loaded.compute_mean()).tobytes() == \
        numpy.asarray(s.compute_mean()).tobytes()


def test_report_drops_the_graph_unless_asked_to_keep_it():
    x = chainer.Variable(numpy.ones(1, numpy.float32))
    y = x * 2
    r = chainer.Reporter()
    r.report({'y': y})
    assert r.observation['y'].creator is None
    assert r.observation['y'].data is y.data
    with chainer.using_config('keep_graph_on_report', True):
        r.report({'y': y})
    assert r.observation['y'] is y


def test_weighted_summaries():
    s = chainer.DictSummary()
    s.add({'a': (1.0, 0.5)})
    s.add({'a': (2.0, numpy.array(0.25))})
    s.add({'a': (4.0, chainer.Variable(numpy.array(0.25)))})
    numpy.testing.assert_allclose(s.compute_mean()['a'], (0.5 + 0.5 + 1.0) / 1.0)
    with pytest.raises(ValueError, match='weight'):
        s.add({'a': (1.0, numpy.array([0.5]))})
    single = chainer.Summary()
    single.add(3.0, weight=2)
    single.add(6.0)
    numpy.testing.assert_allclose(single.compute_mean(), 4.0)


def test_weighted_count_survives_a_save(tmp_path):
    s = chainer.DictSummary()
    s.add({'a': (2.0, 0.5)})
    path = str(tmp_path / 's.npz')
    chainer.serializers.save_npz(path, s)
    t = chainer.DictSummary()
    chainer.serializers.load_npz(path, t)
    numpy.testing.assert_allclose(t.compute_mean()['a'], 2.0)
    t.add({'a': (5.0, 0.5)})
    numpy.testing.assert_allclose(t.compute_mean()['a'], 3.5)


def test_a_file_without_statistics_warns_and_empties_the_summary(tmp_path):
    path = str(tmp_path / 'old.npz')
    numpy.savez(path, dummy=0)
    s = chainer.DictSummary()
    s.add({'a': 1.0})
    with pytest.warns(UserWarning, match='older release'):
        chainer.serializers.load_npz(path, s)
    assert s.compute_mean() == {}
