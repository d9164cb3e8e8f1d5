"""Permutation of a variable along an axis: ``permutate``."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _inverse_permutation(xp, indices):
    inv = xp.empty_like(indices)
    inv[indices] = xp.arange(len(indices), dtype=indices.dtype)
    return inv


class Permutate(function.Function):
    """``y = x.take(indices, axis)``; with ``inv`` the inverse permutation is applied.

    Two forms, told apart by the first argument:

    * ``Permutate(axis=0, inv=False)`` (Chainer v1): the inputs are ``x`` and the
      integer ``indices`` (not differentiable);
    * ``Permutate(indices, axis, inv)`` (Chainer v2-v7, what :func:`permutate`
      builds): ``indices`` (an int array) is kept in ``self.indices`` and ``x`` is
      the only input.
    """

    indices = None

    def __init__(self, *args, **kwargs):
        if 'indices' in kwargs or (args and not isinstance(
                args[0], (int, numpy.integer))):
            self._bind(*args, **kwargs)
        else:
            self._bind(None, *args, **kwargs)

    def _bind(self, indices, axis=0, inv=False):
        if indices is not None:
            self.indices = variable.as_array(indices)
        self.axis = check_int(axis, 'axis')
        self.inv = bool(inv)

    def check_type_forward(self, in_types):
        if self.indices is None:
            type_check.expect(in_types.size() == 2)
            x_type, ind_type = in_types
            type_check.expect(ind_type.dtype.kind == 'i', ind_type.ndim == 1)
            n = ind_type.shape[0]
        else:
            type_check.expect(in_types.size() == 1)
            x_type, = in_types
            ind = self.indices
            if ind.dtype.kind != 'i' or ind.ndim != 1:
                raise type_check.InvalidType(
                    'indices.dtype.kind == i and indices.ndim == 1',
                    'indices.dtype == {}, indices.ndim == {}'.format(ind.dtype, ind.ndim))
            n = type_check.make_variable(len(ind), 'len(indices)')
        check_axis(self.axis, x_type.ndim)
        ndim = type_check.eval(x_type.ndim)
        type_check.expect(x_type.shape[self.axis % ndim] == n)

    def _check_permutation(self, indices):
        if isinstance(indices, numpy.ndarray):  # a GPU check would synchronize
            if not (numpy.sort(indices) == numpy.arange(len(indices))).all():
                raise ValueError('indices must be a permutation of 0 .. {}, got {}'
                                 .format(len(indices) - 1, indices))

    def _take(self, a, indices, inverse):
        xp = cuda.get_array_module(a)
        if inverse:
            indices = _inverse_permutation(xp, indices)
        return a.take(indices, axis=self.axis)

    def _indices(self, inputs):
        return inputs[1] if self.indices is None else self.indices

    def forward(self, inputs):
        indices = self._indices(inputs)
        self._check_permutation(indices)
        return self._take(inputs[0], indices, self.inv),

    _differentiable_backward = True

    def _again(self, *inputs):
        if self.indices is None:
            return Permutate(self.axis, self.inv)(*inputs)
        return Permutate(self.indices, self.axis, self.inv)(*inputs)

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(self, inputs, grad_outputs, self._again)
        gx = self._take(grad_outputs[0], variable.as_array(self._indices(inputs)),
                        not self.inv)
        return (gx, None) if self.indices is None else (gx,)


def permutate(x, indices, axis=0, inv=False):
    """Permutates a given variable along an axis.

    ``y[i] = x[indices[i]]`` for all ``i`` (the same as ``x.take(indices, axis)``);
    with ``inv=True``, ``indices`` is treated as its inverse: ``y[indices[i]] = x[i]``.
    ``indices`` must be a permutation of ``[0, 1, ..., len(x) - 1]``.

    Args:
        x (~chainer.Variable): variable to permutate.
        indices (~chainer.Variable or array): int32 indices to extract.
        axis (int): axis that the input array is permutated along.
        inv (bool): if True, ``indices`` is treated as its inverse.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Permutate(indices, axis, inv)(x)
