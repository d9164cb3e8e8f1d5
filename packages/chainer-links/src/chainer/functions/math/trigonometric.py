"""Chainer v1's ``chainer.functions.math.trigonometric``: trigonometric functions.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.math``.
"""
from chainer.functions.math.sin import Sin  # noqa: F401
from chainer.functions.math.sin import sin  # noqa: F401
from chainer.functions.math.cos import Cos  # noqa: F401
from chainer.functions.math.cos import cos  # noqa: F401
from chainer.functions.math.tan import Tan  # noqa: F401
from chainer.functions.math.tan import tan  # noqa: F401
from chainer.functions.math.arcsin import Arcsin  # noqa: F401
from chainer.functions.math.arcsin import arcsin  # noqa: F401
from chainer.functions.math.arccos import Arccos  # noqa: F401
from chainer.functions.math.arccos import arccos  # noqa: F401
from chainer.functions.math.arctan import Arctan  # noqa: F401
from chainer.functions.math.arctan import arctan  # noqa: F401
