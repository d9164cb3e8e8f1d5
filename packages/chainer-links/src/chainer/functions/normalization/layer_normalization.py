"""Layer normalization: ``F.layer_normalization`` (Ba et al., 2016,
https://arxiv.org/abs/1607.06450)."""
import warnings

from chainer import cuda
from chainer.functions import _grad_nodes
from chainer.functions.normalization import batch_normalization as _bn
from chainer.utils import type_check


def layer_normalization(x, gamma, beta, eps=1e-5):
    """Layer normalization function (v2+).

    Every sample (row of ``x``) is normalized by its own mean and variance over the
    units, then each unit is scaled and shifted:

    .. math:: y_{n,i} = \\gamma_i \\frac{x_{n,i} - \\mu_n}{\\sqrt{\\sigma^2_n +
        \\epsilon}} + \\beta_i

    It is built from :func:`batch_normalization` over the rows, so it is
    differentiable twice.

    Args:
        x (~chainer.Variable or array): Input of shape ``(N, D)``.
        gamma (~chainer.Variable or array): The scaling parameter ``(D,)``.
        beta (~chainer.Variable or array): The shifting parameter ``(D,)``.
        eps (float): Added to the variances for numerical stability.

    Returns:
        ~chainer.Variable: The output, of the shape and dtype of ``x``.

    Raises:
        ~chainer.utils.type_check.InvalidType: for inputs of bad dtypes or shapes.
    """
    x = _grad_nodes.as_variable(x)
    gamma, beta = _grad_nodes.as_variable(gamma), _grad_nodes.as_variable(beta)
    if not (x.dtype.kind == 'f' and x.ndim == 2 and gamma.dtype.kind == 'f' and
            gamma.dtype == beta.dtype and gamma.shape == beta.shape == x.shape[1:]):
        raise type_check.InvalidType(
            'float x of shape (N, D), float gamma and beta of one dtype, shape (D,)',
            'x: {} {}, gamma: {} {}, beta: {} {}'.format(
                x.dtype, x.shape, gamma.dtype, gamma.shape, beta.dtype, beta.shape))
    xp = cuda.get_array_module(x.data)
    rows = x.shape[0]
    with warnings.catch_warnings():
        # a row of one unit is legitimate here (its output is beta)
        warnings.filterwarnings('ignore', 'batch_normalization got a batch of one')
        x_hat = _bn.batch_normalization(x, xp.ones(rows, x.dtype),
                                        xp.zeros(rows, x.dtype), eps=eps, axis=1)
    g = _grad_nodes.reshape(_grad_nodes.cast(gamma, x.dtype), (1,) + gamma.shape)
    b = _grad_nodes.reshape(_grad_nodes.cast(beta, x.dtype), (1,) + beta.shape)
    return x_hat * g + b
