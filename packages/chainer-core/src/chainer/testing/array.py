"""Array comparison for tests: v1's ``chainer.testing.array`` module.

:func:`assert_allclose` compares numpy and GPU arrays alike; it is the same function as
:func:`chainer.gradient_check.assert_allclose`, reachable under v1's module path.
"""
from chainer.gradient_check import assert_allclose  # noqa: F401

__all__ = ['assert_allclose']
