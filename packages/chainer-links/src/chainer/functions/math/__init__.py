"""Mathematical functions (spec 001 §3.4.6, 003 "Mathematical functions").

``basic_math`` (the Variable operators) and ``matmul`` live in chainer-core and are
re-exported here; ``tanh`` is an activation function (``chainer.functions.activation``).
"""
from chainer.functions.math import basic_math  # noqa: F401
from chainer.functions.math.absolute import abs
from chainer.functions.math.absolute import absolute
from chainer.functions.math.arccos import Arccos
from chainer.functions.math.arccos import arccos
from chainer.functions.math.arcsin import Arcsin
from chainer.functions.math.arcsin import arcsin
from chainer.functions.math.arctan import Arctan
from chainer.functions.math.arctan import arctan
from chainer.functions.math.argmax import ArgMax
from chainer.functions.math.argmax import argmax
from chainer.functions.math.argmin import ArgMin
from chainer.functions.math.argmin import argmin
from chainer.functions.math.average import Average
from chainer.functions.math.average import average
from chainer.functions.math.batch_inv import BatchInv
from chainer.functions.math.batch_inv import batch_inv
from chainer.functions.math.batch_l2_norm_squared import BatchL2NormSquared
from chainer.functions.math.batch_l2_norm_squared import batch_l2_norm_squared
from chainer.functions.math.batch_matmul import BatchMatMul
from chainer.functions.math.batch_matmul import batch_matmul
from chainer.functions.math.bias import Bias
from chainer.functions.math.bias import bias
from chainer.functions.math.ceil import Ceil
from chainer.functions.math.ceil import ceil
from chainer.functions.math.clip import Clip
from chainer.functions.math.clip import clip
from chainer.functions.math.cos import Cos
from chainer.functions.math.cos import cos
from chainer.functions.math.cosh import Cosh
from chainer.functions.math.cosh import cosh
from chainer.functions.math.exp import Exp
from chainer.functions.math.exp import exp
from chainer.functions.math.floor import Floor
from chainer.functions.math.floor import floor
from chainer.functions.math.identity import Identity
from chainer.functions.math.identity import identity
from chainer.functions.math.inv import Inv
from chainer.functions.math.inv import inv
from chainer.functions.math.linear_interpolate import LinearInterpolate
from chainer.functions.math.linear_interpolate import linear_interpolate
from chainer.functions.math.log import Log
from chainer.functions.math.log import log
from chainer.functions.math.log10 import Log10
from chainer.functions.math.log10 import log10
from chainer.functions.math.log1p import Log1p
from chainer.functions.math.log1p import log1p
from chainer.functions.math.log2 import Log2
from chainer.functions.math.log2 import log2
from chainer.functions.math.logsumexp import LogSumExp
from chainer.functions.math.logsumexp import logsumexp
from chainer.functions.math.matmul import MatMul
from chainer.functions.math.matmul import matmul
from chainer.functions.math.max import Max
from chainer.functions.math.max import max
from chainer.functions.math.maximum import Maximum
from chainer.functions.math.maximum import maximum
from chainer.functions.math.mean import mean
from chainer.functions.math.min import Min
from chainer.functions.math.min import min
from chainer.functions.math.minimum import Minimum
from chainer.functions.math.minimum import minimum
from chainer.functions.math.rsqrt import Rsqrt
from chainer.functions.math.rsqrt import rsqrt
from chainer.functions.math.scale import Scale
from chainer.functions.math.scale import scale
from chainer.functions.math.sin import Sin
from chainer.functions.math.sin import sin
from chainer.functions.math.sinh import Sinh
from chainer.functions.math.sinh import sinh
from chainer.functions.math.sqrt import Sqrt
from chainer.functions.math.sqrt import sqrt
from chainer.functions.math.square import Square
from chainer.functions.math.square import square
from chainer.functions.math.squared_difference import SquaredDifference
from chainer.functions.math.squared_difference import squared_difference
from chainer.functions.math.sum import Sum
from chainer.functions.math.sum import sum
from chainer.functions.math.tan import Tan
from chainer.functions.math.tan import tan

__all__ = [
    'abs', 'absolute', 'Arccos', 'arccos', 'Arcsin', 'arcsin', 'Arctan', 'arctan',
    'ArgMax', 'argmax',
    'ArgMin', 'argmin', 'Average', 'average', 'BatchInv', 'batch_inv',
    'BatchL2NormSquared', 'batch_l2_norm_squared', 'BatchMatMul', 'batch_matmul',
    'Bias', 'bias', 'Ceil', 'ceil', 'Clip', 'clip', 'Cos', 'cos', 'Cosh', 'cosh', 'Exp',
    'exp', 'Floor', 'floor', 'Identity', 'identity', 'Inv', 'inv', 'LinearInterpolate',
    'linear_interpolate', 'Log', 'log', 'Log10', 'log10', 'Log1p', 'log1p', 'Log2',
    'log2', 'LogSumExp', 'logsumexp', 'MatMul', 'matmul', 'Max', 'max', 'Maximum',
    'maximum', 'mean', 'Min', 'min', 'Minimum', 'minimum', 'Rsqrt', 'rsqrt', 'Scale',
    'scale', 'Sin', 'sin', 'Sinh', 'sinh', 'Sqrt', 'sqrt', 'Square', 'square',
    'SquaredDifference', 'squared_difference', 'Sum', 'sum', 'Tan', 'tan',
]
