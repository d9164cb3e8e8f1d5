"""Linear layer with simplified DropConnect: ``F.simplified_dropconnect`` (Wan et al.,
2013, http://cs.nyu.edu/~wanli/dropc/)."""
import chainer
from chainer import cuda
from chainer import function
from chainer.functions import _type_checks
from chainer import utils
from chainer.utils import type_check


def _as_matrix(x):
    return x.reshape(len(x), -1)


def _as_dtype(v, dtype):
    """The Variable ``v`` cast (differentiably) to ``dtype`` where it differs."""
    if v.dtype == dtype:
        return v
    from chainer import functions as F
    return F.cast(v, dtype)


class SimplifiedDropconnect(function.Function):
    """``y_i = (M_i * W / (1 - ratio)) x_i + b`` with a mask ``M_i`` of ``W``'s shape
    drawn for every sample ``i``.

    The boolean :attr:`mask`, of shape ``(n, out_size, in_size)`` (or
    ``(out_size, in_size)``, shared by the batch, when ``use_batchwise_mask`` is
    False), is drawn on the first forward unless one is given, and kept for later
    applications. The function is bilinear in ``x`` and ``W``; its backward also
    works on Variables, so it is differentiable twice.
    """

    _differentiable_backward = True

    def __init__(self, ratio, mask=None, use_batchwise_mask=True):
        self.ratio = ratio
        self.use_batchwise_mask = use_batchwise_mask
        if isinstance(mask, chainer.Variable):
            mask = mask.data
        self.mask = mask

    def check_type_forward(self, in_types):
        _type_checks.expect_weighted_inputs(
            in_types, _type_checks.linear_shapes, _type_checks.weight_rows)
        if self.mask is not None:
            # A given mask is one per sample (n, M, N) or one for the batch (M, N).
            n = type_check.eval(in_types[0].shape[0])
            w_shape = tuple(type_check.eval(in_types[1].shape))
            shape = tuple(self.mask.shape)
            expected = (n,) + w_shape if len(shape) == 3 else w_shape
            type_check.expect(
                type_check.make_variable(shape, 'mask.shape') ==
                type_check.make_variable(
                    expected, '(n, M, N)' if len(shape) == 3 else '(M, N)'))

    def _masked_weight(self, W):
        """The per-sample weights ``(n, out_size, in_size)``, scaled."""
        scale = W.dtype.type(1. / (1 - self.ratio))
        return W * scale * self.mask

    def forward(self, inputs):
        x, W = _as_matrix(inputs[0]), inputs[1]
        xp = cuda.get_array_module(x)
        if self.mask is None:
            shape = (len(x),) + W.shape if self.use_batchwise_mask else W.shape
            self.mask = xp.random.rand(*shape) >= self.ratio
        y = xp.matmul(self._masked_weight(W), x[:, :, None])[:, :, 0]
        y = y.astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y += inputs[2]
        return utils.force_array(y),

    def _variable_grads(self, inputs, gy):
        """The gradients as Variables, of differentiable functions (double backprop)."""
        from chainer import functions as F
        x, W = inputs[0], inputs[1]
        x2 = F.reshape(x, (x.shape[0], -1))
        scale = W.dtype.type(1. / (1 - self.ratio))
        m = chainer.Variable((self.mask * scale).astype(W.dtype), requires_grad=False)
        Wm = _as_dtype(W * m, x.dtype)  # (n, M, N) or (M, N)
        if Wm.ndim == 3:
            gx = F.sum(F.expand_dims(gy, 2) * Wm, axis=1)
        else:
            gx = F.matmul(gy, Wm)
        gW = F.sum(F.expand_dims(_as_dtype(gy, W.dtype), 2) *
                   F.expand_dims(_as_dtype(x2, W.dtype), 1) * m, axis=0)
        grads = F.reshape(gx, x.shape), gW
        if len(inputs) == 3:
            grads += _as_dtype(F.sum(gy, axis=0), inputs[2].dtype),
        return grads

    def backward(self, inputs, grad_outputs):
        gy, = grad_outputs
        if isinstance(gy, chainer.Variable):
            return self._variable_grads(inputs, gy)
        x, W = _as_matrix(inputs[0]), inputs[1]
        xp = cuda.get_array_module(x)
        gx = xp.matmul(gy[:, None, :], self._masked_weight(W))
        gx = gx.reshape(inputs[0].shape).astype(x.dtype, copy=False)
        scale = W.dtype.type(1. / (1 - self.ratio))
        gW = (gy[:, :, None] * x[:, None, :] * self.mask).sum(axis=0) * scale
        grads = gx, gW.astype(W.dtype, copy=False)
        if len(inputs) == 3:
            grads += gy.sum(axis=0),
        return grads


def simplified_dropconnect(x, W, b=None, ratio=.5, train=None, mask=None,
                           use_batchwise_mask=True):
    """Linear function whose weight elements are dropped at random, per sample.

    Each element of ``W`` is dropped with probability ``ratio`` independently for
    every sample of the batch, the kept ones scaled by :math:`1 / (1 - ratio)`; then
    :math:`y = x W^\\top + b` as in :func:`~chainer.functions.linear`. In testing mode
    nothing is dropped: the mode is ``train`` when given, else
    ``chainer.config.train``. This averages before the activation rather
    than sampling a Gaussian after it as the original paper does.

    Args:
        x (~chainer.Variable): input ``(n, ...)``; the axes after the first are
            flattened into ``N`` features.
        W (~chainer.Variable): weight ``(M, N)``.
        b (~chainer.Variable): optional bias ``(M,)``.
        ratio (float): probability of dropping a weight element.
        train (bool or None): If False, no element is dropped; None (default):
            ``chainer.config.train`` decides.
        mask (array or ~chainer.Variable): the mask to use, boolean or 0/1, of shape
            ``(n, M, N)`` or ``(M, N)``, instead of a random one (for debugging);
            another shape raises InvalidType.
        use_batchwise_mask (bool): True: a mask per sample; False: one mask
            ``(M, N)`` for the whole batch. Ignored when ``mask`` is given.

    Returns:
        ~chainer.Variable: output ``(n, M)``.
    """
    if train is None:
        train = chainer.config.train
    if not train:
        ratio = 0
    inputs = (x, W) if b is None else (x, W, b)
    return SimplifiedDropconnect(ratio, mask, use_batchwise_mask)(*inputs)

