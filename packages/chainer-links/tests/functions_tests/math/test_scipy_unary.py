"""The shared base of the SciPy-backed unary functions (erf, ndtr, lgamma, ...)."""
import sys

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.math import _scipy_unary
from chainer.functions.math import erf as erf_module
from chainer.functions.math import log_ndtr as log_ndtr_module

NAMES = ['erf', 'erfc', 'erfcinv', 'erfcx', 'erfinv', 'log_ndtr', 'ndtr', 'ndtri']


@pytest.mark.parametrize('name', NAMES)
def test_public_function_keeps_its_name_module_and_docstring(name):
    f = getattr(F, name)
    assert f.__name__ == name
    assert f.__module__ == 'chainer.functions.math.' + name
    assert '.. math:: y = ' in f.__doc__
    assert 'ImportError: on the CPU when SciPy is not installed.' in f.__doc__


def test_docstring_keeps_a_two_line_summary_and_escapes():
    assert log_ndtr_module.log_ndtr.__doc__.startswith(
        'Logarithm of the standard normal cumulative distribution function,\n'
        '    elementwise.\n\n    .. math:: y = \\log \\mathrm{ndtr}(x).\n')
    assert '\\frac{2}{\\sqrt{\\pi}}' in erf_module.erf.__doc__


@pytest.mark.parametrize('name, label', [
    ('erf', 'erf'), ('ndtri', 'ndtri'), ('lgamma', 'lgamma'), ('digamma', 'digamma')])
def test_node_label_and_class(name, label):
    pytest.importorskip('scipy.special')
    y = getattr(F, name)(numpy.array([0.25, 0.5], numpy.float32))
    assert isinstance(y.creator, _scipy_unary.ScipyUnary)
    assert y.creator.label == label
    assert y.dtype == numpy.float32


def test_factory_builds_a_working_function():
    special = pytest.importorskip('scipy.special')

    class Half(_scipy_unary.ScipyUnary):
        label = 'half_erf'
        scipy_name = 'erf'

        def derivative(self, xp, x, y, gy):
            return gy * 0

    f = _scipy_unary.scipy_unary_function(Half, 'Summary.', 'y = x.')
    assert f.__name__ == 'half_erf' and f.__module__ == __name__
    assert f.__doc__.startswith('Summary.\n\n    .. math:: y = x.\n')
    x = numpy.array([0.0, 0.5, -1.0])
    numpy.testing.assert_allclose(f(x).array, special.erf(x))
    v = chainer.Variable(x)
    y = f(v)
    y.grad = numpy.ones_like(x)
    y.backward()
    numpy.testing.assert_array_equal(v.grad, numpy.zeros_like(x))


def test_missing_scipy_raises_import_error_naming_scipy(monkeypatch):
    monkeypatch.setitem(sys.modules, 'scipy', None)
    monkeypatch.setitem(sys.modules, 'scipy.special', None)
    with pytest.raises(ImportError, match='chainer.functions.erfcx needs SciPy'):
        F.erfcx(numpy.array([0.5], numpy.float32))
