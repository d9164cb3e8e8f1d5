"""Bilinear and EmbedID."""
import pickle

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_bilinear_forward_equals_formula():
    link = L.Bilinear(2, 3, 4)
    assert link.W.shape == (2, 3, 4) and link.V1.shape == (2, 4)
    assert link.V2.shape == (3, 4) and link.b.shape == (4,)
    numpy.testing.assert_array_equal(link.b.data, 0)
    e1, e2 = _x(5, 2), _x(5, 3)
    y = link(chainer.Variable(e1), chainer.Variable(e2))
    expected = (numpy.einsum('bj,bk,jkl->bl', e1, e2, link.W.data) +
                e1.dot(link.V1.data) + e2.dot(link.V2.data) + link.b.data)
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-5, atol=1e-6)


def test_bilinear_nobias_and_initial_values():
    W = _x(2, 3, 4)
    link = L.Bilinear(2, 3, 4, nobias=True, initialW=W)
    assert [p for p, _ in link.namedparams()] == ['/W']
    e1, e2 = _x(5, 2), _x(5, 3)
    numpy.testing.assert_allclose(link(e1, e2).data, F.bilinear(e1, e2, W).data)
    V1, V2, b = _x(2, 4), _x(3, 4), _x(4)
    link = L.Bilinear(2, 3, 4, initial_bias=(V1, V2, b))
    numpy.testing.assert_array_equal(link.V2.data, V2)
    with pytest.raises(ValueError, match='initial_bias'):
        L.Bilinear(2, 3, 4, initial_bias=(V1, V2))
    with pytest.raises(ValueError, match='right_size'):
        L.Bilinear(2, 0, 4)


def test_embed_id_forward_and_ignore_label():
    link = L.EmbedID(5, 3, ignore_label=-1)
    x = numpy.array([[0, 4], [-1, 2]], dtype=numpy.int32)
    y = link(chainer.Variable(x))
    assert y.shape == (2, 2, 3)
    numpy.testing.assert_array_equal(y.data[0, 1], link.W.data[4])
    numpy.testing.assert_array_equal(y.data[1, 0], 0)
    W = _x(5, 3)
    numpy.testing.assert_array_equal(L.EmbedID(5, 3, initialW=W).W.data, W)
    with pytest.raises(ValueError, match='ignore_label'):
        L.EmbedID(5, 3, ignore_label=0.5)
    with pytest.raises(ValueError, match='in_size'):
        L.EmbedID(0, 3)


def test_embed_id_pickled_without_ignore_label_still_works_as_in_v1():
    # Links pickled by old versions have no ignore_label attribute: v1 fell back to
    # the class default (None), so they still load and run.
    link = L.EmbedID(3, 4)
    del link.ignore_label
    link = pickle.loads(pickle.dumps(link))
    assert 'ignore_label' not in link.__dict__ and link.ignore_label is None
    y = link(chainer.Variable(numpy.array([2, 0], dtype=numpy.int32)))
    numpy.testing.assert_array_equal(y.data, link.W.data[[2, 0]])


def test_embed_id_out_of_range_ids_raise():
    with pytest.raises(ValueError, match='ids'):
        L.EmbedID(5, 3)(chainer.Variable(numpy.array([5], dtype=numpy.int32)))


@pytest.mark.parametrize('case', ['bilinear', 'embed'])
def test_backward_serialization_copies(case, tmp_path):
    if case == 'bilinear':
        def make():
            return L.Bilinear(2, 3, 2)
        data = (numpy.random.randn(3, 2), numpy.random.randn(3, 3))
        gy = numpy.random.randn(3, 2)
    else:
        def make():
            return L.EmbedID(4, 3)
        data = (numpy.array([0, 3, 3], dtype=numpy.int32),)
        gy = numpy.random.randn(3, 3)
    link = make()
    link_checks.perturb(link)
    link_checks.check_backward(link, data, gy)
    data = tuple(d.astype(numpy.float32) if d.dtype.kind == 'f' else d for d in data)

    def call(link):
        return link(*[chainer.Variable(d) for d in data])
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)


def test_bilinear_in_sizes_attribute_as_in_v1():
    link = L.Bilinear(2, 3, 4, nobias=True)
    assert link.in_sizes == (2, 3) and link.nobias is True


def test_bilinear_default_initialization_is_v1s():
    # v1 drew W, V1 and V2 from LeCun normal distributions: N(0, 1 / fan_in) with
    # fan_in = K L for W (J, K, L) and L for V1 (J, L) and V2 (K, L); b was zero.
    numpy.random.seed(0)
    link = L.Bilinear(20, 30, 40)
    numpy.testing.assert_allclose(link.W.data.std(), (30 * 40) ** -0.5, rtol=0.05)
    numpy.testing.assert_allclose(link.V1.data.std(), 40 ** -0.5, rtol=0.1)
    numpy.testing.assert_allclose(link.V2.data.std(), 40 ** -0.5, rtol=0.1)
    numpy.testing.assert_array_equal(link.b.data, 0)
    V2 = _x(30, 40)
    link = L.Bilinear(20, 30, 40, initial_bias=(None, V2, None))
    assert numpy.isfinite(link.V1.data).all() and link.V1.data.std() > 0.1
    numpy.testing.assert_array_equal(link.V2.data, V2)
    numpy.testing.assert_array_equal(link.b.data, 0)


@pytest.mark.parametrize('args', [
    dict(initialW=_x(3, 3, 4)), dict(initial_bias=(_x(3, 4), _x(3, 4), _x(4))),
    dict(initial_bias=(_x(2, 4), _x(4, 4), _x(4))),
    dict(initial_bias=(_x(2, 4), _x(3, 4), _x(5)))])
def test_bilinear_initial_array_of_wrong_shape_raises_assertion_error_as_in_v1(args):
    with pytest.raises(AssertionError, match='shape'):
        L.Bilinear(2, 3, 4, **args)
    with pytest.raises(ValueError, match='shape'):
        L.Bilinear(2, 3, 4, **args)
