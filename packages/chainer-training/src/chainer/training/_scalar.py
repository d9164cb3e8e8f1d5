"""Reported scalars as plain floats."""
import numbers

import numpy

from chainer import cuda
from chainer import variable


def to_float(value):
    """A reported scalar (Python or numpy scalar, 0-d host or device array, or a
    Variable of one) as a Python float."""
    if isinstance(value, variable.Variable):
        value = value.data
    if isinstance(value, (numbers.Number, numpy.ndarray, numpy.generic)):
        return float(value)
    return float(cuda.to_cpu(value))
