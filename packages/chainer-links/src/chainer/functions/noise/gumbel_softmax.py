"""Gumbel-Softmax sampling: ``F.gumbel_softmax`` (Chainer v2+)."""
from chainer import cuda
from chainer import variable


def gumbel_softmax(log_pi, tau=0.1, axis=1):
    """Draws a relaxed one-hot sample from the Gumbel-Softmax distribution.

    .. math::
        y_i = \\frac{\\exp((g_i + \\log \\pi_i) / \\tau)}
                    {\\sum_j \\exp((g_j + \\log \\pi_j) / \\tau)}

    with :math:`g_i` drawn independently from the standard Gumbel distribution
    (Jang et al., 2016, https://arxiv.org/abs/1611.01144). The sample is a
    differentiable function of ``log_pi`` (and of ``tau`` when it is a Variable): a
    softmax of ``(log_pi + g) / tau``, differentiable as many times as
    :func:`~chainer.functions.softmax`.

    Args:
        log_pi (~chainer.Variable or array): unnormalized log-probabilities
            :math:`\\log \\pi`.
        tau (float, array or ~chainer.Variable): the temperature :math:`\\tau > 0`;
            the smaller, the closer the samples are to one-hot vectors.
        axis (int): the axis of the categories.

    Returns:
        ~chainer.Variable: the sample, of the shape and dtype of ``log_pi`` (a 0-d
        input gives 1: a single category).
    """
    from chainer import functions as F
    data = log_pi.data if isinstance(log_pi, variable.Variable) else log_pi
    xp = cuda.get_array_module(data)
    if data.ndim == 0:
        return variable.Variable(xp.ones((), data.dtype))
    g = xp.random.gumbel(size=data.shape).astype(data.dtype)
    if not isinstance(log_pi, variable.Variable):
        log_pi = variable.Variable(data)
    return F.softmax((log_pi + g) / tau, axis=axis)
