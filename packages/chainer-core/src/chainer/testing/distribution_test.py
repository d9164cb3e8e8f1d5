"""A test-case base checking a :class:`chainer.Distribution` against SciPy (v7 API).

A subclass describes one parameterization in ``setUp_configure``: ``self.dist`` (the
class), ``self.scipy_dist`` (the matching ``scipy.stats`` distribution), ``self.params``
and ``self.scipy_params`` (keyword arguments of each), ``self.test_targets`` (which of
:data:`TARGETS` to check), and ``sample_for_test()`` (values to evaluate functions
at); the parameterization gives ``shape`` (the batch shape), ``sample_shape`` and
``is_variable`` (whether the parameters are passed as Variables). Optional:
``self.event_shape``, ``self.support``, ``self.continuous`` (False compares with the
pmf), ``self.options`` (extra keyword arguments of the class only) and the class
attribute ``scipy_onebyone`` (call SciPy once per batch element, for SciPy
distributions that take no arrays of parameters).
"""
import unittest

import numpy

import chainer
from chainer.testing import array
from chainer.testing import attr

#: The names a subclass may list in ``test_targets``.
TARGETS = frozenset([
    'batch_shape', 'cdf', 'entropy', 'event_shape', 'icdf', 'log_cdf', 'log_prob',
    'log_survival', 'mean', 'prob', 'sample', 'stddev', 'support', 'survival',
    'variance'])

_SAMPLES = 100000


def _data(value):
    return value.array if isinstance(value, chainer.Variable) else value


def _size(shape):
    n = 1
    for size in shape:
        n *= size
    return n


