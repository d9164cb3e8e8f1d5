"""Chainer v1's ``chainer.functions.math.logarithm_1p``: ``log1p``.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.math``.
"""
from chainer.functions.math.log1p import Log1p  # noqa: F401
from chainer.functions.math.log1p import log1p  # noqa: F401
