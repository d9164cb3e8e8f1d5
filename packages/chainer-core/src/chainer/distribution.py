"""Probability distributions: the base class and the KL-divergence registry (v5+ API).

The concrete distributions (:mod:`chainer.distributions`: ``Normal``, ``Bernoulli``, ...)
compute with :mod:`chainer.functions` and ship with chainer-links. What they share lives
here, in core, because it computes nothing itself: the shapes of a sample, the
reshaping of :meth:`Distribution.sample`, the array module, and the table that
:func:`kl_divergence` looks up.
"""
import copy
import numbers


class Distribution(object):
    """Base class of probability distributions.

    A distribution is built from parameters (arrays or Variables) and gives

    * samples (:meth:`sample`, :meth:`sample_n`), reparameterized where the
      distribution allows it, so that gradients flow back to the parameters;
    * functions of a value: :meth:`log_prob`, :meth:`prob`, :meth:`cdf`,
      :meth:`icdf`, :meth:`log_cdf`, :meth:`survival_function`,
      :meth:`log_survival_function`;
    * properties: :attr:`mean`, :attr:`variance`, :attr:`stddev`, :attr:`entropy`,
      :attr:`mode`, :attr:`covariance`, :attr:`support`, :attr:`params`.

    Every value is a :class:`~chainer.Variable` differentiable with respect to the
    parameters. Shapes: an *event* is one draw of a (possibly multivariate) variable,
    shape :attr:`event_shape`; the parameters hold a *batch* of independent
    distributions, shape :attr:`batch_shape`; drawing ``sample_shape`` samples gives an
    array of shape ``sample_shape + batch_shape + event_shape``. A function of a value
    takes such an array and returns shape ``sample_shape + batch_shape``.

    Subclasses override what their distribution defines; the base versions of the
    other methods raise :class:`NotImplementedError` naming the class and the method
    (a Categorical has no ``cdf``, for instance).
    """

    def _undefined(self, name):
        return NotImplementedError('{} does not define {}'.format(
            type(self).__name__, name))

    def _copy_to(self, target):
        target.__dict__ = copy.copy(self.__dict__)
        return target

    @property
    def batch_shape(self):
        """tuple: The shape of the batch of independent distributions."""
        raise self._undefined('batch_shape')

    @property
    def event_shape(self):
        """tuple: The shape of one event (``()`` for a univariate distribution)."""
        raise self._undefined('event_shape')

    @property
    def params(self):
        """dict: The parameters of the distribution, name to Variable."""
        raise self._undefined('params')

    @property
    def support(self):
        """str: A description of the set the distribution's values lie in."""
        raise self._undefined('support')

    @property
    def mean(self):
        """~chainer.Variable: The mean, shape ``batch_shape + event_shape``."""
        raise self._undefined('mean')

    @property
    def mode(self):
        """~chainer.Variable: The mode (the most likely value)."""
        raise self._undefined('mode')

    @property
    def variance(self):
        """~chainer.Variable: The variance, shape ``batch_shape + event_shape``."""
        raise self._undefined('variance')

    @property
    def stddev(self):
        """~chainer.Variable: The standard deviation, the square root of
        :attr:`variance`."""
        return self.variance ** 0.5

    @property
    def covariance(self):
        """~chainer.Variable: The covariance matrix of a multivariate distribution."""
        raise self._undefined('covariance')

    @property
    def entropy(self):
        """~chainer.Variable: The (differential) entropy, shape ``batch_shape``."""
        raise self._undefined('entropy')

    def log_prob(self, x):
        """The log of the density (or the probability mass) at ``x``.

        Args:
            x (~chainer.Variable or ndarray): values, shape ``sample_shape +
                batch_shape + event_shape``.

        Returns:
            ~chainer.Variable: shape ``sample_shape + batch_shape``.
        """
        raise self._undefined('log_prob')

    def prob(self, x):
        """The density (or the probability mass) at ``x``.

        Args:
            x (~chainer.Variable or ndarray): values, as for :meth:`log_prob`.

        Returns:
            ~chainer.Variable: shape ``sample_shape + batch_shape``.
        """
        raise self._undefined('prob')

    def cdf(self, x):
        """The cumulative distribution function :math:`P(X \\le x)`.

        Args:
            x (~chainer.Variable or ndarray): values, as for :meth:`log_prob`.

        Returns:
            ~chainer.Variable: shape ``sample_shape + batch_shape``.
        """
        raise self._undefined('cdf')

    def log_cdf(self, x):
        """The log of :meth:`cdf` at ``x``.

        Args:
            x (~chainer.Variable or ndarray): values, as for :meth:`log_prob`.

        Returns:
            ~chainer.Variable: shape ``sample_shape + batch_shape``.
        """
        raise self._undefined('log_cdf')

    def icdf(self, x):
        """The inverse of :meth:`cdf` (the quantile function) at probabilities ``x``.

        Args:
            x (~chainer.Variable or ndarray): probabilities in [0, 1].

        Returns:
            ~chainer.Variable: the values whose cdf is ``x``.
        """
        raise self._undefined('icdf')

    def survival_function(self, x):
        """The survival function :math:`P(X > x) = 1 - \\mathrm{cdf}(x)`.

        Args:
            x (~chainer.Variable or ndarray): values, as for :meth:`log_prob`.

        Returns:
            ~chainer.Variable: shape ``sample_shape + batch_shape``.
        """
        raise self._undefined('survival_function')

    def log_survival_function(self, x):
        """The log of :meth:`survival_function` at ``x``.

        Args:
            x (~chainer.Variable or ndarray): values, as for :meth:`log_prob`.

        Returns:
            ~chainer.Variable: shape ``sample_shape + batch_shape``.
        """
        raise self._undefined('log_survival_function')

    def perplexity(self, x):
        """The perplexity at ``x``, where the distribution defines it.

        Args:
            x (~chainer.Variable or ndarray): values, as for :meth:`log_prob`.

        Returns:
            ~chainer.Variable: the perplexity.
        """
        raise self._undefined('perplexity')

    def sample_n(self, n):
        """Draws ``n`` samples.

        Subclasses implement sampling here; :meth:`sample` reshapes its result.

        Args:
            n (int): the number of samples.

        Returns:
            ~chainer.Variable: shape ``(n,) + batch_shape + event_shape``.
        """
        raise self._undefined('sample_n')

    def sample(self, sample_shape=()):
        """Draws samples of shape ``sample_shape + batch_shape + event_shape``.

        Args:
            sample_shape (int or tuple of ints): the leading shape; an int ``n`` is
                ``(n,)`` and ``()`` draws one sample without a leading axis.

        Returns:
            ~chainer.Variable: the samples, from :meth:`sample_n`.
        """
        if isinstance(sample_shape, numbers.Integral):
            sample_shape = (sample_shape,)
        sample_shape = tuple(int(size) for size in sample_shape)
        n = 1
        for size in sample_shape:
            n *= size
        samples = self.sample_n(n)
        return samples.reshape(sample_shape + tuple(self.batch_shape) +
                               tuple(self.event_shape))

    @property
    def xp(self):
        """The array module (numpy or cupy) of the distribution's parameters."""
        from chainer import backend
        return backend.get_array_module(*self.params.values())


