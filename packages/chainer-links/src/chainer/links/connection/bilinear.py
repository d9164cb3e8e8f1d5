"""The bilinear layer ``L.Bilinear``."""
import chainer.functions as F
from chainer import initializers
from chainer import link
from chainer.links import _args
from chainer.links import _errors


class Bilinear(link.Link):
    """Bilinear layer that performs tensor multiplication.

    Wraps :func:`chainer.functions.bilinear`:
    ``y_l = sum_jk e1_j e2_k W_jkl + sum_j e1_j V1_jl + sum_k e2_k V2_kl + b_l``.

    Args:
        left_size (int): Dimension J of the left input ``e1``.
        right_size (int): Dimension K of the right input ``e2``.
        out_size (int): Dimension L of the output.
        nobias (bool): If True, ``V1``, ``V2`` and ``b`` are omitted.
        initialW: Initial ``W`` of shape (J, K, L) (array or callable); None draws
            from N(0, 1 / (K L)), as v1 did (LeCun normal: the fan-in of a 3-D
            weight is ``K L``).
        initial_bias (tuple): Initial ``(V1, V2, b)`` of shapes (J, L), (K, L), (L,)
            (arrays or callables); None (or a None element) draws V1 and V2 from
            N(0, 1/L), as v1 did, and sets b to 0.

    Attributes:
        W, V1, V2, b (~chainer.Variable): The parameters (no V1/V2/b with
            ``nobias``).
        in_sizes (tuple of ints): ``(left_size, right_size)``.
        nobias (bool): Whether the link has no bias terms.
    """

    def __init__(self, left_size, right_size, out_size, nobias=False, initialW=None,
                 initial_bias=None):
        super(Bilinear, self).__init__()
        left_size = _args.positive_int(left_size, 'left_size')
        right_size = _args.positive_int(right_size, 'right_size')
        out_size = _args.positive_int(out_size, 'out_size')
        self.nobias = nobias
        self.in_sizes = (left_size, right_size)
        self._add_initialized('W', (left_size, right_size, out_size), initialW)
        if nobias:
            return
        if initial_bias is None:
            initial_bias = (None, None, None)
        elif not isinstance(initial_bias, (tuple, list)) or len(initial_bias) != 3:
            raise ValueError('initial_bias must be a tuple (V1, V2, b) of length 3, got '
                             '{!r}'.format(initial_bias))
        V1, V2, b = initial_bias
        self._add_initialized('V1', (left_size, out_size), V1)
        self._add_initialized('V2', (right_size, out_size), V2)
        self._add_initialized('b', (out_size,), 0 if b is None else b)

    def _add_initialized(self, name, shape, initializer):
        # An array of the wrong shape is an InvalidArgumentError (v1 asserted the
        # shape); None is v1's default, LeCun normal.
        _errors.check_initial_array(initializer, shape, name)
        if initializer is None:
            initializer = initializers.LeCunNormal()
        self.add_param(name, shape, initializer=initializer)

    def forward(self, e1, e2):
        """Applies the bilinear function to the inputs and the parameters.

        Args:
            e1 (~chainer.Variable): Left input, ``(B, J)``.
            e2 (~chainer.Variable): Right input, ``(B, K)``.

        Returns:
            ~chainer.Variable: Output, ``(B, L)``.
        """
        if self.nobias:
            return F.bilinear(e1, e2, self.W)
        return F.bilinear(e1, e2, self.W, self.V1, self.V2, self.b)
