"""Chainer v1's ``chainer.functions.math.exponential``: the exponential and logarithms.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.math``.
"""
from chainer.functions.math.exp import Exp  # noqa: F401
from chainer.functions.math.exp import exp  # noqa: F401
from chainer.functions.math.log import Log  # noqa: F401
from chainer.functions.math.log import log  # noqa: F401
from chainer.functions.math.log2 import Log2  # noqa: F401
from chainer.functions.math.log2 import log2  # noqa: F401
from chainer.functions.math.log10 import Log10  # noqa: F401
from chainer.functions.math.log10 import log10  # noqa: F401
