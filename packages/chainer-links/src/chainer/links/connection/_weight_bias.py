"""Base of the links holding a weight ``W`` and an optional bias ``b`` whose input
size may be fixed on the first call (Linear and the convolutions)."""
import chainer
from chainer import link
from chainer.links import _args
from chainer.links import _initializers


class WeightBiasLink(link.Link):
    """A link with the weight ``W`` (shape from the input size) and the bias ``b``.

    Subclasses define ``_W_shape(in_size)`` (the weight shape) and set the attributes
    it reads before calling this constructor; they may override :meth:`_input_size`
    (how the input size is read from an input array). With ``in_size=None`` the weight
    is an uninitialized :class:`~chainer.Parameter` (as in v2+: its data is None)
    whose array is created on the first call (or when a saved model is loaded).

    Args:
        in_size (int or None): input size (channels or features); None for lazy.
        out_size (int): output size; also the length of ``b``.
        wscale (float): the weight's variance is multiplied by it.
        bias (float): initial bias value, used when ``initial_bias`` is None.
        nobias (bool): no bias parameter (``b`` is None).
        initialW: initial weight (array, scalar or callable; None: N(0, 1/fan_in)).
        initial_bias: initial bias (array, scalar or callable).
        in_name (str): name of ``in_size`` in error messages.
        out_name (str): name of ``out_size`` in error messages.
        in_axis (int): the axis of ``W`` holding the input size (for its default
            initialization).

    Attributes:
        out_size (int): the output size.
        initialW, wscale: the constructor's arguments, kept as attributes as in v1.
    """

    def __init__(self, in_size, out_size, wscale=1, bias=0, nobias=False, initialW=None,
                 initial_bias=None, in_name='in_size', out_name='out_size', in_axis=1):
        super(WeightBiasLink, self).__init__()
        in_size = _args.positive_int(in_size, in_name, allow_none=True)
        self._out_name = out_name
        if in_size is None and _is_int_tuple(out_size):
            # v2+ accepts it while the weight waits for its input size (the bias
            # takes that shape): the error comes when the weight is made
            self.out_size = tuple(out_size)
        else:
            self.out_size = _args.positive_int(out_size, out_name)
        self.initialW = initialW
        self.wscale = wscale
        self._W_initializer = _initializers.wscaled(initialW, wscale, in_axis)
        self.in_size = in_size
        # chainer.config.dtype (v4+; float32 unless set, as in v1) for parameters
        # whose initializer has no dtype of its own; under mixed16 float16, as in v6+
        # (the optimizer's use_fp32_update keeps float32 masters; only normalization
        # links keep float32 parameters)
        self._param_dtype = chainer.get_dtype(None)
        if in_size is None:
            self.add_param('W', initializer=self._W_initializer, dtype=self._param_dtype)
        else:
            self._initialize_params(in_size)
        if nobias:
            self.b = None
        else:
            self.add_param('b', self.out_size,
                           initializer=bias if initial_bias is None else initial_bias,
                           dtype=self._param_dtype)

    def _input_size(self, x):
        """The input size read from the input ``x`` (the channel axis by default)."""
        return x.shape[1]

    def _initialize_params(self, in_size):
        _args.positive_int(self.out_size, self._out_name)
        W = self.__dict__.get('W')
        if W is not None and W.data is None:  # the lazy parameter gets its array
            W.initialize(self._W_shape(in_size))
            return
        self.add_param('W', self._W_shape(in_size), initializer=self._W_initializer,
                       dtype=self._param_dtype)

    def _params_for(self, x):
        """``(W, b)`` for the input ``x``, creating ``W``'s array on the first call."""
        W = self.W
        if W is None or W.data is None:
            self._initialize_params(self._input_size(x))
        return self.W, self.b


def _is_int_tuple(value):
    return isinstance(value, tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)
