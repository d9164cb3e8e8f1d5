"""One host-side LSTM step with its input and lateral affine maps fused into a single
function node (what ``L.LSTM`` and ``L.StatelessLSTM`` run on the CPU).

The composition ``lstm(c, upward(x) + lateral(h))`` costs four function nodes per
step, forward and backward, plus the interleaved gate layout's strided passes; here
the two products go straight into the gate-major buffer of
:mod:`~chainer.functions.activation._lstm_cell` and the backward pass writes the gate
gradients straight into the interleaved layout the five weight and input products
read. Results and gradients
equal the composition's.
"""
import numpy

import chainer
from chainer import function
from chainer import variable
from chainer.functions import _recomputed_grads
from chainer.functions.activation import _lstm_cell
from chainer.functions.activation import lstm as lstm_module
from chainer.functions.connection import linear as linear_module
from chainer.functions.math import _blas_sum
from chainer.functions.math import _weight_grad
from chainer.utils import type_check


class FusedLSTM(function.Function):
    """``c, h = lstm(c_prev, x W_u^T + b_u [+ h_prev W_l^T])`` on numpy arrays.

    Inputs are ``(c_prev, x, W_u, b_u)`` or ``(c_prev, x, W_u, b_u, h_prev, W_l)``.
    In a double backprop, the gradients are those of the composition (linear maps
    and :func:`~chainer.functions.lstm`) as Variables, differentiable again.
    """

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(4 <= n_in, n_in <= 6, n_in != 5)
        c_type, x_type, w_type, b_type = in_types[:4]
        type_check.expect(
            c_type.dtype.kind == 'f',
            c_type.ndim == 2,
            x_type.dtype == c_type.dtype,
            x_type.ndim >= 2,
            x_type.shape[0] == c_type.shape[0],
            w_type.dtype == c_type.dtype,
            w_type.ndim == 2,
            w_type.shape[0] == 4 * c_type.shape[1],
            type_check.prod(x_type.shape[1:]) == w_type.shape[1],
            b_type.dtype == c_type.dtype,
            b_type.ndim == 1,
            b_type.shape[0] == w_type.shape[0],
        )
        if type_check.eval(n_in) == 6:
            h_type, lat_type = in_types[4:]
            type_check.expect(
                h_type.dtype == c_type.dtype,
                h_type.shape == c_type.shape,
                lat_type.dtype == c_type.dtype,
                lat_type.ndim == 2,
                lat_type.shape[0] == w_type.shape[0],
                lat_type.shape[1] == c_type.shape[1],
            )

    def forward(self, inputs):
        c_prev, x, W_up, b_up = inputs[:4]
        x2 = x.reshape(len(x), -1)
        # The products are taken as W x^T, the faster order in OpenBLAS for minibatch
        # shapes (see F.linear); (4C, B) rows are unit-major: row 4k + g is gate g.
        zT = W_up.dot(x2.T)
        if len(inputs) == 6:
            h_prev, W_lat = inputs[4:]
            zT += W_lat.dot(h_prev.T)
        n_units = c_prev.shape[1]
        G = numpy.empty((4,) + c_prev.shape, dtype=c_prev.dtype)
        numpy.add(zT.reshape(n_units, 4, -1).transpose(1, 2, 0),
                  _lstm_cell.gate_major_bias(b_up), out=G)
        _lstm_cell.activate(G)
        c, h, tanh_c = _lstm_cell.cell_forward(G, c_prev)
        self._saved = G, tanh_c
        return c, h

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):
            return _composed_grads(inputs, grad_outputs)
        c_prev, x, W_up = inputs[:3]
        needed = self._input_grads_needed(inputs)
        G, tanh_c = self._saved
        gz = numpy.empty((len(x), W_up.shape[0]), dtype=x.dtype)
        gc_prev = _lstm_cell.cell_backward(G, tanh_c, c_prev, *grad_outputs,
                                           out=_lstm_cell.gate_view(gz))
        x2 = x.reshape(len(x), -1)
        grads = (gc_prev, gz.dot(W_up).reshape(x.shape),
                 _weight_grad.weight_grad(needed[2], gz, x2, W_up),
                 _blas_sum.sum_2d(gz, 0))
        if len(inputs) == 4:
            return grads
        h_prev, W_lat = inputs[4:]
        return grads + (gz.dot(W_lat), _weight_grad.weight_grad(needed[5], gz, h_prev,
                                                                W_lat))


def _composed_grads(inputs, grad_outputs):
    """The input gradients of the unfused composition, differentiable again."""
    with chainer.using_config('enable_backprop', True):
        c_prev, x, W_up, b_up = inputs[:4]
        z = linear_module.linear(x, W_up, b_up)
        if len(inputs) == 6:
            z = z + linear_module.linear(inputs[4], inputs[5])
        outputs = lstm_module.lstm(c_prev, z)
    return _recomputed_grads.grads_by_position(outputs, inputs, grad_outputs)


def fused_lstm(c_prev, x, W_up, b_up, h_prev=None, W_lat=None):
    """One LSTM step with its affine maps, on the host.

    .. math::
        z = x W_u^\\top + b_u + h_{prev} W_l^\\top, \\qquad
        c, h = \\mathrm{lstm}(c_{prev}, z)

    (see :func:`chainer.functions.lstm` for the cell and the interleaved gate layout).

    Args:
        c_prev (~chainer.Variable): previous cell state ``(B, C)``.
        x (~chainer.Variable): input ``(B, ...)``, flattened to ``(B, I)``.
        W_up (~chainer.Variable): upward weight ``(4 C, I)``.
        b_up (~chainer.Variable): upward bias ``(4 C,)``.
        h_prev (~chainer.Variable or None): previous output ``(B, C)``; None for no
            lateral term.
        W_lat (~chainer.Variable or None): lateral weight ``(4 C, C)`` (with
            ``h_prev``).

    Returns:
        tuple: ``(c, h)``, each ``(B, C)``.
    """
    if (h_prev is None) != (W_lat is None):
        raise ValueError('fused_lstm: h_prev and W_lat must be given together')
    if h_prev is None:
        return FusedLSTM()(c_prev, x, W_up, b_up)
    return FusedLSTM()(c_prev, x, W_up, b_up, h_prev, W_lat)
