"""Chainer v1's ``chainer.functions.math.minmax``: the maximum, minimum and their indices over axes.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.math``.
"""
from chainer.functions.math.max import Max  # noqa: F401
from chainer.functions.math.max import max  # noqa: F401
from chainer.functions.math.min import Min  # noqa: F401
from chainer.functions.math.min import min  # noqa: F401
from chainer.functions.math.argmax import ArgMax  # noqa: F401
from chainer.functions.math.argmax import argmax  # noqa: F401
from chainer.functions.math.argmin import ArgMin  # noqa: F401
from chainer.functions.math.argmin import argmin  # noqa: F401
