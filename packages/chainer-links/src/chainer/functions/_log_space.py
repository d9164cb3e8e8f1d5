"""Numerically stable log-space helpers shared by the activations (softmax,
log_softmax), math (logsumexp) and the losses (softmax cross entropy, CTC, CRF,
BlackOut).

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


def shift_by_max(a, axis):
    """Returns ``(a - m, m)`` with ``m`` the maximum of ``a`` along ``axis`` (kept as a
    length-1 axis): every shifted entry is <= 0, so its exponential cannot overflow.

    A slice whose maximum is not finite (all ``-inf``) is shifted by zero instead, so
    that it stays ``-inf`` rather than turning into NaN.
    """
    xp = cuda.get_array_module(a)
    m = a.max(axis=axis, keepdims=True)
    m = xp.where(xp.isfinite(m), m, m.dtype.type(0))
    return a - m, m


def log_sum_exp_shifted(shifted, axis):
    """``log(sum(exp(shifted), axis))`` (kept as a length-1 axis) of an array shifted
    by :func:`shift_by_max`; an all ``-inf`` slice gives ``-inf``."""
    xp = cuda.get_array_module(shifted)
    with numpy.errstate(divide='ignore'):
        return xp.log(xp.exp(shifted).sum(axis=axis, keepdims=True))


def logsumexp(a, axis, keepdims=False):
    """Returns ``log(sum(exp(a), axis))`` without overflow."""
    shifted, m = shift_by_max(a, axis)
    out = log_sum_exp_shifted(shifted, axis)
    out += m
    if not keepdims:
        out = out.squeeze(axis=axis)
    return out


def log_softmax(x, axis=1):
    """Returns ``x - logsumexp(x, axis)`` computed stably, in ``x``'s dtype.

    Computed as ``(x - m) - log(sum(exp(x - m)))``: subtracting ``m`` first keeps the
    digits that ``x - (m + log s)`` would round away when ``|m|`` is large.
    """
    y, _ = shift_by_max(x, axis)
    y -= log_sum_exp_shifted(y, axis)
    return y
