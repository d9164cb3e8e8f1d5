"""The Chainer v7 API of chainer.initializers: generate_array(dtype, device), rng,
HeNormal(fan_option), Orthogonal(mode), Zero/One/NaN classes, resampling filters."""
import numpy
import pytest

import chainer
from chainer import initializers


class TestGenerateArray(object):

    def test_dtype_comes_from_argument_initializer_then_config(self):
        assert initializers.generate_array(
            initializers.Zero(), (2,), numpy).dtype == numpy.float32
        with chainer.using_config('dtype', numpy.float16):
            assert initializers.generate_array(
                initializers.Zero(), (2,), numpy).dtype == numpy.float16
            assert initializers.generate_array(
                initializers.Zero('float64'), (), numpy).dtype == numpy.float64
        a = initializers.generate_array(initializers.One(), 3, numpy, dtype='float64')
        assert a.dtype == numpy.float64 and a.shape == (3,) and (a == 1).all()

    def test_dtype_mismatch_and_wrong_device_raise(self):
        with pytest.raises(ValueError, match='float16.*float32'):
            initializers.generate_array(initializers.Zero(numpy.float32), (2,), numpy,
                                        dtype=numpy.float16)
        a = initializers.generate_array(initializers.One(), (2,), numpy,
                                        device='@numpy')
        assert isinstance(a, numpy.ndarray) and (a == 1).all()
        with pytest.raises(ValueError, match='device'):
            initializers.generate_array(initializers.One(), (2,), object(),
                                        device='@numpy')


@pytest.mark.parametrize('make', [
    lambda rng: initializers.Normal(0.3, rng=rng),
    lambda rng: initializers.LeCunNormal(rng=rng),
    lambda rng: initializers.GlorotNormal(rng=rng),
    lambda rng: initializers.HeNormal(rng=rng),
    lambda rng: initializers.Uniform(0.3, rng=rng),
    lambda rng: initializers.LeCunUniform(rng=rng),
    lambda rng: initializers.GlorotUniform(rng=rng),
    lambda rng: initializers.HeUniform(rng=rng),
    lambda rng: initializers.Orthogonal(rng=rng),
])
def test_rng_gives_reproducible_draws_and_leaves_the_global_state(make):
    numpy.random.seed(5)
    state = numpy.random.get_state()[1].copy()
    first = numpy.empty((3, 4), numpy.float32)
    make(numpy.random.RandomState(1))(first)
    second = numpy.empty((3, 4), numpy.float32)
    make(numpy.random.RandomState(1))(second)
    numpy.testing.assert_array_equal(first, second)
    assert (numpy.random.get_state()[1] == state).all()
    other = numpy.empty((3, 4), numpy.float32)
    make(numpy.random.RandomState(2))(other)
    assert not (other == first).all()


def test_he_normal_fan_out_is_v7s_and_fan_option_is_checked():
    shape = (50, 4, 3, 3)  # v7 fan_out = 50 * 9
    w = numpy.empty(shape)
    initializers.HeNormal(fan_option='fan_out', rng=numpy.random.RandomState(0))(w)
    assert abs(w.std() / numpy.sqrt(2.0 / 450) - 1) < 0.05
    initializers.HeNormal(rng=numpy.random.RandomState(0))(w)
    assert abs(w.std() / numpy.sqrt(2.0 / 36) - 1) < 0.05
    with pytest.raises(ValueError, match='fan_option'):
        initializers.HeNormal(fan_option='fan_avg')


