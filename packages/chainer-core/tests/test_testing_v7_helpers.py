"""chainer.testing's v7 helpers: fix_random, parameterize_pytest and stacking,
without_requires, assert_warns, patch, save_and_load*, generate_matrix,
get_trainer_with_mock_updater."""
import random
import sys
import types
import unittest
import warnings

import numpy
import pytest

import chainer
from chainer import testing
from chainer import utils
from chainer.testing import parameterized


# -- fix_random -------------------------------------------------------------------

def test_fix_random_on_a_method_repeats_and_restores():
    numpy.random.seed(7)
    random.seed(7)
    expected_after = (numpy.random.uniform(), random.random())
    numpy.random.seed(7)
    random.seed(7)
    draws = []

    @testing.fix_random()
    def test_draw(self):
        draws.append((numpy.random.uniform(), random.random(), testing.generate_seed()))

    test_draw(None)
    test_draw(None)
    assert draws[0] == draws[1]
    # the outer state continues as if nothing had been drawn
    assert (numpy.random.uniform(), random.random()) == expected_after


def test_generate_seed_needs_fix_random():
    with pytest.raises(RuntimeError, match='fix_random'):
        testing.generate_seed()


def test_fix_random_on_classes_and_bundles():
    module = types.ModuleType('_scratch_fix_random')
    sys.modules[module.__name__] = module
    values = []

    class Case(unittest.TestCase):
        def setUp(self):
            self.x = numpy.random.uniform()

        def test_x(self):
            values.append((getattr(self, 'n', 0), self.x))

    Case.__module__ = module.__name__
    assert testing.fix_random()(Case) is Case
    for _ in range(2):
        case = Case('test_x')
        case.run()
    assert values[0] == values[1]

    class Param(unittest.TestCase):
        def setUp(self):
            self.x = numpy.random.uniform()

        def test_x(self):
            values.append((self.n, self.x))

    Param.__module__ = module.__name__
    bundle = testing.fix_random()(testing.parameterize({'n': 1}, {'n': 2})(Param))
    del values[:]
    for case in bundle.cases:
        case.klass('test_x').run()
    assert [n for n, _ in values] == [1, 2] and values[0][1] == values[1][1]


# -- parameterize ---------------------------------------------------------------------

def test_parameterize_pytest_and_from_pytest_parameterize():
    assert testing.from_pytest_parameterize('a,b', [(1, 2), (3, 4)]) == [
        {'a': 1, 'b': 2}, {'a': 3, 'b': 4}]
    assert testing.from_pytest_parameterize('a', [(1, 2)]) == [{'a': (1, 2)}]
    with pytest.raises(ValueError):
        testing.from_pytest_parameterize('a,b', [(1,)])
    module = types.ModuleType('_scratch_param_pytest')
    sys.modules[module.__name__] = module

    class Case(unittest.TestCase):
        def test_sum(self):
            assert self.a + self.b == 3

    Case.__module__ = module.__name__
    bundle = testing.parameterize_pytest('a,b', [(1, 2), (0, 3)])(Case)
    assert [(c.klass.a, c.klass.b) for c in bundle.cases] == [(1, 2), (0, 3)]


def test_product_with_joint_keys():
    assert testing.product({'a,b': [(1, 2), (3, 4)], 'c': [5]}) == [
        {'a': 1, 'b': 2, 'c': 5}, {'a': 3, 'b': 4, 'c': 5}]


def test_parameterized_errors_keep_their_class_and_name_parameters():
    module = types.ModuleType('_scratch_param_errors')
    sys.modules[module.__name__] = module

    class MyError(AssertionError):
        pass

    class Case(unittest.TestCase):
        def test_fail(self):
            raise MyError('bad value')

        def test_skip(self):
            self.skipTest('not here')

    Case.__module__ = module.__name__
    bundle = testing.parameterize({'n': 3})(Case)
    klass = bundle.cases[0].klass
    with pytest.raises(MyError, match='bad value[\\s\\S]*n=3'):
        klass('test_fail').test_fail()
    with pytest.raises(unittest.SkipTest):
        klass('test_skip').test_skip()
    assert 'parameter' in str(klass('test_fail'))


