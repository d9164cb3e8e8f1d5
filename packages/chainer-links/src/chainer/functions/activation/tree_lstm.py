"""The TreeLSTM cell with any number of children: ``F.tree_lstm`` (Chainer v3+)."""
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.functions.array.reshape import reshape
from chainer.utils import type_check


def _check(cs, x):
    if x.dtype.kind != 'f':
        raise type_check.InvalidType('x.dtype.kind == "f"', 'x.dtype={}'.format(x.dtype))
    if x.ndim < 2:
        raise type_check.InvalidType('x.ndim >= 2', 'x.ndim={}'.format(x.ndim))
    n_split = len(cs) + 3
    if x.shape[1] % n_split:
        raise type_check.InvalidType(
            'x.shape[1] % (len(cs) + 3) == 0',
            'x.shape[1]={}, len(cs) + 3={}'.format(x.shape[1], n_split))
    expected = (x.shape[0], x.shape[1] // n_split) + tuple(x.shape[2:])
    for k, c in enumerate(cs):
        if c.dtype != x.dtype or tuple(c.shape) != expected:
            raise type_check.InvalidType(
                'cs[{0}].dtype == x.dtype and cs[{0}].shape == {1}'.format(k, expected),
                'cs[{}]: dtype={}, shape={}; x.dtype={}'.format(
                    k, c.dtype, tuple(c.shape), x.dtype))


def tree_lstm(*inputs):
    """TreeLSTM unit as an activation function: merges the cell states of ``N``
    children (Tai et al., 2015, `Improved Semantic Representations From
    Tree-Structured Long Short-Term Memory Networks
    <https://www.aclweb.org/anthology/P15-1150>`_).

    Called as ``tree_lstm(c_1, ..., c_N, x)``. The incoming signal ``x`` of shape
    ``(B, (3 + N) C, ...)`` holds, as consecutive blocks of ``C`` along the second
    axis (not interleaved, unlike :func:`lstm`), the sources of the cell input
    ``a``, the input gate ``i``, the output gate ``o`` and one forget gate ``f_k``
    per child:

    .. math::
        c &= \\tanh(a)\\,\\sigma(i) + \\sum_{k=1}^{N} \\sigma(f_k)\\, c_k, \\\\
        h &= \\sigma(o) \\tanh(c).

    With no child (``tree_lstm(x)``), :math:`c = \\tanh(a)\\,\\sigma(i)`.

    Args:
        inputs: the children's cell states ``c_k`` (each ``(B, C, ...)``) followed by
            ``x``; Variables or arrays of one float dtype.

    Returns:
        tuple: ``(c, h)``, each of shape ``(B, C, ...)``. Differentiable to any order
        (it is built from differentiable functions).

    Raises:
        ~chainer.utils.type_check.InvalidType: wrong dtypes or shapes.
        TypeError: no input at all.
    """
    if not inputs:
        raise TypeError('tree_lstm needs at least the incoming signal x')
    cs, x = inputs[:-1], inputs[-1]
    _check(cs, x)
    n_split = len(cs) + 3
    shape = tuple(x.shape)
    gates = reshape(x, (shape[0], n_split, shape[1] // n_split) + shape[2:])
    a = tanh(gates[:, 0])
    i = sigmoid(gates[:, 1])
    o = sigmoid(gates[:, 2])
    c = a * i
    for k, c_k in enumerate(cs):
        c = c + sigmoid(gates[:, 3 + k]) * c_k
    return c, o * tanh(c)
