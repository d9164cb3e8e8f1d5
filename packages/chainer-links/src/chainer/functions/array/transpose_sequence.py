"""Transposition of a batch of sequences into a sequence of batches: ``transpose_sequence``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.array._fill import fill_missing_grads
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _gather_plan(lengths):
    """Row order and batch sizes of the time-major layout of sequences.

    For sequences of the given (non-increasing) lengths concatenated one after
    another, returns the rows of that concatenation in time-major order (for each
    step ``t``, the ``t``-th element of every sequence long enough) and the number
    of rows per step.
    """
    lengths = numpy.asarray(lengths, dtype=numpy.intp)
    max_len = int(lengths[0]) if len(lengths) else 0
    offsets = numpy.concatenate(([0], numpy.cumsum(lengths)[:-1])).astype(numpy.intp)
    steps = numpy.arange(max_len, dtype=numpy.intp)[:, None]
    alive = lengths[None, :] > steps
    rows = (offsets[None, :] + steps)[alive]
    return rows, alive.sum(axis=1)


class TransposeSequence(function.Function):
    """Turns B sequences (sorted by decreasing length) into T time steps of batches.

    Output ``t`` stacks the ``t``-th element of every input longer than ``t``.
    """

    def check_type_forward(self, in_types):
        n = type_check.eval(in_types.size())
        for i in range(n):
            type_check.expect(in_types[i].ndim >= 1)
        for i in range(1, n):
            type_check.expect(
                in_types[i].dtype == in_types[0].dtype,
                in_types[i].shape[1:] == in_types[0].shape[1:],
                in_types[i - 1].shape[0] >= in_types[i].shape[0],
            )

    def _plan(self, xs):
        rows, sizes = _gather_plan([len(x) for x in xs])
        xp = cuda.get_array_module(*xs)
        split_at = numpy.cumsum(sizes)[:-1].tolist()
        return xp.asarray(rows), split_at

    def forward(self, xs):
        if not xs or len(xs[0]) == 0:  # no time step: no output (as in Chainer v1)
            return ()
        xp = cuda.get_array_module(*xs)
        rows, split_at = self._plan(xs)
        ys = xp.split(xp.concatenate(xs, axis=0).take(rows, axis=0), split_at)
        self._out_like = [(y.shape, y.dtype) for y in ys]
        return tuple(ys)

    @property
    def _differentiable_backward(self):
        return _linear_grad.outputs_alive(self)

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: TransposeSequence()(*a))
        xp = cuda.get_array_module(*xs)
        rows, _ = self._plan(xs)
        g_time_major = xp.concatenate(fill_missing_grads(xp, gys, self._out_like))
        g_all = xp.empty_like(g_time_major)
        g_all[rows] = g_time_major  # rows is a permutation: no index repeats
        split_at = numpy.cumsum([len(x) for x in xs])[:-1].tolist()
        return tuple(xp.split(g_all, split_at))


def transpose_sequence(xs):
    """Transposes a list of Variables.

    For a batch of sequences ``[(0, 1, 2, 3), (4, 5), (6)]`` the result is
    ``[(0, 4, 6), (1, 5), (2), (3)]``. The list must be sorted by decreasing length;
    each variable's first axis is its time axis.

    Args:
        xs (list of ~chainer.Variable): variables to transpose.

    Returns:
        tuple of ~chainer.Variable: the transposed list.
    """
    ys = TransposeSequence()(*xs)
    return ys if isinstance(ys, tuple) else (ys,)
