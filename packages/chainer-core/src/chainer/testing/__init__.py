"""Test helpers shared by every Chainer distribution's test-suite.

``product``/``product_dict``/``parameterize`` generate parameterized test classes,
``condition`` repeats flaky (stochastic) tests, ``attr`` holds the pytest marks for
tests that need a GPU, cuDNN, several GPUs or a lot of time, ``assert_allclose``
compares host and device arrays, and ``check_signature`` compares an implementation's
signature with a documented parameter list.
"""
from chainer.gradient_check import assert_allclose  # noqa: F401
from chainer.testing import attr  # noqa: F401
from chainer.testing import condition  # noqa: F401
from chainer.testing.parameterized import parameterize  # noqa: F401
from chainer.testing.parameterized import product  # noqa: F401
from chainer.testing.parameterized import product_dict  # noqa: F401
from chainer.testing.signature import check_signature  # noqa: F401

__all__ = ['assert_allclose', 'attr', 'check_signature', 'condition', 'parameterize',
           'product', 'product_dict']
