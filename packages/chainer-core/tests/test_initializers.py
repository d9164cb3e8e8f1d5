"""Tests of chainer.initializers: statistics with fixed seeds."""
import numpy
import pytest

import chainer
from chainer import initializers
from chainer import testing

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
# (out, in, kh, kw): as in Chainer v1, fan_in = 30 * 4 = 120 and fan_out = 40 (the
# output axis alone); 4800 samples.
_SHAPE = (40, 30, 2, 2)
_FAN_IN, _FAN_OUT = 120, 40


def _sample(initializer, dtype, shape=_SHAPE, seed=0):
    numpy.random.seed(seed)
    array = numpy.empty(shape, dtype=dtype)
    initializer(array)
    return array


def _std_cases():
    return [
        {'cls': initializers.Normal, 'scale': 0.5, 'std': 0.5},
        {'cls': initializers.LeCunNormal, 'scale': 2.0,
         'std': 2.0 * numpy.sqrt(1.0 / _FAN_IN)},
        {'cls': initializers.GlorotNormal, 'scale': 1.5,
         'std': 1.5 * numpy.sqrt(2.0 / (_FAN_IN + _FAN_OUT))},
        {'cls': initializers.HeNormal, 'scale': 0.5,
         'std': 0.5 * numpy.sqrt(2.0 / _FAN_IN)},
    ]


@testing.parameterize(*testing.product_dict(_std_cases(),
                                            [{'dtype': d} for d in _DTYPES]))
class TestNormalFamily(object):

    def test_statistics(self):
        x = _sample(self.cls(scale=self.scale, dtype=self.dtype), self.dtype)
        assert x.dtype == self.dtype
        x = x.astype(numpy.float64)
        assert abs(x.mean()) < 0.1 * self.std
        assert abs(x.std() / self.std - 1) < 0.05
        # A Gaussian, not a uniform: some samples beyond 2.5 std.
        assert (abs(x) > 2.5 * self.std).mean() > 0.005


def _bound_cases():
    return [
        {'cls': initializers.Uniform, 'scale': 0.3, 'bound': 0.3},
        {'cls': initializers.LeCunUniform, 'scale': 2.0,
         'bound': 2.0 * numpy.sqrt(3.0 / _FAN_IN)},
        {'cls': initializers.GlorotUniform, 'scale': 1.5,
         'bound': 1.5 * numpy.sqrt(6.0 / (_FAN_IN + _FAN_OUT))},
        {'cls': initializers.HeUniform, 'scale': 0.5,
         'bound': 0.5 * numpy.sqrt(6.0 / _FAN_IN)},
    ]


@testing.parameterize(*testing.product_dict(_bound_cases(),
                                            [{'dtype': d} for d in _DTYPES]))
class TestUniformFamily(object):

    def test_statistics(self):
        x = _sample(self.cls(scale=self.scale, dtype=self.dtype), self.dtype)
        assert x.dtype == self.dtype
        x = x.astype(numpy.float64)
        # float16 rounding may land exactly on the bound.
        assert abs(x).max() <= self.bound * (1 + 1e-3)
        assert abs(x).max() > 0.98 * self.bound
        assert abs(x.mean()) < 0.05 * self.bound
        assert abs(x.std() / (self.bound / numpy.sqrt(3)) - 1) < 0.05


def test_default_scales():
    assert initializers.Normal().scale == 0.05
    assert initializers.Uniform().scale == 0.05
    assert initializers.Orthogonal().scale == 1.1
    for cls in (initializers.GlorotNormal, initializers.HeNormal,
                initializers.LeCunUniform, initializers.GlorotUniform,
                initializers.HeUniform, initializers.Identity):
        assert cls().scale == 1.0


def test_seed_reproducibility():
    a = _sample(initializers.HeNormal(), numpy.float32, seed=3)
    b = _sample(initializers.HeNormal(), numpy.float32, seed=3)
    numpy.testing.assert_array_equal(a, b)


def test_fan_based_initializers_need_2d():
    with pytest.raises(ValueError, match='two dimensions'):
        initializers.HeNormal()(numpy.empty(3, 'f'))


def test_get_fans_as_v1_defines_them():
    # v1: fan_in is the product of every axis but the first, fan_out the first axis.
    assert initializers.get_fans((4, 3)) == (3, 4)
    assert initializers.get_fans((2, 3, 4)) == (12, 2)
    assert initializers.get_fans(_SHAPE) == (_FAN_IN, _FAN_OUT)


def test_get_fans_lives_in_chainer_initializer_as_in_v1():
    from chainer import initializer
    assert initializer.get_fans is initializers.get_fans
    with pytest.raises(ValueError):
        initializer.get_fans((2,))


def test_bad_scale():
    with pytest.raises(TypeError, match='scale'):
        initializers.Normal(scale='big')


@testing.parameterize(*testing.product({
    'shape': [(3, 5), (4, 4), (2, 3, 2), ()], 'dtype': _DTYPES}))
class TestOrthogonal(object):

    def test_orthonormal_rows(self):
        x = _sample(initializers.Orthogonal(scale=1.5, dtype=self.dtype), self.dtype,
                    shape=self.shape)
        assert x.dtype == self.dtype
        if x.ndim == 0:
            assert x == 1.5
            return
        flat = x.reshape(len(x), -1).astype(numpy.float64)
        tol = 1e-2 if self.dtype == numpy.float16 else 1e-5
        testing.assert_allclose(flat.dot(flat.T), 1.5 ** 2 * numpy.eye(len(x)),
                                atol=tol, rtol=tol)


