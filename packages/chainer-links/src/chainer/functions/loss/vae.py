"""Chainer v1's ``chainer.functions.loss.vae``: the losses of variational auto-encoders.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.loss``.
"""
from chainer.functions.loss.gaussian_kl_divergence import GaussianKLDivergence  # noqa: F401
from chainer.functions.loss.gaussian_kl_divergence import gaussian_kl_divergence  # noqa: F401
from chainer.functions.loss.bernoulli_nll import BernoulliNLL  # noqa: F401
from chainer.functions.loss.bernoulli_nll import bernoulli_nll  # noqa: F401
from chainer.functions.loss.gaussian_nll import GaussianNLL  # noqa: F401
from chainer.functions.loss.gaussian_nll import gaussian_nll  # noqa: F401
