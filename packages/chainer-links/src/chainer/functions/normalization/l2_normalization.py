"""Chainer v1's ``chainer.functions.normalization.l2_normalization``: ``normalize``.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.normalization``.
"""
from chainer.functions.normalization.normalize import NormalizeL2  # noqa: F401
from chainer.functions.normalization.normalize import normalize  # noqa: F401