def test_pairwise_product_dict_covers_every_pair():
    lists = [[{'a': i} for i in range(3)], [{'b': i} for i in range(2)],
             [{'c': i} for i in range(3)], [{'d': i} for i in range(2)]]
    combos = parameterized._pairwise_product_dict(*lists)
    assert len(combos) < 3 * 2 * 3 * 2
    for x, nx in (('a', 3), ('b', 2), ('c', 3)):
        for y, ny in (('b', 2), ('c', 3), ('d', 2)):
            if x < y:
                assert len({(c[x], c[y]) for c in combos}) == nx * ny
    assert parameterized._pairwise_product_dict(*lists[:2]) == \
        testing.product_dict(*lists[:2])
    assert parameterized._product_dict_orig is testing.product_dict


# -- helper -------------------------------------------------------------------------

def test_without_requires():
    @testing.without_requires('numpy')
    def needs_no_numpy():
        pass

    @testing.without_requires('surely-not-installed-package-xyz')
    def runs():
        return 1

    with pytest.raises(unittest.SkipTest):
        needs_no_numpy()
    assert runs() == 1


def test_assert_warns():
    with testing.assert_warns(DeprecationWarning):
        warnings.warn('old', DeprecationWarning, stacklevel=1)
    with pytest.raises(AssertionError, match='UserWarning not triggered'):
        with testing.assert_warns(UserWarning):
            warnings.warn('old', DeprecationWarning, stacklevel=1)


class _Target(object):
    @staticmethod
    def double(x):
        return 2 * x


def test_patch_wraps_the_real_object():
    target = __name__ + '._Target.double'
    with testing.patch(target) as mocked:
        assert _Target.double(4) == 8  # still the real behaviour
    mocked.assert_called_once_with(4)
    with testing.patch(target, wraps=lambda x: -x):
        assert _Target.double(4) == -4
    assert _Target.double(4) == 8


# -- serializer, matrix, training ------------------------------------------------------

class _Holder(object):
    def __init__(self, value):
        self.value = numpy.asarray(value, numpy.float32)

    def serialize(self, serializer):
        self.value = serializer('value', self.value)


def test_save_and_load_npz():
    dst = _Holder([0, 0])
    testing.save_and_load_npz(_Holder([1, 2]), dst)
    numpy.testing.assert_array_equal(dst.value, [1, 2])


def test_save_and_load_hdf5():
    pytest.importorskip('h5py')
    dst = _Holder([0, 0, 0])
    testing.save_and_load_hdf5(_Holder([3, 4, 5]), dst)
    numpy.testing.assert_array_equal(dst.value, [3, 4, 5])


@pytest.mark.parametrize('shape, values', [
    ((3, 2), [2.0, 0.5]), ((2, 4, 4), 1.0), ((2, 3, 2), [[1.0, 3.0], [2.0, 2.0]])])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex128])
def test_generate_matrix_has_the_singular_values(shape, values, dtype):
    a = testing.generate_matrix(shape, dtype=dtype, singular_values=values)
    assert a.shape == shape and a.dtype == dtype
    s = numpy.linalg.svd(a.astype(numpy.complex128), compute_uv=False)
    expected = numpy.sort(numpy.broadcast_to(values, s.shape), axis=-1)[..., ::-1]
    numpy.testing.assert_allclose(s, expected, rtol=1e-5)