class distribution_unittest(unittest.TestCase):
    """Checks each target of ``test_targets`` on the CPU (and on a GPU, marked gpu).

    Functions of a value (``cdf``, ``log_prob``, ...) are compared with the SciPy
    function of the same meaning at ``sample_for_test()``; ``icdf`` at uniform
    probabilities; properties with SciPy's ``mean``/``var``/``std``/``entropy``;
    ``sample`` by the mean and standard deviation of 100000 draws (3 % tolerance);
    ``batch_shape``, ``event_shape`` and ``support`` by equality.
    """

    scipy_onebyone = False

    def setUp(self):
        """Sets the defaults, calls ``setUp_configure`` and checks the targets."""
        self.support = 'real'
        if not hasattr(self, 'event_shape'):
            self.event_shape = ()
        self.continuous = True
        self.test_targets = set()
        self.options = {}
        self.setUp_configure()
        unknown = set(self.test_targets) - TARGETS
        if unknown:
            raise ValueError('invalid target(s): {}'.format(sorted(unknown)))
        if self.is_variable:
            self.params = {name: chainer.Variable(value)
                           for name, value in self.params.items()}

    def setUp_configure(self):
        """Sets ``dist``, ``scipy_dist``, ``params``, ``scipy_params`` and
        ``test_targets`` (a subclass defines it)."""
        raise unittest.SkipTest('setUp_configure is not defined')

    # -- building the distribution ------------------------------------------------

    def _make(self, to_device):
        params = {}
        for name, value in self.params.items():
            value = to_device(_data(value))
            params[name] = chainer.Variable(value) if self.is_variable else value
        params.update(self.options)
        return self.dist(**params)

    @property
    def cpu_dist(self):
        """The distribution under test, with the parameters on the CPU."""
        params = dict(self.params)
        params.update(self.options)
        return self.dist(**params)

    @property
    def gpu_dist(self):
        """The distribution under test, with the parameters on the current GPU."""
        from chainer.backends import cuda
        return self._make(cuda.to_gpu)

    def _dist(self, gpu):
        return self.gpu_dist if gpu else self.cpu_dist

    def _to(self, gpu, x):
        if gpu:
            from chainer.backends import cuda
            return cuda.to_gpu(x)
        return x

    def _skip_unless(self, target):
        if target not in self.test_targets:
            self.skipTest('{!r} is not in test_targets'.format(target))

    def scipy_onebyone_params_iter(self):
        """Yields ``scipy_params`` of each batch element in turn."""
        for index in numpy.ndindex(*self.shape):
            yield {name: value[index] for name, value in self.scipy_params.items()}

    # -- the reference values -----------------------------------------------------

    def _scipy_property(self, name, shape):
        method = getattr(self.scipy_dist, name)
        if not self.scipy_onebyone:
            return method(**self.scipy_params)
        values = [numpy.asarray(method(**p))
                  for p in self.scipy_onebyone_params_iter()]
        return numpy.stack(values).reshape(shape)

    def _scipy_log_prob(self, smp):
        function = getattr(self.scipy_dist, 'logpdf' if self.continuous else 'logpmf')
        if not self.scipy_onebyone:
            return function(smp, **self.scipy_params)
        n_sample, n_batch = _size(self.sample_shape), _size(self.shape)
        per_batch = smp.reshape((n_sample, n_batch) + tuple(self.event_shape))
        out = numpy.empty((n_sample, n_batch))
        for b, p in enumerate(self.scipy_onebyone_params_iter()):
            out[:, b] = numpy.asarray(function(per_batch[:, b], **p)).reshape(n_sample)
        return out.reshape(tuple(self.sample_shape) + tuple(self.shape))

    def _scipy_samples(self):
        event_shape = tuple(self.cpu_dist.event_shape)
        lead = (_SAMPLES,) + tuple(self.sample_shape)
        if not self.scipy_onebyone:
            return self.scipy_dist.rvs(size=lead + tuple(self.shape), **self.scipy_params)
        draws = [numpy.asarray(self.scipy_dist.rvs(size=lead, **p)).reshape(
            lead + event_shape) for p in self.scipy_onebyone_params_iter()]
        stacked = numpy.stack(draws, axis=len(lead))
        return stacked.reshape(lead + tuple(self.shape) + event_shape)

    # -- the checks ----------------------------------------------------------------

    def _check_value_function(self, gpu, method, scipy_name):
        smp = self.sample_for_test()
        got = getattr(self._dist(gpu), method)(self._to(gpu, smp))
        expected = getattr(self.scipy_dist, scipy_name)(smp, **self.scipy_params)
        array.assert_allclose(_data(got), expected)

    def check_batch_shape(self, gpu):
        """``batch_shape`` equals ``self.shape``."""
        self.assertEqual(self._dist(gpu).batch_shape, self.shape)

    def check_event_shape(self, gpu):
        """``event_shape`` equals ``self.event_shape``."""
        self.assertEqual(self._dist(gpu).event_shape, self.event_shape)

    def check_support(self, gpu):
        """``support`` equals ``self.support``."""
        self.assertEqual(self._dist(gpu).support, self.support)

    def check_cdf(self, gpu):
        """``cdf`` against SciPy's ``cdf``."""
        self._check_value_function(gpu, 'cdf', 'cdf')

    def check_log_cdf(self, gpu):
        """``log_cdf`` against SciPy's ``logcdf``."""
        self._check_value_function(gpu, 'log_cdf', 'logcdf')

    def check_survival(self, gpu):
        """``survival_function`` against SciPy's ``sf``."""
        self._check_value_function(gpu, 'survival_function', 'sf')

    def check_log_survival(self, gpu):
        """``log_survival_function`` against SciPy's ``logsf``."""
        self._check_value_function(gpu, 'log_survival_function', 'logsf')

    def check_prob(self, gpu):
        """``prob`` against SciPy's ``pdf`` (``pmf`` when not continuous)."""
        self._check_value_function(gpu, 'prob', 'pdf' if self.continuous else 'pmf')

    def check_log_prob(self, gpu):
        """``log_prob`` against SciPy's ``logpdf`` (``logpmf``)."""
        smp = self.sample_for_test()
        got = self._dist(gpu).log_prob(self._to(gpu, smp))
        array.assert_allclose(_data(got), self._scipy_log_prob(smp))

    def check_icdf(self, gpu):
        """``icdf`` at uniform probabilities against SciPy's ``ppf``."""
        shape = tuple(self.sample_shape) + tuple(self.shape)
        q = numpy.random.uniform(1e-5, 1 - 1e-5, shape).astype(numpy.float32)
        got = self._dist(gpu).icdf(self._to(gpu, q))
        array.assert_allclose(_data(got), self.scipy_dist.ppf(q, **self.scipy_params))

    def _check_property(self, gpu, name, scipy_name):
        dist = self._dist(gpu)
        shape = tuple(self.shape) + tuple(dist.event_shape)
        got = _data(getattr(dist, name))
        array.assert_allclose(got, self._scipy_property(scipy_name, shape))

    def check_entropy(self, gpu):
        """``entropy`` against SciPy's ``entropy``."""
        dist = self._dist(gpu)
        got = _data(dist.entropy)
        array.assert_allclose(got, self._scipy_property('entropy', tuple(self.shape)))

    def check_mean(self, gpu):
        """``mean`` against SciPy's ``mean``."""
        self._check_property(gpu, 'mean', 'mean')

    def check_variance(self, gpu):
        """``variance`` against SciPy's ``var``."""
        self._check_property(gpu, 'variance', 'var')

    def check_stddev(self, gpu):
        """``stddev`` against SciPy's ``std``."""
        got = _data(self._dist(gpu).stddev)
        array.assert_allclose(got, self.scipy_dist.std(**self.scipy_params))

    def check_sample(self, gpu):
        """The mean and standard deviation of 100000 samples against SciPy's ``rvs``."""
        shape = (_SAMPLES,) + tuple(self.sample_shape)
        got = _data(self._dist(gpu).sample(sample_shape=shape))
        if gpu:
            from chainer.backends import cuda
            got = cuda.to_cpu(got)
        expected = self._scipy_samples()
        array.assert_allclose(got.mean(axis=0), expected.mean(axis=0),
                              atol=3e-2, rtol=3e-2)
        array.assert_allclose(got.std(axis=0), expected.std(axis=0),
                              atol=3e-2, rtol=3e-2)


def _make_tests(target):
    check_name = 'check_' + target

    def test_cpu(self):
        self._skip_unless(target)
        getattr(self, check_name)(False)

    @attr.gpu
    def test_gpu(self):
        self._skip_unless(target)
        getattr(self, check_name)(True)

    test_cpu.__name__ = 'test_{}_cpu'.format(target)
    test_gpu.__name__ = 'test_{}_gpu'.format(target)
    test_cpu.__doc__ = 'Checks {} on the CPU.'.format(target)
    test_gpu.__doc__ = 'Checks {} on a GPU.'.format(target)
    return test_cpu, test_gpu


for _target in sorted(TARGETS):
    for _test in _make_tests(_target):
        setattr(distribution_unittest, _test.__name__, _test)
del _target, _test
