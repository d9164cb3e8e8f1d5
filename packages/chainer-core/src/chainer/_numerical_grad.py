"""Numerical gradients by finite differences (``chainer.gradient_check.numerical_grad``).

Each input element is moved by ``-eps`` and ``+eps`` (central differences, error of
order ``eps**2``); with ``detect_nondifferentiable`` the function is also evaluated at
``+-eps/2`` and at the point itself. Those five samples give a gradient accurate to the
fourth order, and a quadratic fitted through them tells a smooth function from a kink,
a jump or a pole: a fitting error larger than the tolerance (relative to the spread of
the outputs), or an output that is finite at some samples and not at others, raises
:class:`NondifferentiableError`.
"""
import numpy

from chainer import _array_types
from chainer import cuda
from chainer.configuration import using_config
from chainer.utils._errors import ArgumentAssertionError


class NondifferentiableError(Exception):
    """Raised by :func:`numerical_grad` (and the gradient checks) when the function is
    not differentiable at the point where its gradient is computed."""


def _to_float64(values):
    """float64 copies of the outputs of ``f`` (None kept; numbers become 0-d arrays)."""
    out = []
    for y in values:
        if y is None:
            out.append(None)
        else:
            out.append(cuda.get_array_module(y).array(y, dtype=numpy.float64, copy=True))
    return out


def _grad_output_float64(g):
    if g is None:
        return None
    if numpy.isscalar(g):
        return numpy.float64(g)
    return g.astype(numpy.float64)


def numerical_grad(f, inputs, grad_outputs, eps=1e-3, detect_nondifferentiable=False,
                   diff_atol=0, diff_rtol=1e-2, center_outputs=None):
    """Computes numerical gradients by finite differences.

    For every element ``x[i]`` of every input, ``f`` (which reads the inputs in place
    and returns a tuple of output arrays) is evaluated with ``x[i]`` moved, and

    .. math:: g_i = \\sum_k \\frac{(y_k(x_i + \\epsilon) - y_k(x_i - \\epsilon))
              \\cdot gy_k}{2\\,\\epsilon}.

    Args:
        f (callable): no arguments; returns a tuple of outputs (arrays, numbers or
            None) computed from ``inputs``.
        inputs (tuple or list of arrays): float arrays, moved in place element by
            element and restored.
        grad_outputs (tuple of arrays or scalars): the gradient of each output (None
            entries are skipped).
        eps (float): the step (an int works too).
        detect_nondifferentiable (bool): also evaluate at ``+-eps/2`` and at the
            point, use the fourth-order formula, and raise
            :class:`NondifferentiableError` where ``f`` is not differentiable.
        diff_atol (float): absolute tolerance of the quadratic fitting error in that
            detection.
        diff_rtol (float): the same, relative to the spread of each output.
        center_outputs: accepted for compatibility and ignored (the outputs at the
            point are always recomputed in float64).

    Returns:
        tuple: gradient arrays, one per input, of the input dtypes.

    Raises:
        ValueError: a non-positive ``eps`` (also an AssertionError, as in v1).
        RuntimeError: a non-float input, or CPU and GPU arrays mixed.
        NondifferentiableError: see ``detect_nondifferentiable``.
    """
    if not eps > 0:
        raise ArgumentAssertionError('eps must be positive, got {}'.format(eps))
    if not isinstance(inputs, (tuple, list)):
        inputs = (inputs,)
    inputs = tuple(inputs)
    if not isinstance(grad_outputs, (tuple, list)):
        grad_outputs = (grad_outputs,)
    for x in inputs:
        if x.dtype.kind != 'f':
            raise RuntimeError('numerical_grad needs float input arrays, got {}'.format(
                x.dtype))
    grad_outputs = tuple([_grad_output_float64(g) for g in grad_outputs])
    arrays = [a for a in inputs + grad_outputs
              if a is not None and not numpy.isscalar(a)]
    if not _array_types.is_arrays_compatible(arrays):
        raise RuntimeError('numerical_grad: do not mix CPU and GPU arrays')
    xp = cuda.get_array_module(*arrays) if arrays else numpy
    grads = [xp.zeros(x.shape, dtype=numpy.float64) for x in inputs]

    with using_config('type_check', False):
        center = _to_float64(f()) if detect_nondifferentiable else None
        for i_in, (x, gx) in enumerate(zip(inputs, grads)):
            for index in numpy.ndindex(x.shape):
                _one_element(f, x, gx, index, i_in, grad_outputs, eps, center,
                             diff_atol, diff_rtol, xp)
    return tuple([g.astype(x.dtype, copy=False) for g, x in zip(grads, inputs)])


