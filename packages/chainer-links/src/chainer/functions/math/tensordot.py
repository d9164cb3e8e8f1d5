"""Tensor dot product along given axes: ``tensordot`` (Chainer v2+)."""
import numbers

import numpy

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _as_axis_list(axes, ndim, name):
    if isinstance(axes, numbers.Integral):
        axes = (axes,)
    try:
        axes = [int(a) for a in axes]
    except TypeError:
        raise TypeError('axes of {} must be integers, got {!r}'.format(name, axes))
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError('axis {} is out of range for {} of {} dimension(s)'
                             .format(a, name, ndim))
    axes = [a % ndim for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError('repeated axis in {}: {}'.format(name, axes))
    return axes


def _parse_axes(axes, a_shape, b_shape):
    """``(a_axes, b_axes)``, the contracted axes of ``a`` and of ``b`` paired."""
    if isinstance(axes, numbers.Integral) and not isinstance(axes, bool):
        n = int(axes)
        if n < 0 or n > len(a_shape) or n > len(b_shape):
            raise ValueError('cannot contract {} axes of operands of shapes {} and {}'
                             .format(n, a_shape, b_shape))
        a_axes = list(range(len(a_shape) - n, len(a_shape)))
        b_axes = list(range(n))
    elif isinstance(axes, (tuple, list)):
        if len(axes) != 2:
            raise ValueError('axes must be an integer or a pair of axis sequences, '
                             'got {!r}'.format(axes))
        a_axes = _as_axis_list(axes[0], len(a_shape), 'a')
        b_axes = _as_axis_list(axes[1], len(b_shape), 'b')
        if len(a_axes) != len(b_axes):
            raise ValueError('axes count mismatch: {} axes of a, {} of b'
                             .format(len(a_axes), len(b_axes)))
    else:
        raise TypeError('axes must be an integer or a pair of axis sequences, got {}'
                        .format(type(axes).__name__))
    for i, j in zip(a_axes, b_axes):
        if a_shape[i] != b_shape[j]:
            raise ValueError('shape mismatch: axis {} of a (shape {}) and axis {} of b '
                             '(shape {})'.format(i, a_shape, j, b_shape))
    return a_axes, b_axes


def _argsort(seq):
    return tuple(sorted(range(len(seq)), key=seq.__getitem__))


class TensorDot(function_node.FunctionNode):
    """``c = transpose(tensordot(a, b, (a_axes, b_axes)), perm)`` cast to ``dtype``.

    The plain tensor dot has ``perm`` the identity and ``dtype`` None (the promoted
    dtype of the operands); the gradients are nodes of this class again, so the
    function is differentiable to any order.
    """

    def __init__(self, a_axes, b_axes, perm=None, dtype=None):
        self.a_axes = tuple(a_axes)
        self.b_axes = tuple(b_axes)
        self.perm = None if perm is None else tuple(perm)
        self.dtype = dtype

    @property
    def label(self):
        return 'TensorDot'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2,
                          in_types[0].dtype.kind == 'f',
                          in_types[1].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        xp = cuda.get_array_module(a)
        c = xp.tensordot(a, b, axes=(self.a_axes, self.b_axes))
        if self.perm is not None and self.perm != tuple(range(c.ndim)):
            c = c.transpose(self.perm)
        dtype = self.dtype or numpy.result_type(a.dtype, b.dtype)
        return utils.force_array(c.astype(dtype, copy=False)),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gc, = grad_outputs
        fa = [i for i in range(a.ndim) if i not in self.a_axes]
        fb = [i for i in range(b.ndim) if i not in self.b_axes]
        nfa = len(fa)
        perm = self.perm or tuple(range(nfa + len(fb)))
        ret = []
        if 0 in indexes:
            # contract the b-part of gc with b's free axes
            kc = [perm.index(nfa + j) for j in range(len(fb))]
            free = [k for k in range(len(perm)) if perm[k] < nfa]
            order = [fa[perm[k]] for k in free] + [
                self.a_axes[self.b_axes.index(j)] for j in sorted(self.b_axes)]
            ret.append(TensorDot(kc, fb, _argsort(order), a.dtype).apply((gc, b))[0])
        if 1 in indexes:
            kc = [perm.index(i) for i in range(nfa)]
            free = [k for k in range(len(perm)) if perm[k] >= nfa]
            order = [self.b_axes[self.a_axes.index(i)] for i in sorted(self.a_axes)] + [
                fb[perm[k] - nfa] for k in free]
            ret.append(TensorDot(fa, kc, _argsort(order), b.dtype).apply((a, gc))[0])
        return tuple(ret)


def tensordot(a, b, axes=2):
    """Tensor dot product of two arrays along the given axes (as
    :func:`numpy.tensordot`).

    Args:
        a (~chainer.Variable or array): first operand (floating point).
        b (~chainer.Variable or array): second operand (floating point).
        axes (int or pair of sequences): an integer ``n`` contracts the last ``n``
            axes of ``a`` with the first ``n`` of ``b``; a pair ``(a_axes, b_axes)``
            contracts ``a_axes[i]`` of ``a`` with ``b_axes[i]`` of ``b``.

    Returns:
        ~chainer.Variable: the free axes of ``a`` followed by those of ``b``, of the
        promoted dtype of the operands.

    Raises:
        ValueError: the axes do not fit the operands (count, range or lengths).
        TypeError: ``axes`` is neither an integer nor a pair of sequences.
    """
    a_axes, b_axes = _parse_axes(axes, tuple(a.shape), tuple(b.shape))
    return TensorDot(a_axes, b_axes).apply((a, b))[0]

