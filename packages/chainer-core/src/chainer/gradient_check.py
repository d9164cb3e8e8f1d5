"""Gradient checking: numerical gradients by central differences and
a check of a function's backward against them."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.utils._errors import ArgumentAssertionError


def _as_tuple(x):
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def numerical_grad(f, inputs, grad_outputs, eps=1e-3):
    """Computes numerical gradients by central differences.

    For every element ``x[i]`` of every input array, the function ``f`` (which reads
    the inputs in place and returns a tuple of output arrays) is evaluated at
    ``x[i] + eps`` and ``x[i] - eps``, and

    .. math:: g_i = \\sum_k \\frac{(y_k^+ - y_k^-) \\cdot gy_k}{2\\,\\epsilon}.

    Args:
        f (callable): returns a tuple of output arrays computed from ``inputs``.
        inputs (tuple of arrays): input arrays, perturbed in place (and restored).
        grad_outputs (tuple of arrays): output gradients (None entries are skipped;
            scalars are allowed).
        eps (float): the step (an int works too).

    Returns:
        tuple: gradient arrays, one per input, of the input dtypes.

    Raises:
        ValueError: for a non-positive ``eps`` (also an AssertionError, as in v1).
    """
    if not eps > 0:
        raise ArgumentAssertionError('eps must be positive, got {}'.format(eps))
    inputs = _as_tuple(inputs)
    grad_outputs = _as_tuple(grad_outputs)
    xp = cuda.get_array_module(*inputs)
    grads = [xp.zeros(x.shape, dtype=numpy.float64) for x in inputs]
    for x, gx in zip(inputs, grads):
        flat_x = x.reshape(-1)
        if x.size and not numpy.shares_memory(flat_x, x) and xp is numpy:
            raise ValueError('numerical_grad needs contiguous input arrays')
        flat_gx = gx.reshape(-1)
        for i in range(x.size):
            orig = flat_x[i].copy()
            flat_x[i] = orig + eps
            ys1 = _float64_copies(f())
            flat_x[i] = orig - eps
            ys2 = _float64_copies(f())
            flat_x[i] = orig
            total = 0.0
            for y1, y2, gy in zip(ys1, ys2, grad_outputs):
                if gy is None or y1 is None:
                    continue
                total += float(((y1 - y2) * _float64(gy)).sum())
            flat_gx[i] = total / (2 * eps)
    return tuple(g.astype(x.dtype, copy=False) for g, x in zip(grads, inputs))


def _float64(a):
    """A float64 copy of an array or of a Python scalar (v1 lets ``f`` return, and
    ``grad_outputs`` hold, plain numbers such as ``1``)."""
    return cuda.get_array_module(a).array(a, dtype=numpy.float64)


def _float64_copies(ys):
    return [None if y is None else _float64(y) for y in _as_tuple(ys)]


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that ``x`` and ``y`` are close: ``|x - y| <= atol + rtol * |y|``.

    Accepts numpy and GPU arrays (and scalars), broadcast against each other as
    numpy does; on failure the message shows the worst
    element and, with ``verbose``, both arrays.
    """
    x = _host_array(x)
    y = _host_array(y)
    try:
        # as numpy's (and v1's): a scalar or a broadcastable array compares elementwise
        x, y = numpy.broadcast_arrays(x, y)
    except ValueError:
        raise AssertionError('shapes differ: {} != {}'.format(x.shape, y.shape))
    try:
        numpy.testing.assert_allclose(x, y, atol=atol, rtol=rtol, verbose=verbose)
    except AssertionError as e:
        diff = numpy.abs(x.astype(numpy.float64) - y.astype(numpy.float64))
        tol = atol + rtol * numpy.abs(y.astype(numpy.float64))
        # plain ints: numpy 2 would print the index as (np.int64(1),)
        idx = tuple(int(i) for i in numpy.unravel_index(numpy.argmax(diff - tol),
                                                       diff.shape)) if diff.size else ()
        msg = '{}\nworst element at {}: x={}, y={}, |x-y|={}, atol={}, rtol={}'.format(
            e, idx, x[idx] if x.size else x, y[idx] if y.size else y,
            diff[idx] if diff.size else diff, atol, rtol)
        if verbose:
            msg += '\nx: {}\ny: {}'.format(x, y)
        raise AssertionError(msg)


def _host_array(a):
    if isinstance(a, (list, tuple)):
        return numpy.asarray(a)
    return numpy.asarray(cuda.to_cpu(a))


class _NoGradientError(AssertionError, TypeError):
    """Backward gave None where a gradient is checked. v1 failed there comparing None
    with an array, a TypeError that v1 tests expect."""


