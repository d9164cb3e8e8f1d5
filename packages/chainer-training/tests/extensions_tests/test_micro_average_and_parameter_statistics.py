"""MicroAverage and ParameterStatistics (v1.24 extensions)."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import serializers
from chainer.training import extensions
from training_tests import tiny


def _run_with_reports(tmp_path, extension, reports, extra=None):
    """Runs a tiny trainer whose model reports ``reports[i]`` at iteration i, then
    returns the value of each observation key the test asks for, per iteration."""
    trainer = tiny.trainer(tmp_path, stop=(len(reports), 'iteration'))
    seen = []
    counter = iter(reports)

    def report_values(t):
        t.observation.update(next(counter))
    trainer.extend(report_values, name='fake_model', priority=1000)
    trainer.extend(extension)
    trainer.extend(lambda t: seen.append(dict(t.observation)), name='spy', priority=-1)
    trainer.run()
    return seen


def test_micro_average_divides_the_sums_over_the_interval(tmp_path):
    reports = [{'c': 1, 't': 2}, {'c': 3, 't': 6}, {'c': 4, 't': 4}, {'c': 0, 't': 8}]
    ext = extensions.MicroAverage('c', 't', 'acc', trigger=(2, 'iteration'))
    seen = _run_with_reports(tmp_path, ext, reports)
    assert [o.get('acc') for o in seen] == [None, 4 / 8, None, 4 / 12]


def test_micro_average_skips_iterations_without_both_keys(tmp_path):
    reports = [{'c': 1, 't': 2}, {'c': 5}, {'c': 2, 't': 2}]
    ext = extensions.MicroAverage('c', 't', 'acc', trigger=(3, 'iteration'))
    seen = _run_with_reports(tmp_path, ext, reports)
    assert seen[-1]['acc'] == 3 / 4


def test_micro_average_unwraps_reported_variables(tmp_path):
    reports = [{'c': chainer.Variable(numpy.array(3.0, numpy.float32)),
                't': numpy.int64(4)}]
    ext = extensions.MicroAverage('c', 't', 'acc', trigger=(1, 'iteration'))
    assert _run_with_reports(tmp_path, ext, reports)[0]['acc'] == 0.75


def test_micro_average_serializes_the_running_sums():
    ext = extensions.MicroAverage('c', 't', 'acc')
    ext._numerator, ext._denominator = 3.0, 7.0
    target = {}
    ext.serialize(serializers.DictionarySerializer(target))
    loaded = extensions.MicroAverage('c', 't', 'acc')
    loaded.serialize(serializers.NpzDeserializer(target))
    assert (loaded._numerator, loaded._denominator) == (3.0, 7.0)


def _linear():
    link = L.Linear(3, 2)
    link.W.data[...] = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    link.b.data[...] = [0, -1]
    link.cleargrads()
    return link


def _statistics(tmp_path, extension, iterations=1):
    seen = _run_with_reports(tmp_path, extension, [{}] * iterations)
    return {k: v for k, v in seen[-1].items() if '/data/' in k or '/grad/' in k}


def test_parameter_statistics_reports_each_statistic_of_each_parameter(tmp_path):
    link = _linear()
    link.W.grad = numpy.full((2, 3), 2, numpy.float32)
    link.b.grad = numpy.zeros(2, numpy.float32)
    ext = extensions.ParameterStatistics(link, trigger=(1, 'iteration'))
    stats = _statistics(tmp_path, ext)
    # 2 parameters x 2 attributes x (5 statistics + 7 percentiles)
    assert len(stats) == 48
    assert stats['None/W/data/mean'] == pytest.approx(2.5)
    assert stats['None/W/data/max'] == 5 and stats['None/b/data/min'] == -1
    assert stats['None/b/data/zeros'] == 1 and stats['None/b/grad/zeros'] == 2
    assert stats['None/W/grad/std'] == 0
    assert stats['None/W/data/percentile/3'] == pytest.approx(2.5)


def test_parameter_statistics_options_and_late_registration(tmp_path):
    chain = chainer.Chain(l1=_linear())
    chain.name = 'model'
    ext = extensions.ParameterStatistics([chain], statistics={}, report_grads=False,
                                         prefix='stats', trigger=(1, 'iteration'))
    ext.register_statistics('sum', lambda x: x.sum())
    ext.register_statistics('ends', lambda x: (x[0], x[-1]))
    stats = _statistics(tmp_path, ext)
    assert stats == {'stats/model/l1/W/data/sum': 15, 'stats/model/l1/b/data/sum': -1,
                     'stats/model/l1/W/data/ends/0': 0, 'stats/model/l1/W/data/ends/1': 5,
                     'stats/model/l1/b/data/ends/0': 0, 'stats/model/l1/b/data/ends/1': -1}
    assert 'sum' not in extensions.ParameterStatistics.default_statistics


def test_parameter_statistics_reports_the_mean_over_the_interval(tmp_path):
    link = _linear()
    trainer = tiny.trainer(tmp_path, stop=(4, 'iteration'))
    seen = []

    def bump(t):
        link.W.data += 1
        link.b.data += 1
    trainer.extend(bump, name='bump', priority=1000)
    trainer.extend(extensions.ParameterStatistics(
        link, statistics={'sum': lambda x: x.sum()}, report_grads=False,
        trigger=(2, 'iteration')))
    trainer.extend(lambda t: seen.append(
        {k: v for k, v in t.observation.items() if '/data/' in k}), name='spy',
        priority=-1)
    trainer.run()
    # W sums 21, 27, 33, 39 and b sums 1, 3, 5, 7: the means of each pair.
    assert seen == [{}, {'None/W/data/sum': 24, 'None/b/data/sum': 2},
                    {}, {'None/W/data/sum': 36, 'None/b/data/sum': 6}]


def test_parameter_statistics_skips_missing_gradients(tmp_path):
    link = _linear()
    ext = extensions.ParameterStatistics(link, statistics={'max': numpy.max},
                                         trigger=(1, 'iteration'))
    assert sorted(_statistics(tmp_path, ext)) == ['None/W/data/max', 'None/b/data/max']
