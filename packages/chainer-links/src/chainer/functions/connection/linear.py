"""Linear (affine) function."""
import numpy

from chainer import function
from chainer import utils
from chainer.graph_optimizations import _replay
from chainer.core_functions import matmul as _matmul
from chainer.functions import _type_checks
from chainer.functions import _grad_nodes
from chainer.functions.connection import _onednn_matmul
from chainer.functions.connection import _weight_dtype
from chainer.functions.math import _blas_sum
from chainer.functions.math import _weight_grad


#: Host shapes for which ``W x^T`` is the faster order of the product (see
#: :func:`_unit_major_is_faster`): batch sizes, and the least number of output units.
_UNIT_MAJOR_BATCH = (8, 128)
_UNIT_MAJOR_MIN_UNITS = 200


#: Least rows of ``gy`` for which the data's gradient ``gy W`` is deferred (see
#: :mod:`chainer._deferred_grad`): deferring copies ``W`` and ``gy``, which on one
#: thread costs more than the product itself below about 8 rows (100x784 weight:
#: copies 8.5 us, product 5.1 us at 1 row, 6.5 us at 4, 10.5 us at 8, 28 us at 16).
_DEFER_MIN_ROWS = 8


def _unit_major_is_faster(batch, n_out):
    """Whether the host product ``x W^T`` is faster taken as ``W x^T`` and transposed.

    Measured with OpenBLAS 0.3.31 on one thread (chainer-links README, performance
    notes): 0.45 to 0.9 times the time, transposing copy included, for batches of 8 to
    128 rows against at least 200 output units; slower for a single row (a gemv either
    way), for few output units (the copy dominates) and for batches from about 160
    (``x W^T`` is efficient there already).
    """
    return (_UNIT_MAJOR_BATCH[0] <= batch <= _UNIT_MAJOR_BATCH[1] and
            n_out >= _UNIT_MAJOR_MIN_UNITS)


def _half_on_host(*arrays):
    """Whether the operands are float16 numpy arrays: numpy multiplies those outside
    BLAS, some 50 times slower than float32 (a mixed16 MLP on a CPU)."""
    for a in arrays:  # (a loop, not all() over a generator: called per product)
        if type(a) is not numpy.ndarray or a.dtype != numpy.float16:
            return False
    return True


def _dot(a, b):
    """``a.dot(b)``; float16 host operands are multiplied in float32 by BLAS and the
    result rounded once to float16, as a GPU's float16 GEMM accumulates in float32."""
    if _half_on_host(a, b):
        return a.astype(numpy.float32).dot(b.astype(numpy.float32)).astype(
            numpy.float16)
    return a.dot(b)


def _affine_unit_major(x2, W, b):
    """``x2 W^T + b`` computed as ``W x2^T`` (output laid out unit-major, ``(M, B)``)
    and transposed back to a C-contiguous ``(B, M)`` by the pass that adds the bias."""
    yT = W.dot(x2.T)
    y = numpy.empty((yT.shape[1], yT.shape[0]), dtype=yT.dtype)
    if b is None:
        numpy.copyto(y, yT.T)
    else:
        numpy.add(yT.T, b, out=y)
    return y


class LinearFunction(function.Function):
    """Affine map ``y = x W^T + b`` on a minibatch flattened to two dimensions.

    Differentiable twice: an ordinary backward works on arrays; in a double backprop
    its gradients are built from matrix products, reshapes and a column sum.
    """

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        _type_checks.expect_weighted_inputs(
            in_types, _type_checks.linear_shapes, _type_checks.weight_rows)

    def forward(self, inputs):
        inputs = _weight_dtype.weight_in_input_dtype(inputs)
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        x2 = x.reshape(len(x), W.shape[1])
        if _onednn_matmul.takes(x2, W, len(x2), W.shape[1], len(W)):
            # the bias joins the product when it is float32 too (it keeps its own dtype)
            fused = b is None or b.dtype == numpy.float32
            y = _onednn_matmul.product(x2, W, transpose_b=True, bias=b if fused else None)
            if not fused:
                y += b
            return y,
        if type(x2) is numpy.ndarray and x2.dtype != numpy.float16 and \
                _unit_major_is_faster(len(x2), len(W)):
            return _affine_unit_major(x2, W, b),
        y = _dot(x2, W.T)
        if b is not None:
            y += b
        return y,

    def backward(self, inputs, grad_outputs):
        if _grad_nodes.is_variable(grad_outputs[0]):
            return self._variable_grads(inputs, grad_outputs[0])
        W_given = inputs[1]
        needed = self._input_grads_needed(inputs)
        inputs = _weight_dtype.weight_in_input_dtype(inputs)
        x, W = inputs[:2]
        gy = grad_outputs[0]
        gx = gW = gb = None
        if needed[0] is function.DEFERRABLE and len(gy) >= _DEFER_MIN_ROWS:
            # a leaf Variable's: computed if it is read
            gx = function.DeferredGrad(_input_grad, gy.copy("K"), W.copy("K"), x.shape)
        elif needed[0]:  # not for the data passed as an array (chainer.Function)
            gx = _input_grad(gy, W, x.shape)
        if needed[1]:
            x2 = x.reshape(len(x), W.shape[1])
            if _half_on_host(gy, x2):
                gW = _weight_grad.transposed_product(
                    gy.astype(numpy.float32), x2.astype(numpy.float32)).astype(
                        numpy.float16)
            else:
                gW = _weight_grad.weight_grad(needed[1], gy, x2, W_given)
        if len(inputs) == 2:
            return _weight_dtype.weight_grad_in_weight_dtype((gx, gW), W_given)
        if needed[2]:
            gb = _blas_sum.sum_2d(gy, 0)
        return _weight_dtype.weight_grad_in_weight_dtype((gx, gW, gb), W_given)


    def _replay_form(self, in_arrays, out_arrays, needed):
        """A static replay's form of this call (:class:`_HostLinearReplay`), for host
        operands of one float32/float64 dtype whose products stay with numpy; else
        None."""
        if type(self) is not LinearFunction or not _DEFINED.kept_by(LinearFunction):
            return None  # a subclass, or methods patched since import: run them
        return _HostLinearReplay.of(in_arrays, needed)

    def _variable_grads(self, inputs, gy):
        """The gradients as Variables (a double backprop)."""
        x, W0 = inputs[:2]
        W = _grad_nodes.cast_like(W0, x)
        x2 = _grad_nodes.reshape(x, (x.shape[0], W.shape[1]))
        gx = _grad_nodes.reshape(_matmul.MatMul()(gy, W), x.shape)
        gW = _grad_nodes.cast_like(_matmul.MatMul(True, False)(gy, x2), W0)
        if len(inputs) == 2:
            return gx, gW
        return gx, gW, _grad_nodes.ChannelSum().apply((gy,))[0]


