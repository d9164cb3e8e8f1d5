"""Tests of chainer.testing: product, parameterize, condition, attr."""
import sys
import unittest

import numpy
import pytest

from chainer import cuda
from chainer import testing
from chainer.testing import attr
from chainer.testing import condition


def test_product_of_dict():
    got = testing.product({'a': [1, 2], 'b': ['x', 'y']})
    assert got == [{'a': 1, 'b': 'x'}, {'a': 1, 'b': 'y'},
                   {'a': 2, 'b': 'x'}, {'a': 2, 'b': 'y'}]


def test_product_of_dict_lists_merges():
    got = testing.product([[{'a': 1}, {'a': 2}], [{'b': 3, 'c': 4}]])
    assert got == [{'a': 1, 'b': 3, 'c': 4}, {'a': 2, 'b': 3, 'c': 4}]


def test_product_dict():
    got = testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 3}], [{'c': 5}, {'c': 6}])
    assert got == [{'a': 1, 'b': 3, 'c': 5}, {'a': 1, 'b': 3, 'c': 6},
                   {'a': 2, 'b': 3, 'c': 5}, {'a': 2, 'b': 3, 'c': 6}]


def test_product_rejects_scalar_values():
    with pytest.raises(TypeError, match="'a'"):
        testing.product({'a': 1})


def test_assert_allclose_is_gradient_checks():
    from chainer import gradient_check
    assert testing.assert_allclose is gradient_check.assert_allclose
    testing.assert_allclose(numpy.ones(2), numpy.ones(2) + 1e-7)
    with pytest.raises(AssertionError):
        testing.assert_allclose(numpy.ones(2), numpy.zeros(2))


# parameterize -----------------------------------------------------------------

def _double(x):
    return 2 * x


@testing.parameterize(*testing.product({'n': [1, 2], 'f': [_double]}))
class TestParameterized(object):

    def test_attributes(self):
        assert self.n in (1, 2)
        # A function parameter is not bound as a method.
        assert self.f(self.n) == 2 * self.n


@testing.parameterize({'x': 3})
class ParameterizedUnittest(unittest.TestCase):

    def test_x(self):
        self.assertEqual(self.x, 3)


def test_parameterize_generates_classes_and_hides_base():
    module = sys.modules[__name__]
    # v1 bound the name to None; now it holds the generated classes (not a test)
    assert not isinstance(module.TestParameterized, type)
    assert module.TestParameterized_param_0.n == 1
    assert module.TestParameterized_param_1.n == 2
    assert not hasattr(module, 'TestParameterized_param_2')
    assert issubclass(module.ParameterizedUnittest_param_0, unittest.TestCase)


def test_parameterize_failure_names_parameters():
    generated = {}

    class Base(object):
        def test_fail(self):
            assert self.n == 0

    Base.__module__ = __name__
    module = sys.modules[__name__]
    before = set(vars(module))
    try:
        assert not isinstance(testing.parameterize({'n': 7})(Base), type)
        generated = {k: v for k, v in vars(module).items() if k not in before}
        cls = generated['Base_param_0']
        with pytest.raises(AssertionError, match='n=7'):
            cls().test_fail()
    finally:
        for k in generated:
            delattr(module, k)


def test_parameterize_rejects_non_dict():
    with pytest.raises(TypeError):
        testing.parameterize([1, 2])


# condition --------------------------------------------------------------------

class _Flaky(object):
    def __init__(self, outcomes):
        self.outcomes = list(outcomes)
        self.calls = 0

    def __call__(self):
        self.calls += 1
        assert self.outcomes.pop(0)


def test_retry_passes_after_failures():
    flaky = _Flaky([False, False, True])
    condition.retry(3)(flaky.__call__)()
    assert flaky.calls == 3


def test_retry_fails_when_every_trial_fails():
    flaky = _Flaky([False] * 3)
    with pytest.raises(AssertionError, match='Fail: 3, Success: 0'):
        condition.retry(3)(flaky.__call__)()
    assert flaky.calls == 3


def test_retry_stops_at_first_success():
    flaky = _Flaky([True, False])
    condition.retry(2)(flaky.__call__)()
    assert flaky.calls == 1


def test_repeat_needs_every_trial():
    flaky = _Flaky([True, True, False])
    with pytest.raises(AssertionError):
        condition.repeat(3)(flaky.__call__)()
    assert flaky.calls == 3
    ok = _Flaky([True] * 3)
    condition.repeat(3)(ok.__call__)()
    assert ok.calls == 3


