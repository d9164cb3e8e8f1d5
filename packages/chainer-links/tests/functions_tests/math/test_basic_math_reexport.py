import importlib

import numpy

import chainer
from chainer.core_functions import basic_math as core_basic_math


def test_basic_math_reexports_core():
    module = importlib.import_module('chainer.functions.math.basic_math')
    for name in ('Add', 'Sub', 'Mul', 'Div', 'Neg', 'Absolute', 'PowVarVar',
                 'PowVarConst', 'PowConstVar', 'AddConstant', 'MulConstant'):
        assert getattr(module, name) is getattr(core_basic_math, name)


def test_basic_math_operators_build_graph(rng, dtype, check_backward):
    a = rng.uniform(0.5, 1.5, (2, 3)).astype(dtype)
    b = rng.uniform(0.5, 1.5, (2, 3)).astype(dtype)
    y = chainer.Variable(a) * chainer.Variable(b) + 1
    numpy.testing.assert_allclose(y.data, a * b + 1, rtol=1e-2)
    check_backward(lambda a, b: (a - b) / b, (a, b), numpy.ones((2, 3), dtype), dtype)
