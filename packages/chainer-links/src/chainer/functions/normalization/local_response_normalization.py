"""Local response normalization across channels: ``F.local_response_normalization``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.utils import type_check


def _channel_window_sum(a, half):
    """Sums ``a`` over the window ``[c - half, c + half]`` of the channel axis (1),
    clipped at the borders: one vectorized add per offset."""
    s = a.copy()
    for offset in range(1, half + 1):
        s[:, offset:] += a[:, :-offset]
        s[:, :-offset] += a[:, offset:]
    return s


def _channel_window_sum_var(a, half):
    """:func:`_channel_window_sum` of a Variable, with differentiable functions: the
    sum of the ``2 * half + 1`` shifted slices of ``a`` zero-padded on axis 1."""
    from chainer.functions.array.pad import pad
    if half == 0:
        return a
    channels = a.shape[1]
    widths = [(0, 0), (half, half)] + [(0, 0)] * (a.ndim - 2)
    padded = pad(a, widths, 'constant')
    s = padded[:, :channels]
    for offset in range(1, 2 * half + 1):
        s = s + padded[:, offset:offset + channels]
    return s


class LocalResponseNormalization(function.Function):
    """Cross-channel local response normalization (see
    :func:`local_response_normalization`). Its backward works on arrays (the fast
    path) and, in a double backprop, on Variables with differentiable functions."""

    _differentiable_backward = True

    def __init__(self, n=5, k=2, alpha=1e-4, beta=.75):
        if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
            raise ValueError('n (the window width) must be a positive int, got {!r}'
                             .format(n))
        self.n = n
        self.k = k
        self.alpha = alpha
        self.beta = beta

    def check_type_forward(self, in_types):
        type_check.expect(
            in_types.size() == 1,
            in_types[0].dtype.kind == 'f',
            in_types[0].ndim >= 2,
        )

    def forward_cpu(self, inputs):
        x, = inputs
        t = x.dtype.type
        # u = k + alpha * sum_window(x^2),  y = x u^-beta
        unit = _channel_window_sum(x * x, self.n // 2)
        unit *= t(self.alpha)
        unit += t(self.k)
        self._unit = unit
        self._y = x * unit ** t(-self.beta)  # the output's own data, kept at no cost
        return self._y,

    def backward(self, inputs, grad_outputs):
        """Input gradient: on arrays (the fast path), or as a differentiable Variable
        in a double backprop (the same formula, recomputed from the input)."""
        if not isinstance(grad_outputs[0], variable.Variable):
            return super(LocalResponseNormalization, self).backward(inputs, grad_outputs)
        x, = inputs
        gy, = grad_outputs
        t = x.dtype.type
        half = self.n // 2
        unit = _channel_window_sum_var(x * x, half) * t(self.alpha) + t(self.k)
        scale = unit ** t(-self.beta)
        y = x * scale
        summed = _channel_window_sum_var(gy * y / unit, half)
        return gy * scale - t(2 * self.alpha * self.beta) * x * summed,

    def backward_cpu(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        t = x.dtype.type
        unit = self._unit
        # gx_j = gy_j u_j^-beta - 2 alpha beta x_j sum_{i: j in W(i)} gy_i y_i / u_i;
        # the window is symmetric, so the sum over i is the window sum at j.
        summed = _channel_window_sum(gy * self._y / unit, self.n // 2)
        gx = gy * unit ** t(-self.beta)
        gx -= t(2 * self.alpha * self.beta) * x * summed
        return gx,

    def _geometry(self, x):
        # (n_channel, rest, half_n) of the lrn kernels for a C-contiguous x.
        return x.shape[1], x.size // max(x.shape[0] * x.shape[1], 1), self.n // 2

    def forward_gpu(self, inputs):
        # One thread per element sums its channel window (lrn_fwd); the scale is kept.
        xp = cuda.get_array_module(inputs[0])
        x = xp.ascontiguousarray(inputs[0])
        t = x.dtype.type
        self._y, self._unit = xp.empty_like(x), xp.empty_like(x)
        cuda.kernel('lrn_fwd')(x, *self._geometry(x), t(self.k), t(self.alpha),
                               t(self.beta), self._y, self._unit)
        return self._y,

    def backward_gpu(self, inputs, grad_outputs):
        xp = cuda.get_array_module(inputs[0])
        x = xp.ascontiguousarray(inputs[0])
        gy = xp.ascontiguousarray(grad_outputs[0])
        t = x.dtype.type
        gx = xp.empty_like(x)
        cuda.kernel('lrn_bwd')(x, self._y, self._unit, gy, *self._geometry(x), t(self.alpha),
                               t(self.beta), gx)
        return gx,


def local_response_normalization(x, n=5, k=2, alpha=1e-4, beta=.75):
    """Local response normalization across neighboring channels.

    For an input with :math:`N` channels on axis 1:

    .. math:: y_i = \\frac{x_i}{\\left(k + \\alpha \\sum_{j=\\max(1, i - n/2)}
              ^{\\min(N, i + n/2)} x_j^2\\right)^\\beta}

    with :math:`n/2` the integer division (the window has ``2 * (n // 2) + 1``
    channels, clipped at the borders).
    See: Section 3.3 of ImageNet Classification with Deep Convolutional Neural
    Networks.

    Args:
        x (~chainer.Variable or array): Input variable, ``ndim >= 2`` with the channels
            on axis 1.
        n (int): Normalization window width.
        k (float): Smoothing parameter.
        alpha (float): Normalizer scaling parameter.
        beta (float): Normalizer power parameter.

    Returns:
        ~chainer.Variable: Output variable of the shape of ``x``; differentiable
        twice (its gradient is built from differentiable functions in a double
        backprop).
    """
    return LocalResponseNormalization(n, k, alpha, beta)(x)
