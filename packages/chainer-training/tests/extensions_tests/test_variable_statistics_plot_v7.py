"""VariableStatisticsPlot (its Reservoir and Statistician) and unchain_variables."""
import importlib.util
import os

import numpy
import pytest

import chainer
from chainer.training import extensions
from chainer.training.extensions import variable_statistics_plot as vsp
from training_tests import tiny


def test_reservoir_keeps_a_sorted_sample_of_fixed_size():
    reservoir = vsp.Reservoir(size=3, data_shape=(2,))
    for i in range(10):
        reservoir.add(numpy.full(2, i, 'f'), idx=i * 10)
    idxs, data = reservoir.get_data()
    assert len(idxs) == 3 and list(idxs) == sorted(idxs)
    numpy.testing.assert_array_equal(data[:, 0] * 10, idxs)


def test_statistician():
    x = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    stats = vsp.Statistician(True, True, (0, 50, 100))(x, axis=None)
    assert stats['mean'] == pytest.approx(5.5)
    assert stats['std'] == pytest.approx(numpy.std(x))
    numpy.testing.assert_allclose(stats['percentile'], [0, 5.5, 11])
    assert all(s.dtype == numpy.float32 for s in stats.values())


def test_plot_collects_values_and_gradients(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(3, 'iteration'))
    model = trainer.updater.get_optimizer('main').target
    plot = extensions.VariableStatisticsPlot(model, trigger=(3, 'iteration'),
                                             filename='stats.png',
                                             percentile_sigmas=(0, 50, 100))
    trainer.extend(plot)
    trainer.run()
    idxs, data = plot._samples.get_data()
    assert list(idxs) == [1, 2, 3]
    assert data.shape == (3, 2, 5)  # data/grad x mean, std, 3 percentiles
    weights = numpy.concatenate([p.data.ravel() for p in model.params()])
    assert data[-1, 0, 0] == pytest.approx(weights.mean(), rel=1e-5)
    if importlib.util.find_spec('matplotlib') is not None:
        assert os.path.getsize(str(tmp_path / 'stats.png')) > 0
    with pytest.raises(ValueError):
        extensions.VariableStatisticsPlot([])


def test_unchain_variables_cuts_the_reported_graphs():
    x = chainer.Variable(numpy.ones(2, 'f'))
    y = x * 2

    class _Trainer(object):
        observation = {'y': y}

    ext = extensions.unchain_variables()
    with chainer.using_config('keep_graph_on_report', True):
        ext.initialize(_Trainer())
        assert ext.trigger(_Trainer())
    ext(_Trainer())
    assert y.creator is None
    assert ext.trigger(_Trainer())  # the flag was on during the last iteration
    assert not ext.trigger(_Trainer())  # and off since