def test_generate_matrix_errors():
    with pytest.raises(TypeError):
        testing.generate_matrix((2, 2))
    with pytest.raises(ValueError):
        testing.generate_matrix((2,), singular_values=1)
    with pytest.raises(TypeError):
        testing.generate_matrix((2, 2), dtype=numpy.int32, singular_values=1)
    with pytest.raises(ValueError):
        testing.generate_matrix((2, 2), singular_values=[1, -1])
    with pytest.raises(TypeError):
        testing.generate_matrix((2, 2), singular_values=[1j, 1])
    with pytest.raises(ValueError):
        testing.generate_matrix((2, 2), singular_values=[1, 2, 3])
    assert testing.generate_matrix((0, 3), singular_values=[]).shape == (0, 3)


def test_get_trainer_with_mock_updater():
    pytest.importorskip('chainer.training', exc_type=ImportError)
    calls = []

    def extension(trainer):
        calls.append((trainer.updater.iteration, trainer.updater.epoch,
                      trainer.updater.is_new_epoch))

    trainer = testing.get_trainer_with_mock_updater(
        stop_trigger=(5, 'iteration'), iter_per_epoch=2, extensions=[extension])
    trainer.run()
    assert trainer.updater.iteration == 5
    assert trainer.updater.update_core.call_count == 5
    assert calls == [(1, 0, False), (2, 1, True), (3, 1, False), (4, 2, True),
                     (5, 2, False)]
    assert trainer.updater.epoch_detail == 2.5
    assert trainer.updater.previous_epoch_detail == 2.0


def test_as_noncontiguous_array():
    from chainer.testing import array
    a = numpy.arange(6.0).reshape(2, 3)
    b = array._as_noncontiguous_array(a)
    assert not b.flags.c_contiguous
    numpy.testing.assert_array_equal(a, b)
    c, d = array._as_noncontiguous_array((a, None))
    assert d is None and not c.flags.c_contiguous
    assert chainer.testing.array.assert_allclose is testing.assert_allclose


# -- unary_math_function_unittest, v7 form ---------------------------------------------

class Exp(chainer.FunctionNode):
    """exp as a v7 function node (its class is found by the capitalized name)."""

    @property
    def label(self):
        return 'exp'

    def forward(self, inputs):
        self.retain_outputs((0,))
        xp = chainer.cuda.get_array_module(inputs[0])
        return utils.force_array(xp.exp(inputs[0])),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return grad_outputs[0] * y,


def exp(x):
    return Exp().apply((x,))[0]


@testing.unary_math_function_unittest(exp, forward_options={'atol': 1e-3})
class TestExpV7Form(unittest.TestCase):
    pass


def test_unary_math_function_unittest_v7_form():
    cls = TestExpV7Form_param_0  # noqa: F821 - generated by the decorator
    names = {n for n in dir(cls) if n.startswith('test_')}
    assert {'test_forward_cpu', 'test_backward_cpu', 'test_double_backward_cpu',
            'test_label'} <= names
    case = cls('test_forward_cpu')
    case.setUp()
    assert case.forward_options['atol'] == 1e-3 and case.ggx.shape == case.x.shape
    assert case.backward_options['dtype'] == numpy.float64

    def passthrough(x):  # a name no function class has (chainer.functions has Identity)
        return x * 1.0

    with pytest.warns(DeprecationWarning, match='is_linear'):
        decorate = testing.unary_math_function_unittest(
            passthrough, func_expected=lambda x, dtype: x, is_linear=True)
    module = types.ModuleType('_scratch_unary')
    sys.modules[module.__name__] = module

    class Linear(unittest.TestCase):
        pass

    Linear.__module__ = module.__name__
    bundle = decorate(Linear)
    generated = bundle.cases[0].klass
    assert not hasattr(generated, 'test_label')  # no class named Passthrough
    case = generated('test_double_backward_cpu')
    case.setUp()
    case.test_double_backward_cpu()  # through passthrough(x) ** 2
    with pytest.raises(ValueError, match='label_expected'):
        testing.unary_math_function_unittest(
            passthrough, func_expected=lambda x, dtype: x, label_expected='passthrough')
