"""Bilinear function of the Neural Tensor Network."""
from chainer import cuda
from chainer import function
from chainer.core_functions import matmul as _matmul
from chainer.functions import _grad_nodes
from chainer.utils import type_check


class BilinearFunction(function.Function):
    """Bilinear map of two minibatches, with optional linear terms and bias.

    Inputs are ``(e1, e2, W)`` or ``(e1, e2, W, V1, V2, b)``. The quadratic term is one
    GEMM on the per-sample outer products ``e1_i e2_i^T`` flattened to ``J*K`` columns.

    Differentiable twice: an ordinary backward works on arrays; in a double backprop
    the gradients of ``e1``/``e2`` are bilinear maps again (of ``e2``/``e1`` and ``gy``
    with ``W``'s axes permuted) and the others matrix products.
    """

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        n_in = type_check.eval(in_types.size())
        if n_in != 6:
            type_check.expect(in_types.size() == 3)
        e1_type, e2_type, w_type = in_types[:3]
        type_check.expect(
            e1_type.dtype.kind == 'f',
            e2_type.dtype == e1_type.dtype,
            w_type.dtype == e1_type.dtype,
            e1_type.ndim >= 2,
            e2_type.ndim >= 2,
            w_type.ndim == 3,
            e1_type.shape[0] == e2_type.shape[0],
            type_check.prod(e1_type.shape[1:]) == w_type.shape[0],
            type_check.prod(e2_type.shape[1:]) == w_type.shape[1],
        )
        if n_in == 6:
            v1_type, v2_type, b_type = in_types[3:]
            type_check.expect(
                v1_type.dtype == e1_type.dtype,
                v2_type.dtype == e1_type.dtype,
                b_type.dtype == e1_type.dtype,
                v1_type.ndim == 2,
                v2_type.ndim == 2,
                b_type.ndim == 1,
                v1_type.shape[0] == w_type.shape[0],
                v1_type.shape[1] == w_type.shape[2],
                v2_type.shape[0] == w_type.shape[1],
                v2_type.shape[1] == w_type.shape[2],
                b_type.shape[0] == w_type.shape[2],
            )

    def forward(self, inputs):
        W = inputs[2]
        J, K, L = W.shape
        e1 = inputs[0].reshape(len(inputs[0]), J)
        e2 = inputs[1].reshape(len(inputs[1]), K)
        outer = (e1[:, :, None] * e2[:, None, :]).reshape(len(e1), J * K)
        y = outer.dot(W.reshape(J * K, L))
        if len(inputs) == 6:
            V1, V2, b = inputs[3:]
            y += e1.dot(V1)
            y += e2.dot(V2)
            y += b
        return y,

    def backward(self, inputs, grad_outputs):
        if _grad_nodes.is_variable(grad_outputs[0]):
            return self._variable_grads(inputs, grad_outputs[0])
        W = inputs[2]
        gy = grad_outputs[0]
        J, K, L = W.shape
        e1 = inputs[0].reshape(len(inputs[0]), J)
        e2 = inputs[1].reshape(len(inputs[1]), K)
        needed = self._input_grads_needed(inputs)
        grads = [None] * len(inputs)
        if needed[0] or needed[1]:
            grads[:2] = self._input_grads(inputs, e1, e2, gy, needed)
        if needed[2]:
            outer = (e1[:, :, None] * e2[:, None, :]).reshape(len(e1), J * K)
            grads[2] = outer.T.dot(gy).reshape(J, K, L)
        if len(inputs) == 6:
            if needed[3]:
                grads[3] = e1.T.dot(gy)
            if needed[4]:
                grads[4] = e2.T.dot(gy)
            if needed[5]:
                grads[5] = gy.sum(axis=0)
        return tuple(grads)

    def _variable_grads(self, inputs, gy):
        """The gradients as Variables (a double backprop)."""
        mm = _matmul.MatMul
        W = inputs[2]
        J, K, L = W.shape
        n = inputs[0].shape[0]
        e1 = _grad_nodes.reshape(inputs[0], (n, J))
        e2 = _grad_nodes.reshape(inputs[1], (n, K))
        # ge1[i, j] = sum_kl e2[i, k] gy[i, l] W[j, k, l]; likewise ge2.
        ge1 = BilinearFunction()(e2, gy, _grad_nodes.Transpose((1, 2, 0)).apply((W,))[0])
        ge2 = BilinearFunction()(e1, gy, _grad_nodes.Transpose((0, 2, 1)).apply((W,))[0])
        outer = _grad_nodes.reshape(e1, (n, J, 1)) * _grad_nodes.reshape(e2, (n, 1, K))
        gW = _grad_nodes.reshape(
            mm(True, False)(_grad_nodes.reshape(outer, (n, J * K)), gy), (J, K, L))
        grads = [ge1, ge2, gW]
        if len(inputs) == 6:
            grads[0] = ge1 + mm(False, True)(gy, inputs[3])
            grads[1] = ge2 + mm(False, True)(gy, inputs[4])
            grads += [mm(True, False)(e1, gy), mm(True, False)(e2, gy),
                      _grad_nodes.ChannelSum().apply((gy,))[0]]
        grads[0] = _grad_nodes.reshape(grads[0], inputs[0].shape)
        grads[1] = _grad_nodes.reshape(grads[1], inputs[1].shape)
        return tuple(grads)

    @staticmethod
    def _input_grads(inputs, e1, e2, gy, needed):
        """``(ge1, ge2)``, each None unless ``needed``."""
        xp = cuda.get_array_module(e1)
        J, K, L = inputs[2].shape
        # t[i, j, k] = sum_l W[j, k, l] gy[i, l]; then contract with e2 (resp. e1).
        t = gy.dot(inputs[2].reshape(J * K, L).T).reshape(len(e1), J, K)
        ge1 = ge2 = None
        if needed[0]:
            ge1 = xp.matmul(t, e2[:, :, None])[:, :, 0]
            if len(inputs) == 6:
                ge1 += gy.dot(inputs[3].T)
            ge1 = ge1.reshape(inputs[0].shape)
        if needed[1]:
            ge2 = xp.matmul(e1[:, None, :], t)[:, 0, :]
            if len(inputs) == 6:
                ge2 += gy.dot(inputs[4].T)
            ge2 = ge2.reshape(inputs[1].shape)
        return ge1, ge2