def _sample(f, x, index, orig, delta, n_grads):
    x[index] = orig + delta
    try:
        ys = _to_float64(f())
    finally:
        x[index] = orig
    if len(ys) != n_grads:
        raise ValueError('f returned {} outputs but {} output gradients were given'
                         .format(len(ys), n_grads))
    return ys


def _one_element(f, x, gx, index, i_in, grad_outputs, eps, center, diff_atol,
                 diff_rtol, xp):
    orig = x[index].copy()
    n = len(grad_outputs)
    if center is None:
        samples = [_sample(f, x, index, orig, -eps, n),
                   _sample(f, x, index, orig, eps, n)]
    else:
        samples = [_sample(f, x, index, orig, -eps, n),
                   _sample(f, x, index, orig, -eps * .5, n), center,
                   _sample(f, x, index, orig, eps * .5, n),
                   _sample(f, x, index, orig, eps, n)]
        if any(y is not None and y.size for y in samples[0]):
            _check_differentiable(samples, i_in, x, index, eps, diff_atol, diff_rtol, xp)
    total = 0.0
    for k, gy in enumerate(grad_outputs):
        if gy is None or samples[0][k] is None:
            continue
        for ys in samples:
            if ys[k] is not None and not numpy.isscalar(gy) and \
                    ys[k].shape != gy.shape and ys[k].ndim:
                raise ValueError('output {} has shape {} but its gradient has shape {}'
                                 .format(k, ys[k].shape, gy.shape))
        if len(samples) == 2:
            diff = (samples[1][k] - samples[0][k]) / (2 * eps)
        else:
            diff = (8 * (samples[3][k] - samples[1][k]) -
                    (samples[4][k] - samples[0][k])) / (6 * eps)
        total = total + (diff * gy).sum()
    gx[index] = total


def _describe(samples, k, i_in, x, index, eps):
    lines = ['Tried to compute the numeric gradient on a non-differentiable point.',
             'input {} (x = {}), index {}, output {}, eps {}'.format(
                 i_in, x, index, k, eps)]
    for label, ys in zip(('x-eps', 'x-eps/2', 'x', 'x+eps/2', 'x+eps'), samples):
        lines.append('y[{}]: {}'.format(label, ys[k]))
    return lines


def _check_differentiable(samples, i_in, x, index, eps, diff_atol, diff_rtol, xp):
    outs = [k for k, y in enumerate(samples[0]) if y is not None]
    any_nonfinite = False
    for k in outs:
        finite = [xp.isfinite(ys[k]) for ys in samples]
        if any(bool((finite[0] != fin).any()) for fin in finite[1:]):
            raise NondifferentiableError('\n'.join(
                _describe(samples, k, i_in, x, index, eps) +
                ['(finite at some of the points and not at others)']))
        any_nonfinite = any_nonfinite or not all(bool(fin.all()) for fin in finite)
    if any_nonfinite:
        return  # consistently non-finite somewhere: no fit possible, not a kink
    for k in outs:
        stack = numpy.stack([numpy.asarray(cuda.to_cpu(ys[k])).ravel()
                             for ys in samples])
        if stack.shape[1] == 0:
            continue
        _, (residuals, _, _, _) = numpy.polynomial.polynomial.polyfit(
            numpy.arange(len(samples)), stack, deg=2, full=True)
        if residuals.size == 0:  # exact fit
            continue
        residuals = numpy.sqrt(residuals / len(samples))
        spread = stack.max(axis=0) - stack.min(axis=0)
        bad = (diff_atol + diff_rtol * spread < residuals) & (spread != 0)
        if bad.any():
            raise NondifferentiableError('\n'.join(
                _describe(samples, k, i_in, x, index, eps) +
                ['fitting errors: {}'.format(residuals.reshape(samples[0][k].shape)),
                 'tolerance: diff_atol + diff_rtol * (ymax - ymin) = {}'.format(
                     (diff_atol + diff_rtol * spread).reshape(samples[0][k].shape))]))
