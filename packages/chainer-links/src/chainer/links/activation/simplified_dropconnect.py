"""Fully-connected layer with simplified DropConnect: ``L.SimplifiedDropconnect``."""
import chainer.functions as F
from chainer.links.connection import _weight_bias


class SimplifiedDropconnect(_weight_bias.WeightBiasLink):
    """Fully-connected layer whose weight elements are dropped at random, per sample,
    while training (see :func:`chainer.functions.simplified_dropconnect`).

    Args:
        in_size (int or None): Dimension of input vectors. If None, ``W`` is created on
            the first call from the size of the input (all axes but the first).
        out_size (int): Dimension of output vectors.
        ratio (float): probability of dropping a weight element.
        nobias (bool): If True, no bias is used.
        initialW: Initial weight (2-D array, scalar or callable); by default drawn from
            N(0, 1 / in_size).
        initial_bias: Initial bias (1-D array, scalar or callable); 0 by default.

    Attributes:
        W (~chainer.Variable): Weight parameter ``(out_size, in_size)``.
        b (~chainer.Variable): Bias parameter (None with ``nobias``).
        ratio (float): the dropping probability.
    """

    def __init__(self, in_size, out_size, ratio=.5, nobias=False, initialW=None,
                 initial_bias=None):
        super(SimplifiedDropconnect, self).__init__(
            in_size, out_size, nobias=nobias, initialW=initialW, initial_bias=initial_bias)
        self.ratio = ratio

    def _W_shape(self, in_size):
        return self.out_size, in_size

    def _input_size(self, x):
        return x.size // x.shape[0]

    def __call__(self, x, train=None, mask=None, use_batchwise_mask=True):
        """Applies the layer.

        Args:
            x (~chainer.Variable): Batch of input vectors ``(n, ...)``.
            train (bool or None): If False, no weight is dropped (a linear layer);
                None (default): ``chainer.config.train`` decides.
            mask (array or ~chainer.Variable): a mask ``(n, out_size, in_size)`` to use
                instead of a random one (for debugging). As in Chainer v1, the first
                mask given is also registered as the persistent value ``mask``.
            use_batchwise_mask (bool): True: a random mask per sample; False: one
                for the whole batch.

        Returns:
            ~chainer.Variable: Output ``(n, out_size)``.
        """
        W, b = self._params_for(x)
        if mask is not None and 'mask' not in self.__dict__:
            self.add_persistent('mask', mask)
        return F.simplified_dropconnect(x, W, b, self.ratio, train, mask,
                                        use_batchwise_mask)
