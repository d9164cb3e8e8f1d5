"""Gradient checking: numerical gradients by finite differences
(:func:`numerical_grad`), and checks of a function's first
(:func:`check_backward`) and second (:func:`check_double_backward`) derivatives
against them."""
import numpy

from chainer import cuda
from chainer import function_node
from chainer._check_backward import _CheckBackward, as_tuple as _as_tuple
from chainer._check_backward import check_outputs_and_grads as _check_outputs_and_grads
from chainer._numerical_grad import NondifferentiableError, numerical_grad

__all__ = ['NondifferentiableError', 'assert_allclose', 'check_backward',
           'check_double_backward', 'numerical_grad']


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




def check_backward(func, x_data, y_grad, params=(), eps=1e-3, atol=1e-5, rtol=1e-4,
                   no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Checks the backward of ``func`` against a numerical derivative.

    ``func`` is called on Variables made from ``x_data``, its outputs are given
    ``y_grad`` and backprop runs. The derivative along a random unit direction ``r``
    (over the checked inputs and ``params`` together) is then taken twice: from the
    backprop gradients, :math:`\\sum_i g_i \\cdot r_i`, and numerically, from
    ``func`` evaluated at ``x - eps r`` and ``x + eps r``
    (:func:`numerical_grad`). Both must agree within ``atol + rtol * |backprop|``.

    Args:
        func (callable): takes Variables, returns a Variable or a tuple of them (a
            Function, FunctionNode wrapper or Link works). It is called several
            times, so it must be deterministic.
        x_data (array or tuple of arrays): input data (None entries are passed as
            None).
        y_grad (array, tuple of arrays or None): output gradients, of the outputs'
            shapes and dtypes; None for a single one-element output (a loss),
            whose gradient is then one.
        params (~chainer.Variable or tuple): parameters (e.g. of a link) whose
            gradients are checked as well; they are moved in place for the
            numerical derivative and restored.
        eps (float): step of the finite differences.
        atol (float): absolute tolerance.
        rtol (float): relative tolerance.
        no_grads (list of bool): one per input: True where backward must give no
            gradient (by default the non-float inputs). Those inputs are not moved.
        dtype: the float dtype that inputs, output gradients and parameters are cast
            to for the numerical derivative (float64 checks a float16 function more
            precisely); None keeps theirs. Integer inputs are never cast.
        detect_nondifferentiable (bool): raise
            :class:`NondifferentiableError` where ``func`` is not differentiable at
            ``x_data`` (five evaluations instead of two).

    Raises:
        AssertionError: the derivatives differ, or a checked input got no gradient
            (that error is also a TypeError, as in v1).
        RuntimeError: an input in ``no_grads`` got a gradient.
        ValueError: the output gradients do not match the outputs in number, shape or
            dtype, or ``dtype`` is not a float type.
    """
    # (a gradient left None counts as zeros, as in v3+: it must then match a zero
    # numerical gradient)
    _CheckBackward(func, x_data, y_grad, params, eps, atol, rtol, no_grads, dtype,
                   detect_nondifferentiable, none_grad_is_zero=True).run()


def check_double_backward(func, x_data, y_grad, x_grad_grad, params=(),
                          params_grad_grad=(), eps=1e-3, atol=1e-4, rtol=1e-3,
                          no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Checks the second derivative of ``func``: the backward of its backward.

    The first-order gradients of ``func`` (computed by a backprop with
    ``enable_double_backprop``, as a function of the inputs and of the output
    gradients) are checked with :func:`check_backward`, ``x_grad_grad`` and
    ``params_grad_grad`` playing the output gradients; a second-order gradient of
    None counts as zero. The first-order gradients themselves are assumed correct:
    check them with :func:`check_backward` first.

    Args:
        func, x_data, y_grad, params, eps, no_grads, dtype, detect_nondifferentiable:
            as in :func:`check_backward` (``no_grads``, when given, has one entry per
            input and per output gradient, in that order).
        x_grad_grad (array or tuple of arrays): the gradient given to the
            first-order gradient of each input whose gradient is taken.
        params_grad_grad (array or tuple of arrays): the same for ``params``.
        atol (float): absolute tolerance (looser by default than
            :func:`check_backward`'s: second numerical derivatives are less
            precise).
        rtol (float): relative tolerance.

    Raises:
        AssertionError: the second derivatives differ.
        RuntimeError: an input of non-float dtype got a first-order gradient, or the
            backward of some function in the graph cannot be differentiated (a v1
            ``Function`` with an array backward: the error names it).
    """
    xs = _as_tuple(x_data)
    params = _as_tuple(params)
    gys = _as_tuple(y_grad)
    ggxs = _as_tuple(x_grad_grad)
    ggparams = _as_tuple(params_grad_grad)
    n_x = len(xs)
    skip_first = [x is not None and x.dtype.kind != 'f' for x in xs]

    def first_order_grad(*inputs):
        from chainer import _backward_outputs
        in_vars = inputs[:n_x]
        ys = _as_tuple(func(*in_vars))
        grads = [None if gy is None else _cast_to(gy, y.dtype)
                 for y, gy in zip(ys, inputs[n_x:])]
        _check_outputs_and_grads(ys, grads)
        _backward_outputs.backward_outputs(list(ys), grads, enable_double_backprop=True)
        result = []
        for i, (skip, x) in enumerate(zip(skip_first, in_vars)):
            if skip:
                if x.grad is not None:
                    raise RuntimeError(
                        'check_double_backward: input {} ({}) got a first-order '
                        'gradient'.format(i, x.dtype))
            else:
                result.append(None if x.grad is None else x.grad_var)
        return tuple(result + [p.grad_var for p in params])

    try:
        # a gradient of None is a zero one here: second derivatives often are
        _CheckBackward(first_order_grad, xs + gys, ggxs + ggparams, params, eps, atol,
                       rtol, no_grads, dtype, detect_nondifferentiable,
                       none_grad_is_zero=True).run()
    except AssertionError as e:
        lines = ['check_double_backward failed (eps={} atol={} rtol={})'.format(
            eps, atol, rtol)]
        for label, values in (('input', xs), ('grad_output', gys),
                              ('grad_grad_input', ggxs),
                              ('grad_grad_param', ggparams)):
            for i, v in enumerate(values):
                lines.append('{}[{}]:\n{}'.format(label, i, v))
        raise AssertionError('\n'.join(lines) + '\n\n' + str(e)) from e


def _cast_to(v, dtype):
    """``v`` (a Variable) in ``dtype``, differentiably (the numerical check may give
    float64 output gradients to a float32 function)."""
    if v.dtype == dtype:
        return v
    return _Cast(dtype).apply((v,))[0]


class _Cast(function_node.FunctionNode):
    """Casts to a dtype; its backward casts the gradient back."""

    def __init__(self, dtype):
        self._dtype = numpy.dtype(dtype)

    def forward(self, inputs):
        x, = inputs
        self._in_dtype = x.dtype
        return x.astype(self._dtype),

    def backward(self, target_input_indexes, grad_outputs):
        gy, = grad_outputs
        return _Cast(self._in_dtype).apply((gy,))
