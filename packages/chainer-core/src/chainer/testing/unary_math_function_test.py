"""A class decorator generating the standard tests of a unary elementwise function."""
import unittest

import numpy

import chainer
from chainer import cuda
from chainer import gradient_check
from chainer.testing import attr
from chainer.testing import condition
from chainer.testing import parameterized

#: The parameterization every decorated class gets: a 2-D and a 0-D input per dtype.
_CASES = parameterized.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
})


def _uniform_data(shape, dtype):
    """Input and output gradient, both uniform in [-1, 1]."""
    x = numpy.random.uniform(-1, 1, shape).astype(dtype)
    gy = numpy.random.uniform(-1, 1, shape).astype(dtype)
    return x, gy


def _numpy_counterpart(func):
    name = type(func).__name__.lower()
    expected = getattr(numpy, name, None)
    if expected is None:
        raise ValueError('numpy has no function {!r} to check {} against; pass '
                         'func_expected'.format(name, type(func).__name__))
    return expected


def _backward_options(dtype):
    # float16 gradients are checked in float64 with a step and tolerances float16 can
    # resolve.
    if dtype == numpy.float16:
        return {'eps': 2 ** -4, 'atol': 2 ** -4, 'rtol': 2 ** -4,
                'dtype': numpy.float64}
    return {'atol': 1e-4, 'rtol': 1e-4}


def _test_methods(func, func_expected, label_expected, make_data):
    """The methods injected into the decorated class (names as in Chainer v1)."""

    def setUp(self):
        self.x, self.gy = make_data(self.shape, self.dtype)
        self.backward_options = _backward_options(self.dtype)

    def check_forward(self, x_data):
        y = func(chainer.Variable(x_data))
        assert y.data.dtype == x_data.dtype
        expected = func_expected(cuda.to_cpu(x_data), dtype=x_data.dtype)
        gradient_check.assert_allclose(expected, y.data, atol=1e-4, rtol=1e-4)

    def check_backward(self, x_data, y_grad):
        gradient_check.check_backward(func, x_data, y_grad, **self.backward_options)

    @condition.retry(3)
    def test_forward_cpu(self):
        self.check_forward(self.x)

    @attr.gpu
    @condition.retry(3)
    def test_forward_gpu(self):
        self.check_forward(cuda.to_gpu(self.x))

    @condition.retry(3)
    def test_backward_cpu(self):
        self.check_backward(self.x, self.gy)

    @attr.gpu
    @condition.retry(3)
    def test_backward_gpu(self):
        self.check_backward(cuda.to_gpu(self.x), cuda.to_gpu(self.gy))

    def test_label(self):
        assert func.label == label_expected

    return {f.__name__: f for f in (
        setUp, check_forward, check_backward, test_forward_cpu, test_forward_gpu,
        test_backward_cpu, test_backward_gpu, test_label)}


def unary_math_function_unittest(func, func_expected=None, label_expected=None,
                                 make_data=None):
    """Class decorator testing the unary elementwise function ``func``.

    The decorated :class:`unittest.TestCase` gets ``setUp``, ``check_forward``,
    ``check_backward`` and the tests ``test_forward_cpu/gpu``,
    ``test_backward_cpu/gpu`` and ``test_label``, and is parameterized over the
    shapes ``(3, 2)`` and ``()`` and the dtypes float16/32/64. Forward is compared
    with ``func_expected``, backward checked by
    :func:`chainer.gradient_check.check_backward`; stochastic tests are retried.

    Args:
        func (~chainer.Function): the function under test (one input, one output of
            the same dtype, elementwise).
        func_expected: reference ``f(x, dtype=...)``; by default the numpy function
            named as ``func``'s class, lower-cased (``F.Sin()`` -> ``numpy.sin``).
        label_expected (str): expected ``func.label``; by default the lower-cased
            class name.
        make_data: ``make_data(shape, dtype) -> (x, gy)``; by default both uniform
            in [-1, 1].

    Raises:
        ValueError: when ``func_expected`` is None and numpy has no such function.
    """
    if func_expected is None:
        func_expected = _numpy_counterpart(func)
    if label_expected is None:
        label_expected = type(func).__name__.lower()
    methods = _test_methods(func, func_expected, label_expected,
                            make_data or _uniform_data)

    def decorator(klass):
        if not issubclass(klass, unittest.TestCase):
            raise TypeError('unary_math_function_unittest decorates unittest.TestCase '
                            'classes, got {!r}'.format(klass))
        for name, method in methods.items():
            setattr(klass, name, method)
        return parameterized.parameterize(*_CASES)(klass)
    return decorator
