import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_forward_equals_function_on_params():
    link = L.Linear(3, 2)
    x = _x(4, 3)
    y = link(chainer.Variable(x))
    numpy.testing.assert_allclose(y.data, x.dot(link.W.data.T) + link.b.data,
                                  rtol=1e-6)
    assert y.data.dtype == numpy.float32


def test_shapes_defaults_and_initial_values():
    link = L.Linear(3, 2, bias=0.5)
    assert link.W.shape == (2, 3) and link.b.shape == (2,)
    numpy.testing.assert_array_equal(link.b.data, 0.5)
    W = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    link = L.Linear(3, 2, initialW=W, initial_bias=numpy.array([1, 2], 'f'))
    numpy.testing.assert_array_equal(link.W.data, W)
    numpy.testing.assert_array_equal(link.b.data, [1, 2])
    link = L.Linear(3, 2, nobias=True)
    assert link.b is None and [p for p, _ in link.namedparams()] == ['/W']


def test_wscale_multiplies_the_variance():
    # Default W ~ N(0, wscale / in_size) (Chainer v1 scales by sqrt(wscale)).
    W1 = L.Linear(400, 200).W.data
    W4 = L.Linear(400, 200, wscale=4).W.data
    assert abs(W1.std() - numpy.sqrt(1 / 400.)) < 0.003
    assert abs(W4.std() - numpy.sqrt(4 / 400.)) < 0.006
    numpy.testing.assert_array_equal(
        L.Linear(2, 2, wscale=4, initialW=numpy.ones((2, 2), 'f')).W.data, 2)


def test_lazy_input_size():
    link = L.Linear(None, 2)
    # v2+: an uninitialized Parameter (data None), listed among the parameters
    assert isinstance(link.W, chainer.Parameter) and link.W.data is None
    assert link.has_uninitialized_params
    assert sorted(p for p, _ in link.namedparams()) == ['/W', '/b']
    x = _x(4, 3, 2)
    y = link(chainer.Variable(x))
    assert link.W.shape == (2, 6) and y.shape == (4, 2)
    numpy.testing.assert_allclose(y.data, F.linear(x, link.W.data, link.b.data).data)


def test_lazy_input_size_loaded_from_file(tmp_path):
    src = L.Linear(None, 2)
    src(chainer.Variable(_x(1, 3)))
    chainer.serializers.save_npz(str(tmp_path / 'l.npz'), src)
    dst = L.Linear(None, 2)
    chainer.serializers.load_npz(str(tmp_path / 'l.npz'), dst)
    numpy.testing.assert_array_equal(dst.W.data, src.W.data)


@pytest.mark.parametrize('nobias', [False, True])
def test_backward_reaches_every_param(nobias):
    link = L.Linear(3, 2, nobias=nobias)
    link_checks.check_backward(link, numpy.random.randn(4, 3),
                               numpy.random.randn(4, 2))


def test_serialization_and_copies(tmp_path):
    x = _x(2, 3)

    def call(link):
        return link(chainer.Variable(x))
    link_checks.check_serialization(lambda: L.Linear(3, 2), call, tmp_path)
    link_checks.check_copies(lambda: L.Linear(3, 2), call)


@pytest.mark.parametrize('args,match', [
    ((0, 2), 'in_size'), ((3, -1), 'out_size'), ((3.5, 2), 'in_size'),
    ((3, 2, 0), 'wscale'), ((3, 2, 'x'), 'wscale')])
def test_bad_constructor_arguments(args, match):
    with pytest.raises(ValueError, match=match):
        L.Linear(*args)


def test_bad_initial_weight_shape():
    with pytest.raises(ValueError, match="'W'"):
        L.Linear(3, 2, initialW=numpy.ones((3, 3), 'f'))


def test_mis_shaped_input():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.Linear(3, 2)(chainer.Variable(_x(4, 5)))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
def test_initializer_dtype_decides_the_param_dtype_as_in_v1(dtype):
    from chainer import initializers
    link = L.Linear(3, 2, initialW=initializers.HeNormal(dtype=dtype),
                    initial_bias=initializers.Constant(0, dtype=dtype))
    assert link.W.dtype == dtype and link.b.dtype == dtype
    scaled = L.Linear(3, 2, wscale=4, initialW=initializers.Normal(dtype=dtype))
    assert scaled.W.dtype == dtype and scaled.b.dtype == numpy.float32
    y = link(chainer.Variable(numpy.ones((1, 3), dtype=dtype)))
    assert y.dtype == dtype


def test_constructor_arguments_are_attributes_as_in_v1():
    W = numpy.ones((2, 3), dtype=numpy.float32)
    link = L.Linear(3, 2, wscale=2, initialW=W)
    assert link.initialW is W and link.wscale == 2 and link.out_size == 2


def test_lazy_linear_accepts_a_shape_out_size_until_it_is_used():
    # v2+ builds Linear((3, 3)) (e.g. as a placeholder in a Sequential); the error
    # naming out_size comes when the weight is made
    link = L.Linear((3, 3))
    assert link.out_size == (3, 3) and link.b.shape == (3, 3)
    with pytest.raises(ValueError, match='out_size must be a positive int'):
        link(_x(2, 4))
    with pytest.raises(ValueError, match='out_size'):
        L.Linear(4, (3, 3))
