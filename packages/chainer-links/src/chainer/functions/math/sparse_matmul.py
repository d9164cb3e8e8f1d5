"""Product of a sparse (COO) and a dense matrix: ``sparse_matmul`` (Chainer v5+).

The sparse operand is a :class:`chainer.utils.CooMatrix`: its entries ``data`` are
the differentiable input, its indices ``row``/``col`` (padding entries -1) and its
``shape`` are constants of the node. A batch of matrices has 2-d index arrays and a
3-d dense operand.
"""
import numpy

import chainer
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.functions.array import _add_at
from chainer.utils import type_check


def _densify(xp, data, row, col, shape, dtype):
    """The dense ``(nb, m, k)`` matrices of a batch of COO entries (``(nb, ldnz)``)."""
    nb = data.shape[0]
    out = xp.zeros((nb,) + tuple(shape), dtype=dtype)
    keep = (row >= 0) & (col >= 0)
    batch = xp.broadcast_to(xp.arange(nb)[:, None], row.shape)
    _add_at.add_at(out, (batch[keep], row[keep], col[keep]),
                   data[keep].astype(dtype, copy=False))
    return out


def _t(x, trans):
    return x.swapaxes(-1, -2) if trans else x


def _batched(x, ndim):
    return x[None] if ndim == 1 else x


def _check_indices(row, col, shape):
    if row.ndim != col.ndim:
        raise ValueError('ndim of sp_row and sp_col must be the same')
    if row.ndim not in (1, 2):
        raise ValueError('ndim of sp_row and sp_col must be one or two')
    if row.shape != col.shape:
        raise ValueError('shape of sp_row and sp_col must be the same')
    if len(shape) != 2:
        raise ValueError('len(sp_shape) must be two')


class _CooNode(function_node.FunctionNode):
    """The constants shared by the sparse-dense product nodes: the indices and shape
    of the sparse matrix and the three transpose flags."""

    def __init__(self, sp_row, sp_col, sp_shape, sp_order='other',
                 transa=False, transb=False, transc=False, dtype=None):
        _check_indices(sp_row, sp_col, sp_shape)
        self.sp_row = sp_row
        self.sp_col = sp_col
        self.sp_shape = tuple(sp_shape)
        self.sp_order = sp_order
        self.transa = transa
        self.transb = transb
        self.transc = transc
        self.dtype = dtype

    def _coo_mat_mul(self, transa, transb, transc, dtype):
        """A :class:`CooMatMul` over this node's sparse indices."""
        return CooMatMul(self.sp_row, self.sp_col, self.sp_shape, self.sp_order,
                         transa, transb, transc, dtype=dtype)


class CooMatMul(_CooNode):
    """``c = op_c(op_a(S) @ op_b(dn))`` for the sparse ``S`` given by ``(sp, row,
    col, shape)``; each ``op`` transposes (the last two axes) when its flag is set.

    Inputs are ``(sp, dn)``: the entries of ``S`` (``(ldnz,)`` or ``(nb, ldnz)``) and
    the dense operand (2-d or 3-d). ``dtype`` is the output dtype (None: promoted).
    """

    label = 'CooMatMul'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        sp_type, dn_type = in_types
        sp_k = self.sp_shape[0 if self.transa else 1]
        type_check.expect(
            sp_type.dtype.kind == 'f',
            dn_type.dtype.kind == 'f',
            dn_type.ndim >= 2,
            dn_type.ndim <= 3,
            sp_type.ndim == dn_type.ndim - 1,
            sp_type.shape[-1] == self.sp_row.shape[-1],
            dn_type.shape[-1 if self.transb else -2] == sp_k,
        )
        if type_check.eval(dn_type.ndim) == 3:
            type_check.expect(sp_type.shape[0] == self.sp_row.shape[0],
                              dn_type.shape[0] == self.sp_row.shape[0])

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        sp, dn = inputs
        xp = cuda.get_array_module(sp, dn)
        dtype = self.dtype or numpy.result_type(sp.dtype, dn.dtype)
        s = _densify(xp, _batched(sp, sp.ndim), _batched(self.sp_row, sp.ndim),
                     _batched(self.sp_col, sp.ndim), self.sp_shape, dtype)
        d = _batched(dn, sp.ndim).astype(dtype, copy=False)
        c = _t(xp.matmul(_t(s, self.transa), _t(d, self.transb)), self.transc)
        if sp.ndim == 1:
            c = c[0]
        return utils.force_array(c, dtype),

    def backward(self, indexes, grad_outputs):
        sp, dn = self.get_retained_inputs()
        gc, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(CooMatMulGradSP(
                self.sp_row, self.sp_col, self.sp_shape, self.sp_order,
                self.transc, not self.transb, self.transa,
                dtype=sp.dtype).apply((gc, dn))[0])
        if 1 in indexes:
            ret.append(self._coo_mat_mul(
                not self.transa, self.transc, self.transb,
                dn.dtype).apply((sp, gc))[0])
        return tuple(ret)


