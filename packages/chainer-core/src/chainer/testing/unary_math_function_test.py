"""A class decorator generating the standard tests of a unary elementwise function."""
import sys
import unittest
import warnings

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
    """Input, output gradient and second-order input gradient, uniform in [-1, 1]."""
    return tuple(numpy.random.uniform(-1, 1, shape).astype(dtype) for _ in range(3))


def _is_v1_function(func):
    """A v1 :class:`~chainer.Function` instance (the v1 form), not a plain function
    such as ``F.sin`` (v5+)."""
    return chainer.Function in type(func).__mro__  # twice-differentiable ones too


def _func_name(func):
    """A plain function's name, else the lower-cased class name of the object."""
    if _is_v1_function(func) or not isinstance(getattr(func, '__name__', None), str):
        return type(func).__name__.lower()
    return func.__name__


def _func_class(func):
    """The function-node class whose ``label`` is checked: the class of a v1 Function;
    for a plain function, the capitalized name in its own module or in
    :mod:`chainer.functions` (where loaded), else None (no label test)."""
    if _is_v1_function(func):
        return type(func)
    name = _func_name(func).capitalize()
    for module_name in (getattr(func, '__module__', None), 'chainer.functions'):
        cls = getattr(sys.modules.get(module_name or ''), name, None)
        if isinstance(cls, type):
            return cls
    return None


def _numpy_counterpart(func):
    name = _func_name(func)
    expected = getattr(numpy, name, None)
    if expected is None:
        raise ValueError('numpy has no function {!r} to check {} against; pass '
                         'func_expected'.format(name, name))
    return expected


def _default_options(dtype):
    """Forward, backward and double-backward options by dtype: float16 gradients are
    checked in float64 with a step and tolerances float16 can resolve."""
    if dtype == numpy.float16:
        eps16 = float(numpy.finfo(numpy.float16).eps)
        grad = {'eps': 2 ** -4, 'atol': 2 ** -4, 'rtol': 2 ** -4, 'dtype': numpy.float64}
        return {'atol': eps16, 'rtol': eps16}, grad, dict(grad)
    grad = {'atol': 1e-4, 'rtol': 1e-4, 'dtype': numpy.float64}
    return {'atol': 1e-4, 'rtol': 1e-4}, grad, dict(grad)


def _squared(func):
    """``func(x) ** 2``: a linear function's double backward checked through a
    non-linear one (v7's deprecated ``is_linear``)."""
    def squared(x):
        y = func(x)
        return y * y
    return squared


def _test_methods(func, func_expected, label_expected, make_data, options,
                  double_backward_func):
    """The methods injected into the decorated class (names as in Chainer v1/v7)."""
    v1_style = _is_v1_function(func)
    forward_options, backward_options, double_backward_options = options
    func_class = _func_class(func)

    def setUp(self):
        data = make_data(self.shape, self.dtype)
        if v1_style:
            self.x, self.gy = data[:2]
        else:
            self.x, self.gy, self.ggx = data
        defaults = _default_options(self.dtype)
        self.forward_options = dict(defaults[0], **(forward_options or {}))
        self.backward_options = dict(defaults[1], **(backward_options or {}))
        self.double_backward_options = dict(defaults[2],
                                            **(double_backward_options or {}))

    def check_forward(self, x_data):
        y = func(chainer.Variable(x_data))
        assert y.data.dtype == x_data.dtype
        expected = func_expected(cuda.to_cpu(x_data), dtype=x_data.dtype)
        gradient_check.assert_allclose(expected, y.data, **self.forward_options)

    def check_backward(self, x_data, y_grad):
        gradient_check.check_backward(func, x_data, y_grad, **self.backward_options)

    def check_double_backward(self, x_data, y_grad, x_grad_grad):
        gradient_check.check_double_backward(double_backward_func, x_data, y_grad,
                                             x_grad_grad, **self.double_backward_options)

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

    def test_double_backward_cpu(self):
        self.check_double_backward(self.x, self.gy, self.ggx)

    @attr.gpu
    def test_double_backward_gpu(self):
        self.check_double_backward(cuda.to_gpu(self.x), cuda.to_gpu(self.gy),
                                   cuda.to_gpu(self.ggx))

    def test_label(self):
        label = func.label if v1_style else func_class().label
        assert label == label_expected

    methods = [setUp, check_forward, check_backward, test_forward_cpu,
               test_forward_gpu, test_backward_cpu, test_backward_gpu]
    if not v1_style:  # a v1 Function's backward works on arrays: no second order
        methods += [check_double_backward, test_double_backward_cpu,
                    test_double_backward_gpu]
    if func_class is not None:
        methods.append(test_label)
    return {f.__name__: f for f in methods}