_KL_DIVERGENCE = {}


def register_kl(Dist1, Dist2):
    """Decorator registering the KL divergence of a ``Dist1`` from a ``Dist2``.

    :func:`kl_divergence` calls the decorated function ``f(dist1, dist2)`` for
    instances of these classes (or of subclasses without a registration of their own).

    Args:
        Dist1 (type): the class of the first operand, a :class:`Distribution`.
        Dist2 (type): the class of the second operand.

    Returns:
        callable: the decorator; it returns the function unchanged.
    """
    def register(kl):
        _KL_DIVERGENCE[Dist1, Dist2] = kl
        return kl
    return register


def _lookup_kl(type1, type2):
    for base1 in type1.__mro__:
        for base2 in type2.__mro__:
            kl = _KL_DIVERGENCE.get((base1, base2))
            if kl is not None:
                return kl
    raise NotImplementedError(
        'no KL divergence is registered for {} and {} (use chainer.register_kl)'
        .format(type1.__name__, type2.__name__))


def kl_divergence(dist1, dist2):
    """The Kullback-Leibler divergence :math:`D_{KL}(p \\| q)`.

    :math:`\\int p(x) \\log \\frac{p(x)}{q(x)} dx` (a sum for discrete
    distributions), computed by the function :func:`register_kl` registered for the
    two classes (exact classes first, then their base classes).

    Args:
        dist1 (Distribution): :math:`p`.
        dist2 (Distribution): :math:`q`.

    Returns:
        ~chainer.Variable: the divergence, shape ``batch_shape``.

    Raises:
        NotImplementedError: nothing is registered for the two classes.
    """
    return _lookup_kl(type(dist1), type(dist2))(dist1, dist2)


def cross_entropy(dist1, dist2):
    """The cross entropy :math:`H(p, q) = -\\int p(x) \\log q(x) dx`.

    Computed as ``dist1.entropy + kl_divergence(dist1, dist2)``.

    Args:
        dist1 (Distribution): :math:`p`.
        dist2 (Distribution): :math:`q`.

    Returns:
        ~chainer.Variable: the cross entropy, shape ``batch_shape``.
    """
    return dist1.entropy + kl_divergence(dist1, dist2)