_DEFINED = _replay.DefinedMethods(LinearFunction, 'forward', 'backward')


class _HostLinearReplay(object):
    """The array operations of :class:`LinearFunction` on host float32/float64
    operands of one dtype, with the choices its forward and backward make per call
    (oneDNN, the unit-major order, which gradients) taken once for the traced shapes:
    the same numpy calls, so the same bits, without the dispatch."""

    __slots__ = ('rows', 'needed')

    @classmethod
    def of(cls, in_arrays, needed):
        """The form for a call on ``in_arrays``, or None where it would not take the
        plain numpy path."""
        x, W = in_arrays[:2]
        if W.dtype not in _blas_sum.BLAS_DTYPES or x.ndim < 2 or any(
                type(a) is not numpy.ndarray or a.dtype != W.dtype for a in in_arrays):
            return None
        n, (m, k) = len(x), W.shape
        if _unit_major_is_faster(n, m) or _onednn_matmul.worth_it(n, k, m) or \
                _onednn_matmul.worth_it(n, m, k) or _onednn_matmul.worth_it(m, n, k):
            return None
        form = cls()
        form.rows = (n, k)
        form.needed = needed
        return form

    def forward(self, inputs):
        y = inputs[0].reshape(self.rows).dot(inputs[1].T)
        if len(inputs) == 3:
            y += inputs[2]
        return (y,), None

    def backward(self, inputs, saved, grad_outputs):
        x, W = inputs[:2]
        gy = grad_outputs[0]
        needed = self.needed
        gx = gy.dot(W).reshape(x.shape) if needed[0] else None
        gW = _weight_grad.numpy_transposed_product(gy, x.reshape(self.rows)) \
            if needed[1] else None
        if len(inputs) == 2:
            return gx, gW
        return gx, gW, _blas_sum.sum_2d(gy, 0) if needed[2] else None


def _input_grad(gy, W, x_shape):
    if _onednn_matmul.takes(gy, W, len(gy), len(W), W.shape[1]):
        return _onednn_matmul.product(gy, W).reshape(x_shape)
    return _dot(gy, W).reshape(x_shape)


def linear(x, W, b=None, n_batch_axes=1):
    """Linear function, or affine transformation.

    .. math:: Y = x W^\\top + b

    Args:
        x (~chainer.Variable or array): input of shape ``(s_B, s_1, ..., s_n)``; the first
            axis is the minibatch, the others are flattened into one of size
            ``N = s_1 * ... * s_n``.
        W (~chainer.Variable or array): weight of shape ``(M, N)``; it may be of
            another float dtype than ``x`` (as in Chainer v1: the output keeps ``x``'s).
        b (~chainer.Variable or array): bias of shape ``(M,)`` (optional).
        n_batch_axes (int): number of leading axes of ``x`` that are batch axes (v4+;
            positive); the remaining axes are flattened into ``N``.

    Returns:
        ~chainer.Variable: output of shape ``(s_1, ..., s_{n_batch_axes}, M)``.

    It is differentiable twice (its second derivative is bilinear in the inputs).
    """
    if n_batch_axes <= 0:
        raise ValueError('n_batch_axes must be positive, got {!r}'.format(n_batch_axes))
    if n_batch_axes == 1:
        if b is None:
            return LinearFunction()(x, W)
        return LinearFunction()(x, W, b)
    batch_shape = tuple(x.shape[:n_batch_axes])
    rows = (utils.size_of_shape(batch_shape), -1)
    x = _grad_nodes.reshape(x, rows) if _grad_nodes.is_variable(x) else x.reshape(rows)
    y = LinearFunction()(x, W) if b is None else LinearFunction()(x, W, b)
    return _grad_nodes.reshape(y, batch_shape + (y.shape[1],))