def bilinear(e1, e2, W, V1=None, V2=None, b=None):
    """Applies a bilinear function based on given parameters.

    .. math::
        y_{il} = \\sum_{jk} e^1_{ij} e^2_{ik} W_{jkl} + \\sum_j e^1_{ij} V^1_{jl}
                 + \\sum_k e^2_{ik} V^2_{kl} + b_l

    ``V1``, ``V2`` and ``b`` are optional but must be given together. Inputs with more
    than two axes are flattened to ``(batch, -1)``.

    Args:
        e1 (~chainer.Variable): left input of shape ``(I, J)``.
        e2 (~chainer.Variable): right input of shape ``(I, K)``.
        W (~chainer.Variable): quadratic weight of shape ``(J, K, L)``.
        V1 (~chainer.Variable): left coefficient of shape ``(J, L)``.
        V2 (~chainer.Variable): right coefficient of shape ``(K, L)``.
        b (~chainer.Variable): bias of shape ``(L,)``.

    Returns:
        ~chainer.Variable: output of shape ``(I, L)``.

    See: Reasoning With Neural Tensor Networks for Knowledge Base Completion
    [Socher+, NIPS2013].
    """
    flags = [V1 is None, V2 is None, b is None]
    if all(flags):
        return BilinearFunction()(e1, e2, W)
    if any(flags):
        raise ValueError('bilinear: V1, V2 and b must be given all together or not at all')
    return BilinearFunction()(e1, e2, W, V1, V2, b)