class _Gather(function.Function):
    """Identity over several outputs, so one backward reads all their gradients."""

    def forward(self, xs):
        return xs

    def backward(self, xs, gys):
        return gys


def check_backward(func, x_data, y_grad, params=(), eps=1e-3, atol=1e-5, rtol=1e-4,
                   no_grads=None, dtype=None):
    """Checks the backward of ``func`` against numerical gradients.

    Args:
        func (callable): takes Variables, returns a Variable or a tuple of them.
        x_data (array or tuple of arrays): input data.
        y_grad (array, tuple of arrays or None): output gradients (None for a
            single-element output, whose gradient is then one).
        params (~chainer.Variable or tuple): parameters (e.g. of a link) whose
            gradients are checked as well.
        eps (float): step of the central differences.
        atol (float): absolute tolerance.
        rtol (float): relative tolerance.
        no_grads (list of bool): inputs whose gradient must be None (by default the
            non-float inputs).
        dtype: inputs, output gradients and parameters are cast to this dtype for
            the numerical gradient (use float64 to check float16 functions); only
            float types and None are allowed.

    Raises:
        AssertionError: when an analytic gradient differs from the numerical one.
    """
    if dtype is not None and numpy.dtype(dtype).kind != 'f':
        raise ValueError('dtype of check_backward must be a float type or None, got '
                         '{}'.format(numpy.dtype(dtype)))
    x_data = _as_tuple(x_data)
    if y_grad is not None:
        y_grad = _as_tuple(y_grad)
    params = _as_tuple(params)
    xs = [variable.Variable(x) for x in x_data]
    for p in params:
        p.cleargrad()
    ys = _as_tuple(func(*xs))
    if y_grad is None:
        if len(ys) != 1 or ys[0].data.size != 1:
            raise ValueError('y_grad may be None only for a single one-element output')
        y_grad = (None,)
    if len(ys) != len(y_grad):
        raise ValueError('func returned {} outputs but {} gradients were given'.format(
            len(ys), len(y_grad)))
    gathered = _as_tuple(_Gather()(*ys))
    for y, gy in zip(gathered, y_grad):
        if gy is not None:
            y.grad = gy.copy()
        elif y.data.size == 1:
            xp = cuda.get_array_module(y.data)
            y.grad = xp.ones_like(y.data)
    gathered[0].backward()

    if no_grads is None:
        no_grads = [x.dtype.kind != 'f' for x in x_data]
    elif len(no_grads) != len(xs):
        raise ValueError('no_grads has {} entries for {} inputs'.format(
            len(no_grads), len(xs)))

    casted_xs = [_contiguous_copy(x, None if x.dtype.kind != 'f' else dtype)
                 for x in x_data]
    casted_gy = tuple(None if g is None else
                      (g if dtype is None else g.astype(dtype)) for g in y_grad)
    if len(y_grad) == 1 and y_grad[0] is None:
        casted_gy = (numpy.ones((), dtype=dtype or ys[0].data.dtype),)
    param_data = [p.data for p in params]
    casted_params = [_contiguous_copy(p.data, dtype) for p in params]

    def f():
        for p, d in zip(params, casted_params):
            p.data = d
        try:
            out = _as_tuple(func(*[variable.Variable(x) for x in casted_xs]))
            return tuple(y.data for y in out)
        finally:
            for p, d in zip(params, param_data):
                p.data = d

    for i, (x, skip) in enumerate(zip(xs, no_grads)):
        if skip:
            if x.grad is not None:
                raise AssertionError(
                    'input {} must get no gradient, but got one'.format(i))
            continue
        if x.grad is None:
            raise _NoGradientError('input {} got no gradient from backward'.format(i))
        gx, = numerical_grad(f, (casted_xs[i],), casted_gy, eps=eps)
        _assert_grad(gx, x.grad, atol, rtol, 'input {}'.format(i))
    for i, p in enumerate(params):
        if p.grad is None:
            raise AssertionError('param {} got no gradient from backward'.format(i))
        gp, = numerical_grad(f, (casted_params[i],), casted_gy, eps=eps)
        _assert_grad(gp, p.grad, atol, rtol, 'param {}'.format(i))


def _contiguous_copy(x, dtype):
    xp = cuda.get_array_module(x)
    return xp.array(x, dtype=dtype or x.dtype, order='C', copy=True)


def _assert_grad(numerical, analytic, atol, rtol, what):
    try:
        assert_allclose(numerical, analytic, atol=atol, rtol=rtol, verbose=False)
    except AssertionError as e:
        raise AssertionError('gradient of {} differs from the numerical one:\n{}'
                             .format(what, e))
