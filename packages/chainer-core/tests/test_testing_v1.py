"""chainer.testing as Chainer v1's own test files use it: run_module, with_requires,
unary_math_function_unittest and the chainer.testing.array module."""
import subprocess
import sys
import textwrap
import unittest

import numpy
import pytest

import chainer
from chainer import testing


def test_run_module_does_nothing_when_imported():
    assert testing.run_module('tests.test_something', __file__) is None


def test_run_module_runs_the_tests_of_a_v1_file_executed_as_a_script(tmp_path):
    script = tmp_path / 'test_v1_style.py'
    script.write_text(textwrap.dedent('''
        import unittest
        from chainer import testing

        class TestOne(unittest.TestCase):
            def test_passes(self):
                self.assertTrue(True)

        def test_also_passes():
            pass

        testing.run_module(__name__, __file__)
        '''))
    result = subprocess.run([sys.executable, str(script)], capture_output=True,
                            text=True, cwd=str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert '2 passed' in result.stdout


def test_with_requires_runs_a_test_whose_requirements_are_met():
    ran = []

    @testing.with_requires('numpy>=1.10', 'chainer-core')
    def needs_numpy():
        ran.append(True)

    needs_numpy()
    assert ran == [True]


@pytest.mark.parametrize('requirement', ['numpy<1.0', 'no-such-distribution-here'])
def test_with_requires_skips_a_test_whose_requirements_are_unmet(requirement):
    @testing.with_requires(requirement)
    def unmet():
        raise AssertionError('must not run')

    with pytest.raises(unittest.SkipTest, match='requires: ' + requirement):
        unmet()


def test_testing_array_module_holds_assert_allclose_as_in_v1():
    from chainer.testing import array
    assert array.assert_allclose is testing.assert_allclose
    with pytest.raises(AssertionError):
        array.assert_allclose(numpy.zeros(2), numpy.ones(2))


class Sin(chainer.Function):
    """A unary elementwise function to run the generated tests against."""

    label = 'sin'

    def forward(self, xs):
        return chainer.utils.force_array(numpy.sin(xs[0])),

    def backward(self, xs, gys):
        return chainer.utils.force_array(numpy.cos(xs[0]) * gys[0]),


@testing.unary_math_function_unittest(Sin())
class TestUnaryMathFunctionUnittestOnSin(unittest.TestCase):
    """The decorator adds v1's test methods; pytest collects the 6 variants here."""


def test_unary_math_function_unittest_generates_v1_methods_and_cases():
    generated = [getattr(sys.modules[__name__], name) for name in dir(
        sys.modules[__name__]) if name.startswith('TestUnaryMathFunctionUnittestOnSin_')]
    assert len(generated) == 6
    assert {(c.shape, c.dtype) for c in generated} == {
        (s, d) for s in [(3, 2), ()]
        for d in [numpy.float16, numpy.float32, numpy.float64]}
    for name in ('test_forward_cpu', 'test_forward_gpu', 'test_backward_cpu',
                 'test_backward_gpu', 'test_label', 'check_forward', 'check_backward'):
        assert hasattr(generated[0], name)


def test_unary_math_function_unittest_needs_a_numpy_counterpart():
    class Dummy(object):
        pass

    with pytest.raises(ValueError, match='dummy'):
        testing.unary_math_function_unittest(Dummy())


def _positive(shape, dtype):
    return (numpy.random.uniform(0.5, 1, shape).astype(dtype),
            numpy.random.uniform(-1, 1, shape).astype(dtype))


class NaturalLog(chainer.Function):
    """No numpy function has this name: only ``func_expected`` can check it."""

    def forward(self, xs):
        return chainer.utils.force_array(numpy.log(xs[0])),

    def backward(self, xs, gys):
        return chainer.utils.force_array(gys[0] / xs[0]),


# The generated tests fail unless the reference, the label and the data (log needs
# positive inputs) given here are used.
@testing.unary_math_function_unittest(NaturalLog(), func_expected=numpy.log,
                                      label_expected='NaturalLog', make_data=_positive)
class TestUnaryMathFunctionUnittestOptions(unittest.TestCase):
    pass
