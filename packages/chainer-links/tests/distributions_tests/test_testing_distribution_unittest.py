"""chainer.testing.distribution_unittest against a toy distribution and a toy
reference with SciPy's method names, so that no SciPy is needed: the harness passes a
right implementation, fails a wrong one, and checks only the listed targets."""
import unittest

import numpy
import pytest

import chainer
from chainer import testing


class ToyExponential(chainer.Distribution):
    """Exponential distribution of rate ``lam`` (arrays inside, Variables out)."""

    def __init__(self, lam, offset=0.0):
        self.lam_var = chainer.as_variable(lam)
        self.offset = offset

    @property
    def _lam(self):
        return self.lam_var.array.astype(numpy.float64)

    def _out(self, value):
        return chainer.Variable(numpy.asarray(value, numpy.float32))

    batch_shape = property(lambda self: self.lam_var.shape)
    event_shape = property(lambda self: ())
    support = property(lambda self: 'positive')
    params = property(lambda self: {'lam': self.lam_var})
    mean = property(lambda self: self._out(1 / self._lam + self.offset))
    variance = property(lambda self: self._out(1 / self._lam ** 2))
    entropy = property(lambda self: self._out(1 - numpy.log(self._lam)))

    def log_prob(self, x):
        return self._out(numpy.log(self._lam) - self._lam * x)

    def prob(self, x):
        return self._out(self._lam * numpy.exp(-self._lam * x))

    def cdf(self, x):
        return self._out(1 - numpy.exp(-self._lam * x))

    def log_cdf(self, x):
        return self._out(numpy.log1p(-numpy.exp(-self._lam * x)))

    def survival_function(self, x):
        return self._out(numpy.exp(-self._lam * x))

    def log_survival_function(self, x):
        return self._out(-self._lam * x)

    def icdf(self, q):
        return self._out(-numpy.log1p(-q) / self._lam)

    def sample_n(self, n):
        eps = numpy.random.standard_exponential((n,) + self.lam_var.shape)
        return self._out(eps / self._lam)


class ExponentialReference(object):
    """The few ``scipy.stats.expon`` methods the harness calls, with ``scale``."""

    def logpdf(self, x, scale):
        return -numpy.log(scale) - x / scale

    def pdf(self, x, scale):
        return numpy.exp(self.logpdf(x, scale))

    def cdf(self, x, scale):
        return 1 - numpy.exp(-x / scale)

    def logcdf(self, x, scale):
        return numpy.log(self.cdf(x, scale))

    def sf(self, x, scale):
        return numpy.exp(-x / scale)

    def logsf(self, x, scale):
        return -x / scale

    def ppf(self, q, scale):
        return -scale * numpy.log1p(-q)

    def mean(self, scale):
        return scale

    def var(self, scale):
        return scale ** 2

    def std(self, scale):
        return scale

    def entropy(self, scale):
        return 1 + numpy.log(scale)

    def rvs(self, size, scale):
        return numpy.random.standard_exponential(size) * scale


ALL = ['batch_shape', 'cdf', 'entropy', 'event_shape', 'icdf', 'log_cdf', 'log_prob',
       'log_survival', 'mean', 'prob', 'sample', 'stddev', 'support', 'survival',
       'variance']


def _case(onebyone, offset=0.0, targets=ALL, is_variable=False):
    class Case(testing.distribution_unittest):
        scipy_onebyone = onebyone
        shape = (2, 3)
        sample_shape = (2,)

        def setUp_configure(self):
            self.dist = lambda lam: ToyExponential(lam, offset)
            self.scipy_dist = ExponentialReference()
            lam = numpy.random.uniform(0.5, 2, self.shape).astype(numpy.float32)
            self.params = {'lam': lam}
            self.scipy_params = {'scale': 1 / lam.astype(numpy.float64)}
            self.support = 'positive'
            self.test_targets = set(targets)

        def sample_for_test(self):
            return numpy.random.uniform(0.1, 2, self.sample_shape + self.shape).astype(
                numpy.float32)
    Case.is_variable = is_variable
    return Case


def _run(case, names):
    suite = unittest.TestSuite(case(name) for name in names)
    return unittest.TextTestRunner(stream=open('/dev/null', 'w')).run(suite)


@pytest.mark.parametrize('onebyone', [False, True])
@pytest.mark.parametrize('is_variable', [False, True])
def test_right_implementation_passes_every_target(onebyone, is_variable):
    numpy.random.seed(0)
    names = ['test_{}_cpu'.format(t) for t in ALL]
    result = _run(_case(onebyone, is_variable=is_variable), names)
    assert result.wasSuccessful(), result.failures + result.errors
    assert not result.skipped


def test_wrong_mean_fails_and_unlisted_targets_skip():
    result = _run(_case(False, offset=0.5, targets=['mean']),
                  ['test_mean_cpu', 'test_variance_cpu'])
    assert len(result.failures) == 1 and 'test_mean_cpu' in str(result.failures[0][0])
    assert len(result.skipped) == 1


def test_unknown_target_is_refused():
    result = _run(_case(False, targets=['median']), ['test_mean_cpu'])
    assert len(result.errors) == 1 and 'invalid target' in result.errors[0][1]


def test_gpu_variants_carry_the_gpu_mark():
    marks = getattr(testing.distribution_unittest.test_mean_gpu, 'pytestmark', [])
    assert any(m.name == 'gpu' for m in marks)