class CooMatMulGradSP(_CooNode):
    """The entries at ``(row, col)`` of ``op_c(op_a(a) @ op_b(b))`` for dense
    ``a``, ``b`` (2-d, or 3-d batches): the gradient of a sparse operand (padding
    entries get zero)."""

    label = 'CooMatMulGradSP'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        a_type, b_type = in_types
        m, n = self.sp_shape[::-1] if self.transc else self.sp_shape
        type_check.expect(
            a_type.dtype.kind == 'f',
            b_type.dtype.kind == 'f',
            a_type.ndim >= 2,
            a_type.ndim <= 3,
            a_type.ndim == b_type.ndim,
            a_type.shape[-1 if self.transa else -2] == m,
            b_type.shape[-2 if self.transb else -1] == n,
            a_type.shape[-2 if self.transa else -1] ==
            b_type.shape[-1 if self.transb else -2],
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        xp = cuda.get_array_module(a, b)
        dtype = self.dtype or numpy.result_type(a.dtype, b.dtype)
        full = _t(xp.matmul(_t(a, self.transa), _t(b, self.transb)), self.transc)
        full = _batched(full, a.ndim - 1)
        row = _batched(self.sp_row, a.ndim - 1)
        col = _batched(self.sp_col, a.ndim - 1)
        keep = (row >= 0) & (col >= 0)
        batch = xp.broadcast_to(xp.arange(row.shape[0])[:, None], row.shape)
        out = full[batch, xp.where(keep, row, 0), xp.where(keep, col, 0)]
        out = xp.where(keep, out, 0).astype(dtype, copy=False)
        if a.ndim == 2:
            out = out[0]
        return utils.force_array(out),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        g, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(self._coo_mat_mul(
                self.transc, not self.transb, self.transa,
                a.dtype).apply((g, b))[0])
        if 1 in indexes:
            ret.append(self._coo_mat_mul(
                not self.transc, self.transa, not self.transb,
                b.dtype).apply((g, a))[0])
        return tuple(ret)


def _is_dense(x):
    return isinstance(x, (chainer.Variable, numpy.ndarray, cuda.ndarray))


def sparse_matmul(a, b, transa=False, transb=False):
    """Matrix product of a sparse and a dense matrix (or batches of them).

    Either ``a`` is a :class:`~chainer.utils.CooMatrix` and ``b`` dense, or ``a``
    dense and ``b`` a CooMatrix: ``c = op(a) @ op(b)``.

    Args:
        a (~chainer.Variable, array or ~chainer.utils.CooMatrix): left operand.
        b (~chainer.Variable, array or ~chainer.utils.CooMatrix): right operand.
        transa (bool): transpose each matrix of ``a``.
        transb (bool): transpose each matrix of ``b``.

    Returns:
        ~chainer.Variable: the dense product; gradients flow to the dense operand and
        to the ``data`` of the sparse one.

    Raises:
        ValueError: both operands sparse, or both dense.
        ~chainer.utils.type_check.InvalidType: the shapes do not fit.
    """
    sparse = utils.CooMatrix
    if isinstance(a, sparse) and _is_dense(b):
        return CooMatMul(a.row, a.col, a.shape, a.order, transa=transa,
                         transb=transb, transc=False).apply((a.data, b))[0]
    if _is_dense(a) and isinstance(b, sparse):
        return CooMatMul(b.row, b.col, b.shape, b.order, transa=not transb,
                         transb=not transa, transc=True).apply((b.data, a))[0]
    raise ValueError('sparse_matmul takes one CooMatrix and one dense operand, got '
                     '{} and {}'.format(type(a).__name__, type(b).__name__))
