"""Numerically stable log-space helpers shared by the loss functions.

They are array-generic (numpy or CuPy through ``xp``) and tolerate ``-inf`` entries
(log of zero probability), which the CTC and CRF recursions rely on.
"""
import numpy

from chainer import cuda


def work_dtype(dtype):
    """Dtype for log-space recursions: float16 is widened to float32.

    Sums of many log-probabilities lose all precision in float16 (10-bit mantissa),
    so recursions over time run in float32 and the result is cast back.
    """
    dtype = numpy.dtype(dtype)
    if dtype == numpy.float16:
        return numpy.dtype(numpy.float32)
    return dtype


def logsumexp(a, axis, keepdims=False):
    """Returns ``log(sum(exp(a), axis))`` without overflow.

    The maximum along ``axis`` is subtracted first; an all ``-inf`` slice yields
    ``-inf`` (not NaN).
    """
    xp = cuda.get_array_module(a)
    m = a.max(axis=axis, keepdims=True)
    m = xp.where(xp.isfinite(m), m, m.dtype.type(0))
    with numpy.errstate(divide='ignore'):
        s = xp.log(xp.exp(a - m).sum(axis=axis, keepdims=True))
    out = s + m
    if not keepdims:
        out = out.squeeze(axis=axis)
    return out


def log_softmax(x, axis=1):
    """Returns ``x - logsumexp(x, axis)`` computed stably, in ``x``'s dtype."""
    return x - logsumexp(x, axis, keepdims=True)
