"""The Bernoulli distribution."""
import numpy

import chainer
from chainer import backend
from chainer import distribution
from chainer import function_node
import chainer.functions as F
from chainer.distributions import utils as dist_utils
from chainer import utils
from chainer.utils import cache


class BernoulliLogProb(function_node.FunctionNode):
    """``log p(x)`` of Bernoulli distributions given by their logits.

    Computed as :math:`x l - \\mathrm{softplus}(l)`, exact for large ``|l|``; an
    infinite logit (``p`` of 0 or 1) gives ``log(x)`` or ``log(1 - x)``. With
    ``binary_check``, an ``x`` other than 0 and 1 has log-probability ``-inf`` (and
    gradient 0). The gradient in ``l`` is :math:`x - \\sigma(l)`, differentiable
    again; ``x`` gets no gradient.

    Args:
        binary_check (bool): whether non-binary ``x`` get ``-inf``.
    """

    def __init__(self, binary_check=False):
        self.binary_check = binary_check

    def forward(self, inputs):
        logit, x = inputs
        xp = backend.get_array_module(logit)
        self.retain_inputs((0, 1))
        with numpy.errstate(invalid='ignore', divide='ignore', over='ignore'):
            softplus = xp.maximum(logit, 0) + xp.log1p(xp.exp(-abs(logit)))
            y = x * logit - softplus
            infinite = xp.isinf(logit)
            if infinite.any():
                limit = xp.where(logit > 0, xp.log(x), xp.log1p(-x))
                y = xp.where(infinite, limit, y)
        if self.binary_check:
            y = xp.where((x == 0) | (x == 1), y, -numpy.inf)
        return utils.force_array(y, logit.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        if gy is None:
            return None, None
        logit, x = self.get_retained_inputs()
        xa = x.array
        slope = x - F.sigmoid(logit)
        if self.binary_check:
            slope = dist_utils._fill((xa == 0) | (xa == 1), slope, 0)
        return dist_utils._sum_to(gy * slope, logit.shape), None


def _bernoulli_log_prob(logit, x, binary_check=False):
    """``log p(x)`` of Bernoulli distributions of logits ``logit`` (see
    :class:`BernoulliLogProb`); ``x`` is cast to the dtype of ``logit``.

    Args:
        logit (~chainer.Variable or ndarray): :math:`l = \\log(p / (1 - p))`.
        x (~chainer.Variable or ndarray): values, broadcastable with ``logit``.
        binary_check (bool): whether non-binary ``x`` get ``-inf``.

    Returns:
        ~chainer.Variable: the log-probabilities, of the broadcast shape.
    """
    logit = dist_utils._as_variable(logit)
    x = dist_utils._array(x)
    x = backend.get_array_module(logit.array).asarray(x).astype(logit.dtype, copy=False)
    y, = BernoulliLogProb(binary_check).apply((logit, x))
    return y


class Bernoulli(distribution.Distribution):
    """Bernoulli distribution: 1 with probability :math:`p`, else 0.

    .. math::
        P(x) = p^x (1 - p)^{1 - x}

    Args:
        p (~chainer.Variable or ndarray): the probability of 1. Give ``p`` or
            ``logit``, not both.
        logit (~chainer.Variable or ndarray): :math:`\\log(p / (1 - p))`.
        binary_check (bool): if True, values other than 0 and 1 have probability 0
            (log-probability ``-inf``); otherwise the formula is evaluated as is.
    """

    def __init__(self, p=None, logit=None, binary_check=False):
        if (p is None) == (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        self.__p = p
        self.__logit = logit
        self.binary_check = binary_check

    @cache.cached_property
    def p(self):
        """~chainer.Variable: the probability of 1."""
        if self.__p is not None:
            return chainer.as_variable(self.__p)
        return F.sigmoid(self.logit)

    @cache.cached_property
    def logit(self):
        """~chainer.Variable: the log-odds :math:`\\log(p / (1 - p))`."""
        if self.__logit is not None:
            return chainer.as_variable(self.__logit)
        with numpy.errstate(divide='ignore'):
            return F.log(self.p) - F.log1p(-self.p)

    @property
    def batch_shape(self):
        return self.p.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'logit': self.logit}

    @property
    def support(self):
        return '{0, 1}'

    def log_prob(self, x):
        return _bernoulli_log_prob(self.logit, x, self.binary_check)

    def prob(self, x):
        x = dist_utils._as_variable(x, self.p)
        p = self.p
        prob = x * p + (1 - x) * (1 - p)
        if self.binary_check:
            xa = x.array
            prob = dist_utils._fill((xa == 0) | (xa == 1), prob, 0)
        return prob

    @property
    def entropy(self):
        p = self.p
        return -dist_utils._modified_xlogx(p) - dist_utils._modified_xlogx(1 - p)

    @cache.cached_property
    def mean(self):
        return self.p

    @cache.cached_property
    def variance(self):
        return self.p * (1 - self.p)

    @cache.cached_property
    def stddev(self):
        return self.variance ** 0.5

    def sample_n(self, n):
        p = self.p
        xp = p.xp
        eps = xp.random.uniform(size=(n,) + p.shape) < p.array
        return chainer.Variable(eps.astype(p.dtype))


@distribution.register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p, q):
    # sum over x of p(x) (log p(x) - log q(x)), in logits: stable for large |logit|
    return ((p.logit - q.logit) * (p.p - 1)
            - F.softplus(-p.logit) + F.softplus(-q.logit))
