"""The fully-connected layer ``L.Linear``."""
import chainer.functions as F
from chainer.links.connection import _weight_bias


class Linear(_weight_bias.WeightBiasLink):
    """Linear layer (a.k.a. fully-connected layer): ``y = x W^T + b``.

    Wraps :func:`chainer.functions.linear` and holds the weight matrix ``W`` of shape
    ``(out_size, in_size)`` and optionally the bias vector ``b`` of shape
    ``(out_size,)``. ``W`` is drawn from N(0, wscale / in_size) unless ``initialW`` is
    given; ``b`` is filled with ``bias`` unless ``initial_bias`` is given.

    Args:
        in_size (int or None): Dimension of input vectors. If None, ``W`` is created on
            the first call from the size of the input (all axes but the first).
        out_size (int): Dimension of output vectors.
        wscale (float): Scaling factor of the weight variance.
        bias (float): Initial bias value.
        nobias (bool): If True, no bias is used.
        initialW: Initial weight (2-D array, scalar or callable filling an array).
        initial_bias: Initial bias (1-D array, scalar or callable).

    Attributes:
        W (~chainer.Variable): Weight parameter.
        b (~chainer.Variable): Bias parameter (None with ``nobias``).
    """

    def __init__(self, in_size, out_size, wscale=1, bias=0, nobias=False,
                 initialW=None, initial_bias=None):
        super(Linear, self).__init__(in_size, out_size, wscale, bias, nobias, initialW,
                                     initial_bias)

    def _W_shape(self, in_size):
        return self.out_size, in_size

    def _input_size(self, x):
        return x.size // x.shape[0]

    def __call__(self, x):
        """Applies the linear layer.

        Args:
            x (~chainer.Variable): Batch of input vectors, ``(B, ...)``; the axes after
                the first are flattened.

        Returns:
            ~chainer.Variable: Output of the linear layer, ``(B, out_size)``.
        """
        W, b = self._params_for(x)
        return F.linear(x, W, b)
