"""Adding a variable into slices of another: ``scatter_add``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.functions.array import _add_at
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


def _normalize_slices(slices):
    if isinstance(slices, list) and all(
            isinstance(s, (list, tuple, slice)) or s is None or s is Ellipsis
            for s in slices) and slices:
        slices = tuple(slices)
    if not isinstance(slices, tuple):
        slices = (slices,)
    slices = tuple(s.data if hasattr(s, 'creator') else s for s in slices)
    if sum(1 for s in slices if s is Ellipsis) > 1:
        raise ValueError('only one Ellipsis is allowed in slices')
    return slices


class ScatterAdd(function.Function):
    """``y = a`` with ``b`` added at ``a[slices]`` (summing at repeated indices)."""

    def __init__(self, slices):
        self.slices = _normalize_slices(slices)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        a_type, b_type = in_types
        type_check.expect(a_type.dtype == b_type.dtype)
        ndim = type_check.eval(a_type.ndim)
        n_index = sum(1 for s in self.slices if s is not None and s is not Ellipsis)
        if n_index > ndim:
            raise type_check.InvalidType(
                'number of indexed axes ({}) <= in_types[0].ndim'.format(n_index),
                '{} > {}'.format(n_index, ndim))

    def forward(self, inputs):
        a, b = inputs
        target = a[self.slices]
        if target.shape != b.shape:
            raise ValueError('b must have the shape of a[slices], {}, got {}'.format(
                target.shape, b.shape))
        y = a.copy()
        _add_at.add_at(y, self.slices, b)
        return y,

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: ScatterAdd(self.slices)(*a))
        gy = grad_outputs[0]
        xp = cuda.get_array_module(gy)
        return gy, utils.force_array(xp.asarray(gy[self.slices]))


def scatter_add(a, slices, b):
    """Adds ``b`` to the elements ``a[slices]`` and returns the sum (``a`` unchanged).

    Elements indexed more than once receive every value added to them, as
    :func:`numpy.add.at` does.

    Args:
        a (~chainer.Variable or array): the array added to.
        slices (int, slice, None, Ellipsis, arrays of indices or booleans, or a
            tuple of them): the index of ``a`` that receives ``b``.
        b (~chainer.Variable or array): values of the shape of ``a[slices]`` (no
            broadcasting: another shape raises ValueError).

    Returns:
        ~chainer.Variable: the sum, of the shape of ``a``.
    """
    return ScatterAdd(slices)(a, b)
