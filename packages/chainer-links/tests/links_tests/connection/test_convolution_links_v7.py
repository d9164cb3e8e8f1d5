"""The v2-v7 forms of the (de)convolution links and of L.Linear: the short
``Link(out_channels, ksize)`` form, lazy weights as uninitialized Parameters,
``dilate``/``groups``, the 1-d/3-d links, ``forward`` seen by link hooks."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L


def _x(*shape):
    return numpy.random.RandomState(sum(shape)).uniform(-1, 1, shape).astype(numpy.float32)


@pytest.mark.parametrize('make,x_shape,w_shape', [
    (lambda: L.Convolution2D(6, 3, pad=1), (2, 4, 5, 5), (6, 4, 3, 3)),
    (lambda: L.Deconvolution2D(6, 3), (2, 4, 5, 5), (4, 6, 3, 3)),
    (lambda: L.DilatedConvolution2D(6, 3, dilate=2), (2, 4, 7, 7), (6, 4, 3, 3)),
    (lambda: L.ConvolutionND(3, 2, 2), (1, 3, 4, 4, 4), (2, 3, 2, 2, 2)),
    (lambda: L.DeconvolutionND(1, 2, 3), (1, 3, 4), (3, 2, 3)),
])
def test_short_form_is_lazy(make, x_shape, w_shape):
    link = make()
    assert isinstance(link.W, chainer.Parameter) and link.W.data is None
    y = link(_x(*x_shape))
    assert link.W.shape == w_shape
    assert y.shape[:2] == (x_shape[0], link.out_channels)


def test_convolution_2d_groups_and_dilate():
    link = L.Convolution2D(4, 6, 3, pad=2, dilate=2, groups=2)
    assert link.W.shape == (6, 2, 3, 3)
    x = _x(2, 4, 6, 6)
    y = link(x)
    expected = F.convolution_2d(x, link.W.data, link.b.data, pad=2, dilate=2, groups=2)
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)
    # group 0 of the output does not depend on input group 1
    x2 = x.copy()
    x2[:, 2:] = 0
    numpy.testing.assert_allclose(link(x2).data[:, :3], y.data[:, :3], rtol=1e-6)
    with pytest.raises(ValueError):
        L.Convolution2D(5, 6, 3, groups=2)


def test_deconvolution_2d_groups():
    link = L.Deconvolution2D(4, 6, 3, stride=2, groups=2)
    assert link.W.shape == (4, 3, 3, 3)
    x = _x(1, 4, 3, 3)
    y = link(x)
    expected = F.deconvolution_2d(x, link.W.data, link.b.data, stride=2, groups=2)
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)


@pytest.mark.parametrize('make,nd,transposed', [
    (lambda *a, **k: L.Convolution1D(*a, **k), 1, False),
    (lambda *a, **k: L.Convolution3D(*a, **k), 3, False),
    (lambda *a, **k: L.Deconvolution1D(*a, **k), 1, True),
    (lambda *a, **k: L.Deconvolution3D(*a, **k), 3, True)])
def test_fixed_rank_links(make, nd, transposed):
    link = make(2, 4, 2, groups=2)
    assert link.b is not None and link.W.shape[:2] == ((2, 2) if transposed else (4, 1))
    x = _x(*((2, 2) + (3,) * nd))
    func = F.deconvolution_nd if transposed else F.convolution_nd
    numpy.testing.assert_allclose(
        link(x).data, func(x, link.W.data, link.b.data, groups=2).data, rtol=1e-6)
    assert make(2, 4, 2, nobias=True).b is None
    with pytest.raises(ValueError):
        link(_x(*((2, 2) + (3,) * (nd + 1))))


def test_linear_v7_forms():
    link = L.Linear(3)
    assert link.W.data is None and link.out_size == 3
    x = _x(2, 5, 4)
    y = link(x, n_batch_axes=2)
    assert link.W.shape == (3, 4) and y.shape == (2, 5, 3)
    numpy.testing.assert_allclose(
        y.data, (x.reshape(10, 4).dot(link.W.data.T) + link.b.data).reshape(2, 5, 3),
        rtol=1e-6)
    assert str(link) == 'Linear(in_size=None, out_size=3, nobias=False)'
    copy = L.Linear.from_params(link.W, link.b)
    numpy.testing.assert_array_equal(copy.W.data, link.W.data)
    assert copy.W.data is not link.W.data
    assert L.Linear.from_params(link.W, nobias=True).b is None
    with pytest.raises(ValueError):
        L.Linear.from_params(link.W, numpy.zeros(2, numpy.float32))


class _Recorder(chainer.LinkHook):
    name = 'recorder'

    def __init__(self):
        self.seen = []

    def forward_preprocess(self, args):
        self.seen.append(type(args.link).__name__)


@pytest.mark.parametrize('make,x', [
    (lambda: L.Linear(3, 2), _x(1, 3)),
    (lambda: L.Convolution2D(1, 2, 3), _x(1, 1, 4, 4)),
    (lambda: L.Convolution1D(1, 2, 3), _x(1, 1, 4)),
])
def test_link_hooks_see_forward(make, x):
    link = make()
    hook = _Recorder()
    with hook:
        link(x)
    assert hook.seen == [type(link).__name__]


def test_v1_subclass_overriding_call_still_works():
    class Doubled(L.Linear):
        def __call__(self, x):
            return super(Doubled, self).__call__(x) * 2

    link = Doubled(3, 2)
    x = _x(1, 3)
    numpy.testing.assert_allclose(link(x).data, 2 * L.Linear.forward(link, x).data)


def test_convolution_from_params():
    W, b = _x(4, 1, 2, 2), _x(4)
    link = L.Convolution2D.from_params(W, b, pad=1, groups=2)
    assert link.W.shape == (4, 1, 2, 2) and link.groups == 2
    x = _x(1, 2, 3, 3)
    numpy.testing.assert_allclose(
        link(x).data, F.convolution_2d(x, W, b, pad=1, groups=2).data, rtol=1e-6)
    nd = L.ConvolutionND.from_params(_x(3, 2, 2, 2, 2))
    assert nd.ndim == 3 and nd.W.shape == (3, 2, 2, 2, 2)
    numpy.testing.assert_array_equal(nd.b.data, numpy.zeros(3, numpy.float32))
    with pytest.raises(ValueError):
        L.Convolution2D.from_params(W, _x(3))
    table = _x(5, 3)
    emb = L.EmbedID.from_params(table, ignore_label=-1)
    numpy.testing.assert_array_equal(emb.W.data, table)
    assert emb.ignore_label == -1


def test_mlp_convolution_2d_v7_forms():
    link = L.MLPConvolution2D(2, (3, 4), 3, 1, 1, F.tanh)  # activation after pad (v7)
    assert link.activation is F.tanh
    lazy = L.MLPConvolution2D((3, 4), 3)  # short form: in_channels None
    y = lazy(_x(1, 2, 5, 5))
    assert y.shape == (1, 4, 3, 3) and lazy[0].W.shape == (3, 2, 3, 3)
    numpy.testing.assert_allclose(
        y.data, lazy[1](F.relu(lazy[0](_x(1, 2, 5, 5)))).data, rtol=1e-6)


def test_local_convolution_2d_link():
    lazy = L.LocalConvolution2D(None, 3, ksize=2, stride=(1, 2))
    assert lazy.W.data is None
    x = _x(2, 2, 4, 5)
    y = lazy(x)
    assert lazy.W.shape == (3, 3, 2, 2, 2, 2) and lazy.b.shape == (3, 3, 2)
    numpy.testing.assert_allclose(
        y.data, F.local_convolution_2d(x, lazy.W.data, lazy.b.data, (1, 2)).data)
    eager = L.LocalConvolution2D(2, 3, in_size=4, ksize=3, nobias=True)
    assert eager.W.shape == (3, 2, 2, 2, 3, 3) and eager.b is None
    with pytest.raises(ValueError):
        L.LocalConvolution2D(2, 3, in_size=2, ksize=3)


def test_deformable_convolution_2d_link():
    link = L.DeformableConvolution2D(None, 4, 3, pad=1,
                                     deform_initialW=chainer.initializers.Normal())
    x = _x(2, 3, 5, 5)
    y = link(x)
    assert y.shape == (2, 4, 5, 5)
    assert link.offset_conv.W.shape == (18, 3, 3, 3)
    assert link.deform_conv.W.shape == (4, 3, 3, 3)
    offset = link.offset_conv(x)
    numpy.testing.assert_allclose(
        y.data, F.deformable_convolution_2d_sampler(
            x, offset.data, link.deform_conv.W.data, link.deform_conv.b.data,
            pad=1).data, rtol=1e-5, atol=1e-6)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert link.offset_conv.W.grad is not None and link.deform_conv.W.grad is not None
    default = L.DeformableConvolution2D(3, 4, 3, deform_nobias=True)
    assert default.deform_conv.b is None
    numpy.testing.assert_array_equal(default.deform_conv.W.data, 0)  # v7's default


def test_inception_bn_dtype_follows_the_configuration():
    with chainer.using_config('dtype', numpy.float16):
        link = L.InceptionBN(3, 2, 2, 2, 2, 2, 'max', proj_pool=2)
    assert link.conv1n.gamma.dtype == numpy.float16
    assert L.InceptionBN(3, 2, 2, 2, 2, 2, 'avg', proj_pool=2).conv3n.beta.dtype == numpy.float32
    explicit = L.InceptionBN(3, 2, 2, 2, 2, 2, 'max', 2, dtype=numpy.float64)
    assert explicit.proj3n.avg_var.dtype == numpy.float64  # v1's argument still wins
    numpy.testing.assert_allclose(explicit.proj3n.avg_var, numpy.ones(2))