class TestOrthogonalModes(object):

    def test_auto_and_embedding_make_orthonormal_columns_of_tall_matrices(self):
        for mode in ('auto', 'embedding'):
            w = numpy.empty((6, 2, 2))
            initializers.Orthogonal(scale=2.0, mode=mode)(w)
            m = w.reshape(6, 4)
            numpy.testing.assert_allclose(m.T.dot(m), 4 * numpy.eye(4), atol=1e-10)

    def test_default_accepts_tall_matrices_as_v7s_auto(self):
        # v1 refused them; v7 code (e.g. LSTM weights) relies on them
        w = numpy.empty((4, 3))
        initializers.Orthogonal(scale=1.0)(w)
        numpy.testing.assert_allclose(w.T.dot(w), numpy.eye(3), atol=1e-10)
        assert initializers.Orthogonal(scale=2.0)(numpy.empty(())) is None
        w0 = numpy.empty(())
        initializers.Orthogonal(scale=2.0)(w0)
        assert w0 == 2.0  # a 0-dim array gets +scale as in v1
        w = numpy.empty((3, 5))
        initializers.Orthogonal(scale=1.0)(w)
        numpy.testing.assert_allclose(w.dot(w.T), numpy.eye(3), atol=1e-10)

    def test_modes_refuse_shapes(self):
        with pytest.raises(ValueError, match='basis'):
            initializers.Orthogonal(mode='basis')(numpy.empty((3, 4)))
        with pytest.raises(ValueError, match='embedding'):
            initializers.Orthogonal(mode='embedding')(numpy.empty((3, 4)))
        with pytest.raises(ValueError, match='projection'):
            initializers.Orthogonal(mode='projection')(numpy.empty((4, 3)))
        with pytest.raises(ValueError, match='invalid mode'):
            initializers.Orthogonal(mode='square')
        w = numpy.empty((3, 3))
        initializers.Orthogonal(scale=1.0, mode='basis')(w)
        numpy.testing.assert_allclose(w.dot(w.T), numpy.eye(3), atol=1e-10)

    def test_scalar_sign_is_drawn_with_a_mode(self):
        signs = set()
        rng = numpy.random.RandomState(0)
        for _ in range(20):
            w = numpy.empty(())
            initializers.Orthogonal(scale=3.0, mode='auto', rng=rng)(w)
            signs.add(float(w))
        assert signs == {3.0, -3.0}


def test_fixed_value_initializers_are_constant_classes():
    for cls, value in ((initializers.Zero, 0), (initializers.One, 1)):
        init = cls(numpy.float32)
        assert isinstance(init, cls) and isinstance(init, initializers.Constant)
        a = initializers.generate_array(init, (2,), numpy)
        assert a.dtype == numpy.float32 and (a == value).all()
    assert numpy.isnan(initializers.generate_array(initializers.NaN(), (2,), numpy)).all()


def test_dtype_mismatch_at_call_is_type_and_assertion_error():
    with pytest.raises(TypeError):
        initializers.Normal(dtype=numpy.float64)(numpy.empty(2, numpy.float32))
    with pytest.raises(AssertionError):
        initializers.Zero(numpy.float64)(numpy.empty(2, numpy.float32))


class TestResamplingFilters(object):

    def test_upsampling_kernel_is_bilinear_on_the_channel_diagonal(self):
        w = numpy.full((2, 2, 4, 4), 9.0)
        initializers.UpsamplingDeconvFilter()(w)
        tent = numpy.array([0.25, 0.75, 0.75, 0.25])
        numpy.testing.assert_allclose(w[0, 0], numpy.outer(tent, tent))
        numpy.testing.assert_allclose(w[1, 1], numpy.outer(tent, tent))
        assert (w[0, 1] == 0).all() and (w[1, 0] == 0).all()

    def test_downsampling_kernel_sums_to_one_and_single_output(self):
        w = numpy.empty((3, 1, 3, 3, 3), numpy.float32)
        initializers.DownsamplingConvFilter()(w)
        numpy.testing.assert_allclose(w.sum(axis=(2, 3, 4)), numpy.ones((3, 1)),
                                      rtol=1e-6)
        assert w[0, 0, 1, 1, 1] == w.max()  # peak at the centre

    def test_bad_shapes_and_interpolation(self):
        with pytest.raises(ValueError, match='kernel size'):
            initializers.UpsamplingDeconvFilter()(numpy.empty((2, 2, 3, 4)))
        with pytest.raises(ValueError, match='output channels'):
            initializers.UpsamplingDeconvFilter()(numpy.empty((2, 3, 3, 3)))
        with pytest.raises(ValueError, match='linear'):
            initializers.DownsamplingConvFilter(interpolation='cubic')


def test_check_is_initializer_like():
    for ok in (None, 1.0, numpy.ones(2), initializers.One(), lambda a: None):
        initializers._check_is_initializer_like(ok)
    with pytest.raises(TypeError, match='wrong type'):
        initializers._check_is_initializer_like('HeNormal')
