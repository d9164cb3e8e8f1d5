"""Spectral normalization of a link's weight (Miyato et al., 2018), Chainer v7's
``chainer.link_hooks.SpectralNormalization``."""
import numpy

import chainer
import chainer.functions as F
from chainer.link_hooks import _weight_hook


def _l2_normalized(xp, v, eps):
    return v / xp.sqrt(xp.sum(v * v) + eps)


def power_iteration(matrix, u, n_power_iteration, eps):
    """Refines the approximation of the first left (``u``) and right (``v``) singular
    vectors of the 2-d array ``matrix`` by ``n_power_iteration`` steps from ``u``.

    Returns:
        tuple: the new ``u`` and ``v`` (arrays, no graph).
    """
    xp = chainer.backend.get_array_module(matrix)
    for _ in range(n_power_iteration):
        v = _l2_normalized(xp, xp.dot(u, matrix), eps)
        u = _l2_normalized(xp, xp.dot(matrix, v), eps)
    return u, v


class SpectralNormalization(_weight_hook.WeightHook):
    """Link hook dividing a link's weight by its largest singular value before each
    forward computation, so that the link is (about) 1-Lipschitz.

    The singular value is estimated by power iteration: the hook keeps the left
    singular vector as a persistent array of the link (``<weight_name>_u``, saved with
    the link and moved with it), refined by ``n_power_iteration`` steps per call in
    training mode (``chainer.config.train``), and the right one as :attr:`v`. The weight
    is seen as a matrix whose rows run along its output axis (axis 1 for the
    deconvolutions, 0 otherwise). Register it with ``link.add_hook(hook)``; within the
    forward computation ``link.W`` is the normalized Variable, afterwards the parameter
    again, so the gradient reaches the parameter through the normalization.

    Args:
        n_power_iteration (int): power iteration steps per forward computation (>= 1).
        eps (float): added inside the square root of the vector norms.
        use_gamma (bool): also learn a scale ``gamma`` (a 0-dim parameter of the link,
            initialized with the weight's largest singular value), multiplying the
            normalized weight.
        factor (float or None): the singular value is divided by it (a bound other
            than 1).
        weight_name (str): the attribute of the link holding the weight.
        name (str or None): the hook's name (default ``'SpectralNormalization'``).

    Attributes:
        vector_name (str): name of the persistent left singular vector.
        axis (int): the weight's output axis.
        v: the last right singular vector (an array), kept for recomputation.
    """

    name = 'SpectralNormalization'

    def __init__(self, n_power_iteration=1, eps=1e-6, use_gamma=False, factor=None,
                 weight_name='W', name=None):
        if n_power_iteration < 1:
            raise ValueError('n_power_iteration must be positive, got {}'.format(
                n_power_iteration))
        super(SpectralNormalization, self).__init__(weight_name, name)
        self.n_power_iteration = n_power_iteration
        self.eps = eps
        self.use_gamma = use_gamma
        self.factor = factor
        self.vector_name = weight_name + '_u'
        self.axis = 0
        self.v = None

    def added(self, link):
        """Finds the weight's output axis and, once the weight exists, registers the
        singular vector (and ``gamma``)."""
        from chainer import links
        if isinstance(link, (links.Deconvolution2D, links.DeconvolutionND)):
            self.axis = 1
        super(SpectralNormalization, self).added(link)

    def deleted(self, link):
        """Removes the singular vector (and ``gamma``) from ``link``."""
        if hasattr(link, self.vector_name):
            delattr(link, self.vector_name)
        if self.use_gamma and hasattr(link, 'gamma'):
            delattr(link, 'gamma')
        self._prepared = False

    def _prepare(self, link):
        weight = getattr(link, self.weight_name)
        rows = weight.shape[self.axis]
        if rows == 0:
            raise ValueError('Expect {}.shape[{}] > 0'.format(self.weight_name, self.axis))
        xp = link.xp
        with chainer.using_device(link.device):
            u = xp.asarray(numpy.random.normal(size=(rows,)), dtype=weight.dtype)
        if hasattr(link, self.vector_name):
            delattr(link, self.vector_name)
        link.add_persistent(self.vector_name, u)
        if self.use_gamma:
            singular = xp.linalg.svd(self.reshape_W(weight.array), compute_uv=False)
            with link.init_scope():
                link.gamma = chainer.Parameter(xp.asarray(singular[0], weight.dtype))

    def reshape_W(self, W):
        """``W`` (array or Variable) as a matrix whose rows run along :attr:`axis`."""
        if self.axis != 0:
            order = [self.axis] + [i for i in range(W.ndim) if i != self.axis]
            W = W.transpose(order)
        return W if W.ndim == 2 else W.reshape(W.shape[0], -1)

    def _transform(self, link, weight):
        return self.normalize_weight(link)

    def normalize_weight(self, link):
        """The weight divided by its estimated largest singular value (times
        ``gamma``), a Variable connected to the weight parameter. In training mode the
        stored singular vector is refined in place; while recomputing
        (``chainer.config.in_recomputing``) the last vectors are used unchanged."""
        weight = getattr(link, self.weight_name)
        matrix = self.reshape_W(weight)
        u = getattr(link, self.vector_name)
        config = chainer.config
        if config.in_recomputing and self.v is not None:
            v = self.v
        else:
            with chainer.using_device(link.device):
                u_new, v = power_iteration(matrix.array, u, self.n_power_iteration,
                                           self.eps)
            self.v = v
            if config.train:
                u[...] = u_new
            u = u_new
        # sigma = u^T W v, differentiable in W.
        sigma = F.sum(F.linear(u[None, :], F.transpose(matrix)) * v[None, :])
        if self.factor is not None:
            sigma = sigma / self.factor
        scaled = weight / F.broadcast_to(sigma, weight.shape)
        if self.use_gamma:
            scaled = F.broadcast_to(link.gamma, weight.shape) * scaled
        return scaled
