"""Utility functions (spec 003, Utility functions)."""
from chainer.functions.util.forget import forget, Forget

__all__ = ['forget', 'Forget']
