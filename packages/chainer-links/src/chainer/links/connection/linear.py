"""The fully-connected layer ``L.Linear``."""
import chainer.functions as F
from chainer import utils
from chainer.links.connection import _convolution
from chainer.links.connection import _weight_bias


class Linear(_weight_bias.WeightBiasLink):
    """Linear layer (a.k.a. fully-connected layer): ``y = x W^T + b``.

    Wraps :func:`chainer.functions.linear` and holds the weight matrix ``W`` of shape
    ``(out_size, in_size)`` and optionally the bias vector ``b`` of shape
    ``(out_size,)``. ``W`` is drawn from N(0, wscale / in_size) unless ``initialW`` is
    given; ``b`` is filled with ``bias`` unless ``initial_bias`` is given.

    ``Linear(out_size)`` (v2+) is ``Linear(None, out_size)``. A bool as third positional
    argument is v2+'s ``nobias``, and the next two are then v2+'s ``initialW`` and
    ``initial_bias`` (``Linear(3, 4, True, initializer)``; a v1 ``wscale`` is a number).

    Args:
        in_size (int or None): Dimension of input vectors. If None, ``W`` is an
            uninitialized parameter whose array is created on the first call from the
            size of the input (all axes but the batch axes).
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

    def __init__(self, in_size, out_size=None, wscale=1, bias=0, nobias=False,
                 initialW=None, initial_bias=None):
        if out_size is None:
            in_size, out_size = None, in_size
        self._n_batch_axes = 1
        args = _convolution.v7_positional(wscale, bias, nobias, initialW, initial_bias)
        super(Linear, self).__init__(in_size, out_size, args['wscale'], args['bias'],
                                     args['nobias'], args['initialW'], args['initial_bias'])

    @classmethod
    def from_params(cls, W, b=None, nobias=False):
        """A Linear layer whose parameters start as copies of ``W`` and ``b`` (v5+).

        Args:
            W (~chainer.Variable or array): weight ``(out_size, in_size)``.
            b (~chainer.Variable or array or None): bias ``(out_size,)``.
            nobias (bool): no bias, whatever ``b`` is.

        Returns:
            Linear: the new link.
        """
        W = getattr(W, 'array', W)
        out_size, in_size = W.shape
        if b is not None:
            b = getattr(b, 'array', b)
            if b.size != out_size:
                raise ValueError('the size of b ({}) must be out_size ({})'.format(
                    b.size, out_size))
        return cls(in_size, out_size, nobias=nobias, initialW=W.copy(),
                   initial_bias=None if b is None else b.copy())

    @property
    def printable_specs(self):
        """``in_size``, ``out_size`` and ``nobias``, for ``str(link)``."""
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'nobias', self.b is None

    def _W_shape(self, in_size):
        return self.out_size, in_size

    def _input_size(self, x):
        return utils.size_of_shape(x.shape[self._n_batch_axes:])

    def forward(self, x, n_batch_axes=1):
        """Applies the linear layer.

        Args:
            x (~chainer.Variable): Batch of input vectors, ``(B_1, ..., B_k, ...)``; the
                axes after the ``k = n_batch_axes`` batch axes are flattened.
            n_batch_axes (int): number of batch axes (v4+).

        Returns:
            ~chainer.Variable: Output of the linear layer, ``(B_1, ..., B_k, out_size)``.
        """
        self._n_batch_axes = n_batch_axes
        W, b = self._params_for(x)
        return F.linear(x, W, b, n_batch_axes=n_batch_axes)
