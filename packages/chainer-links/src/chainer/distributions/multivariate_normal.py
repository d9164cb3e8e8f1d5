"""The multivariate normal distribution, parameterized by a Cholesky factor."""
import math

import numpy

import chainer
from chainer import backend
from chainer import distribution
from chainer import function_node
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import argument
from chainer.utils import cache
from chainer.utils import type_check

_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
_HALF_LOG_2PIE = 0.5 * math.log(2 * math.pi * math.e)


def _mT(x):
    return F.swapaxes(x, -1, -2)


class TriangularInv(function_node.FunctionNode):
    """Inverse of (a batch of) triangular matrices, differentiable twice.

    Args:
        lower (bool): whether the matrices are lower (else upper) triangular; the
            gradient is restricted to that triangle.
    """

    def __init__(self, lower=True):
        self._lower = lower

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        a_type, = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.ndim >= 2,
            a_type.shape[-1] == a_type.shape[-2],
        )

    def forward(self, inputs):
        a, = inputs
        xp = backend.get_array_module(a)
        self.retain_outputs((0,))
        if a.shape[-1] == 0:
            return a.copy(),
        # only the triangle counts (the other entries are ignored, not assumed 0)
        a = xp.tril(a) if self._lower else xp.triu(a)
        return xp.linalg.inv(a).astype(a.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        inv, = self.get_retained_outputs()
        gy, = grad_outputs
        xp = backend.get_array_module(inv.array)
        d = inv.shape[-1]
        mask = numpy.tri(d, dtype=bool)
        if not self._lower:
            mask = mask.T
        inv_t = _mT(inv)
        ga = -F.matmul(F.matmul(inv_t, gy), inv_t)
        mask = xp.broadcast_to(xp.asarray(mask), ga.shape)
        return F.where(mask, ga, xp.zeros(ga.shape, ga.dtype)),


def _triangular_inv(x, lower=True):
    """Inverts a triangular matrix (or a batch of them, on the last two axes).

    Args:
        x (~chainer.Variable or ndarray): lower (``lower=True``) or upper triangular
            matrices.
        lower (bool): which triangle holds the entries.

    Returns:
        ~chainer.Variable: the inverses.
    """
    y, = TriangularInv(lower).apply((x,))
    return y


def _triangular_logdet(x):
    return F.sum(F.log(abs(F.diagonal(x, axis1=-2, axis2=-1))), axis=-1)


class MultivariateNormal(distribution.Distribution):
    """Multivariate normal distribution :math:`N(\\mu, LL^T)`.

    .. math::
        p(x) = \\frac{1}{\\sqrt{\\det(2\\pi V)}}
            \\exp\\left(-\\frac{1}{2}(x-\\mu)^T V^{-1}(x-\\mu)\\right),
            \\quad V = LL^T

    The last axis of ``loc`` is the event axis. Samples are reparameterized
    (:math:`\\mu + L\\epsilon`).

    Args:
        loc (~chainer.Variable or ndarray): the mean :math:`\\mu`, shape
            ``batch_shape + (d,)``.
        scale_tril (~chainer.Variable or ndarray): the lower-triangular Cholesky
            factor :math:`L` of the covariance, shape ``batch_shape + (d, d)``
            (keyword only, required).
    """

    def __init__(self, loc, **kwargs):
        scale_tril, = argument.parse_kwargs(kwargs, ('scale_tril', None))
        if scale_tril is None:
            raise ValueError('`scale_tril` must have a value.')
        self.__loc = loc
        self.__scale_tril = scale_tril

    @cache.cached_property
    def loc(self):
        """~chainer.Variable: the mean :math:`\\mu`."""
        return chainer.as_variable(self.__loc)

    @cache.cached_property
    def scale_tril(self):
        """~chainer.Variable: the Cholesky factor :math:`L`."""
        return chainer.as_variable(self.__scale_tril)

    @cache.cached_property
    def _logdet_scale(self):
        return _triangular_logdet(self.scale_tril)

    @cache.cached_property
    def _scale_tril_inv(self):
        return _triangular_inv(self.scale_tril)

    @property
    def d(self):
        """int: the dimension of an event."""
        return self.scale_tril.shape[-1]

    def __copy__(self):
        return self._copy_to(MultivariateNormal(self.loc, scale_tril=self.scale_tril))

    @property
    def batch_shape(self):
        return self.loc.shape[:-1]

    @property
    def event_shape(self):
        return self.loc.shape[-1:]

    @property
    def params(self):
        return {'loc': self.loc, 'scale_tril': self.scale_tril}

    @property
    def support(self):
        return 'real'

    def log_prob(self, x):
        x = utils._as_variable(x, self.loc)
        d = self.d
        diff = F.expand_dims(x - self.loc, -1)
        inv = F.broadcast_to(self._scale_tril_inv, diff.shape[:-2] + (d, d))
        z = F.matmul(inv, diff)
        mahalanobis = F.sum(F.reshape(z, z.shape[:-1]) ** 2, axis=-1)
        return -_HALF_LOG_2PI * d - self._logdet_scale - 0.5 * mahalanobis

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        return self._logdet_scale + _HALF_LOG_2PIE * self.d

    @cache.cached_property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @property
    def covariance(self):
        return F.matmul(self.scale_tril, _mT(self.scale_tril))

    @property
    def variance(self):
        return F.sum(self.scale_tril ** 2, axis=-1)

    def sample_n(self, n):
        loc = self.loc
        eps = utils._noise(loc.xp, 'standard_normal', (n,) + loc.shape + (1,),
                           loc.dtype)
        scale = F.broadcast_to(self.scale_tril, (n,) + self.scale_tril.shape)
        noise = F.matmul(scale, chainer.Variable(eps))
        return loc + F.reshape(noise, noise.shape[:-1])


@distribution.register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariate_normal(p, q):
    inv_q = q._scale_tril_inv
    trace = F.sum(F.matmul(inv_q, p.scale_tril) ** 2, axis=(-2, -1))
    z = F.matmul(inv_q, F.expand_dims(p.loc - q.loc, -1))
    mahalanobis = F.sum(F.reshape(z, z.shape[:-1]) ** 2, axis=-1)
    return (q._logdet_scale - p._logdet_scale
            + 0.5 * (trace + mahalanobis - p.d))