def test_repeat_with_success_at_least():
    flaky = _Flaky([False, True, True, False])
    condition.repeat_with_success_at_least(4, 2)(flaky.__call__)()
    assert flaky.calls == 3


def test_condition_rejects_bad_counts():
    with pytest.raises(ValueError, match='times'):
        condition.retry(0)
    with pytest.raises(ValueError, match='min_success'):
        condition.repeat_with_success_at_least(2, 3)


def test_condition_bad_counts_are_assertion_errors_as_in_v1():
    with pytest.raises(AssertionError, match='min_success'):
        condition.repeat_with_success_at_least(10, 11)


def test_zero_min_success_passes_as_in_v1():
    flaky = _Flaky([False] * 3)
    condition.repeat_with_success_at_least(3, 0)(flaky.__call__)()
    assert flaky.calls == 1


def test_errors_count_as_failed_trials_as_in_v1():
    calls = []

    def broken():
        calls.append(1)
        if len(calls) < 3:
            raise KeyError('boom')

    condition.retry(3)(broken)()
    assert len(calls) == 3


def test_failure_message_reports_counts_and_first_error_as_in_v1():
    def failing():
        raise ValueError('the first one')

    with pytest.raises(AssertionError) as info:
        condition.repeat_with_success_at_least(4, 2)(failing)()
    message = str(info.value)
    assert message.splitlines()[0] == (
        'failing passed 0 of the needed 2 trials; first error: ValueError: the first one')
    assert 'Fail: 3, Success: 0' in message
    assert 'The first error message:' in message
    assert "ValueError: the first one" in message


class TestRetryOnMethod(unittest.TestCase):
    """Each trial after the first runs on a fresh instance with setUp."""

    instances = []

    def setUp(self):
        self.state = 0

    @condition.retry(3)
    def test_fresh_state(self):
        TestRetryOnMethod.instances.append(self)
        self.state += 1
        assert self.state == 1
        assert len(TestRetryOnMethod.instances) >= 2

    @classmethod
    def tearDownClass(cls):
        assert len(set(map(id, cls.instances))) == 2


def test_skip_propagates_through_retry():
    def skipping():
        raise unittest.SkipTest('no')
    with pytest.raises(unittest.SkipTest):
        condition.retry(3)(skipping)()


# attr -------------------------------------------------------------------------

def _target():
    # pytest marks only apply to named functions (not lambdas): a fresh one.
    def target():
        pass
    return target


def _marks(f):
    return {m.name: m for m in getattr(f, 'pytestmark', [])}


def test_gpu_mark_and_skip():
    def f():
        pass
    marks = _marks(attr.gpu(f))
    assert 'gpu' in marks
    assert marks['skipif'].args[0] == (not attr._gpu_available()[0])


def test_cudnn_marks():
    marks = _marks(attr.cudnn(_target()))
    assert {'gpu', 'cudnn', 'skipif'} <= set(marks)


def test_multi_gpu_marks():
    marks = _marks(attr.multi_gpu(2)(_target()))
    assert marks['multi_gpu'].args == (2,)
    if not attr._gpu_available()[0]:
        assert marks['skipif'].args[0] is True
    with pytest.raises(ValueError, match='gpu_num'):
        attr.multi_gpu(0)


def test_broken_backend_counts_as_unavailable(monkeypatch):
    import chainer.cuda as cuda_module

    def broken(name):
        raise ImportError('backend is broken')
    monkeypatch.setattr(cuda_module, '__getattr__', broken)
    available, reason = attr._gpu_available()
    assert not available and 'broken' in reason
    assert _marks(attr.gpu(_target()))['skipif'].args[0] is True


def test_slow_mark():
    assert _marks(attr.slow(_target()))['slow'].name == 'slow'


@attr.gpu
def test_gpu_test_is_skipped_without_gpu():
    # Runs only with a GPU backend; without one this test is reported as skipped.
    assert cuda.available


def test_plugin_registers_markers():
    from chainer.testing import pytest_plugin

    class Config(object):
        def __init__(self):
            self.lines = []

        def addinivalue_line(self, name, line):
            self.lines.append((name, line))

    config = Config()
    pytest_plugin.pytest_configure(config)
    names = {line.split(':')[0] for _, line in config.lines}
    assert names == {'gpu', 'cudnn', 'multi_gpu(gpu_num)', 'slow', 'ideep', 'chainerx'}