def test_orthogonal_errors():
    with pytest.raises(ValueError, match='vectors'):
        initializers.Orthogonal(mode='projection')(numpy.empty((5, 3), 'f'))
    with pytest.raises(ValueError, match='empty'):
        initializers.Orthogonal()(numpy.empty((0, 3), 'f'))


@pytest.mark.parametrize('dtype', _DTYPES)
def test_identity(dtype):
    x = numpy.empty((3, 3), dtype=dtype)
    initializers.Identity(scale=2.0, dtype=dtype)(x)
    numpy.testing.assert_array_equal(x, 2 * numpy.eye(3))
    with pytest.raises(ValueError, match='square'):
        initializers.Identity()(numpy.empty((2, 3), dtype=dtype))


@pytest.mark.parametrize('dtype', _DTYPES)
def test_constant_family(dtype):
    x = numpy.empty((2, 3), dtype=dtype)
    initializers.Constant(numpy.array([1, 2, 3]), dtype=dtype)(x)
    numpy.testing.assert_array_equal(x, [[1, 2, 3], [1, 2, 3]])
    initializers.Zero(dtype)(x)
    assert (x == 0).all()
    initializers.One(dtype)(x)
    assert (x == 1).all()
    initializers.NaN(dtype)(x)
    assert numpy.isnan(x).all()
    assert initializers.Zero(dtype).dtype == dtype


def test_constant_bad_broadcast_names_shapes():
    with pytest.raises(ValueError, match=r'\(4,\).*\(2, 3\)'):
        initializers.Constant(numpy.zeros(4))(numpy.empty((2, 3)))


@pytest.mark.parametrize('initializer', [
    initializers.Normal(dtype=numpy.float64), initializers.HeUniform(dtype='d'),
    initializers.Orthogonal(dtype='d'), initializers.Constant(1, dtype='d'),
    initializers.Identity(dtype='d')])
def test_dtype_is_checked(initializer):
    with pytest.raises(TypeError, match='float64.*float32'):
        initializer(numpy.empty((2, 2), dtype=numpy.float32))


def test_base_class_is_abstract():
    with pytest.raises(TypeError):
        initializers.Initializer()


class TestInitWeight(object):

    def test_none_is_he_normal_with_lecun_scale(self):
        numpy.random.seed(0)
        w = numpy.empty(_SHAPE, 'f')
        chainer.init_weight(w, None)
        assert abs(w.std() / numpy.sqrt(1.0 / _FAN_IN) - 1) < 0.05

    def test_scalar_array_and_callable(self):
        w = numpy.empty((2, 2), 'f')
        initializers.init_weight(w, 3.0)
        assert (w == 3).all()
        initializers.init_weight(w, numpy.array([[1, 2], [3, 4]], 'f'), scale=2)
        numpy.testing.assert_array_equal(w, [[2, 4], [6, 8]])

        def fill_seven(a):
            a[...] = 7
        initializers.init_weight(w, fill_seven, scale=0.5)
        assert (w == 3.5).all()

    def test_scale_keeps_dtype(self):
        w = numpy.empty((2, 2), numpy.float16)
        initializers.init_weight(w, initializers.One(), scale=0.5)
        assert w.dtype == numpy.float16 and (w == 0.5).all()

    def test_bad_initializer(self):
        with pytest.raises(TypeError, match='initializer'):
            initializers.init_weight(numpy.empty(2), 'zeros')


def test_generate_array_dtype():
    a = initializers.generate_array(initializers.One(), (2, 3), numpy)
    assert a.dtype == numpy.float32 and a.shape == (2, 3) and (a == 1).all()
    b = initializers.generate_array(initializers.One(numpy.float16), (2,), numpy)
    assert b.dtype == numpy.float16


def test_v1_get_initializer_makes_constants_of_values():
    init = initializers._get_initializer(10)
    assert isinstance(init, initializers.Constant)
    x = numpy.empty((2, 3), dtype=numpy.int32)
    init(x)
    numpy.testing.assert_array_equal(x, numpy.full((2, 3), 10))
    init = initializers._get_initializer(numpy.array([1., 2.]), scale=3)
    x = numpy.empty(2, dtype=numpy.float32)
    init(x)
    numpy.testing.assert_array_equal(x, [3, 6])


def test_v1_get_initializer_scales_a_callable_and_keeps_its_dtype():
    def fill(array):
        array[...] = 100

    assert initializers._get_initializer(fill) is fill
    x = numpy.empty(2, dtype=numpy.float16)
    scaled = initializers._get_initializer(
        initializers.Constant(2, dtype=numpy.float16), scale=0.5)
    assert scaled.dtype == numpy.float16
    scaled(x)
    numpy.testing.assert_array_equal(x, [1, 1])


def test_v1_get_initializer_default_is_scaled_he_normal():
    init = initializers._get_initializer(None, scale=2.0)
    assert isinstance(init, initializers.HeNormal)
    assert init.scale == pytest.approx(2.0 / numpy.sqrt(2))


def test_an_initializer_of_a_wrong_type_is_also_an_assertion_error_as_in_v1():
    link = chainer.Link()
    for error in (TypeError, AssertionError):
        with pytest.raises(error, match='initializer must be None, a scalar'):
            link.add_param('W', (2, 3), initializer={})