def unary_math_function_unittest(func, func_expected=None, label_expected=None,
                                 make_data=None, is_linear=None, forward_options=None,
                                 backward_options=None, double_backward_options=None):
    """Class decorator testing the unary elementwise function ``func``.

    The decorated :class:`unittest.TestCase` gets ``setUp``, ``check_forward``,
    ``check_backward`` and the tests ``test_forward_cpu/gpu``,
    ``test_backward_cpu/gpu``; for a plain function (v5+: ``F.sin``) also
    ``check_double_backward`` and ``test_double_backward_cpu/gpu``; and
    ``test_label`` where the function's class is known. It is parameterized over
    the shapes ``(3, 2)`` and ``()`` and the dtypes float16/32/64. Forward is
    compared with ``func_expected``, gradients checked by
    :mod:`chainer.gradient_check`; the v1 stochastic tests are retried.

    Args:
        func: the function under test (one input, one output of the same dtype,
            elementwise): a plain function such as ``F.sin`` or a v1
            :class:`~chainer.Function` instance such as ``F.Sin()``.
        func_expected: reference ``f(x, dtype=...)``; by default the numpy function of
            the same name (``F.sin``/``F.Sin()`` -> ``numpy.sin``).
        label_expected (str): expected label of the function; by default its
            (lower-cased class) name.
        make_data: ``make_data(shape, dtype)`` returning ``(x, gy, ggx)`` (``(x, gy)``
            is enough for a v1 Function); by default all uniform in [-1, 1].
        is_linear (bool): deprecated (v7): check the double backward of
            ``func(x) ** 2`` instead of ``func``.
        forward_options (dict): tolerances of
            :func:`~chainer.testing.assert_allclose`, over the defaults by dtype.
        backward_options (dict): arguments of
            :func:`~chainer.gradient_check.check_backward`, over the defaults.
        double_backward_options (dict): arguments of
            :func:`~chainer.gradient_check.check_double_backward`, over the
            defaults.

    Raises:
        ValueError: ``func_expected`` is None and numpy has no such function, or
            ``label_expected`` is given for a function whose class is unknown.
    """
    if func_expected is None:
        func_expected = _numpy_counterpart(func)
    if label_expected is None:
        label_expected = _func_name(func)
    elif _func_class(func) is None:
        raise ValueError('label_expected is given, but the class of {!r} (whose label '
                         'it would be) is unknown'.format(func))
    if is_linear is not None:
        warnings.warn('is_linear option is deprecated', DeprecationWarning, stacklevel=2)
    methods = _test_methods(
        func, func_expected, label_expected, make_data or _uniform_data,
        (forward_options, backward_options, double_backward_options),
        _squared(func) if is_linear else func)

    def decorator(klass):
        if not issubclass(klass, unittest.TestCase):
            raise TypeError('unary_math_function_unittest decorates unittest.TestCase '
                            'classes, got {!r}'.format(klass))
        for name, method in methods.items():
            setattr(klass, name, method)
        return parameterized.parameterize(*_CASES)(klass)
    return decorator
