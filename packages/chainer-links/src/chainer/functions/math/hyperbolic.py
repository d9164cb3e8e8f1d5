"""Chainer v1's ``chainer.functions.math.hyperbolic``: the hyperbolic functions.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.math``.
"""
from chainer.functions.math.cosh import Cosh  # noqa: F401
from chainer.functions.math.cosh import cosh  # noqa: F401
from chainer.functions.math.sinh import Sinh  # noqa: F401
from chainer.functions.math.sinh import sinh  # noqa: F401
