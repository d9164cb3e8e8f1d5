"""linear and the (de)convolutions: v4+-v6+ arguments (n_batch_axes, dilate, groups),
the 1-d/3-d names, and gradients of gradients (double backprop)."""
import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


def _rand(*shape, seed=0):
    return numpy.random.RandomState(seed + sum(shape)).uniform(-1, 1, shape)


def _conv_reference(x, W, b, stride, pad, dilate, groups):
    """Direct loops over output positions (no im2col): y[n, m, o...]."""
    nd = x.ndim - 2
    xp = numpy.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in pad])
    ksize = W.shape[2:]
    outs = [(xp.shape[2 + i] - (ksize[i] - 1) * dilate[i] - 1) // stride[i] + 1
            for i in range(nd)]
    m, cg = W.shape[:2]
    mg = m // groups
    y = numpy.zeros((x.shape[0], m) + tuple(outs))
    for o in itertools.product(*[range(n) for n in outs]):
        for k in itertools.product(*[range(n) for n in ksize]):
            idx = tuple(o[i] * stride[i] + k[i] * dilate[i] for i in range(nd))
            for g in range(groups):
                patch = xp[(slice(None), slice(g * cg, (g + 1) * cg)) + idx]
                w = W[(slice(g * mg, (g + 1) * mg), slice(None)) + k]
                y[(slice(None), slice(g * mg, (g + 1) * mg)) + o] += patch.dot(w.T)
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


def test_linear_n_batch_axes_forward():
    x, W, b = _rand(2, 3, 4, 2), _rand(5, 8), _rand(5)
    y = F.linear(x, W, b, n_batch_axes=2)
    assert y.shape == (2, 3, 5)
    numpy.testing.assert_allclose(y.data, x.reshape(6, 8).dot(W.T).reshape(2, 3, 5) + b)
    with pytest.raises(ValueError):
        F.linear(x, W, b, n_batch_axes=0)


@pytest.mark.parametrize('n_batch_axes', [1, 2])
@pytest.mark.parametrize('nobias', [False, True])
def test_linear_double_backward(n_batch_axes, nobias):
    x = _rand(3, 2, 4)
    W = _rand(5, 4 if n_batch_axes == 2 else 8)
    args = (x, W) if nobias else (x, W, _rand(5))

    def f(*a):
        return F.linear(*a, n_batch_axes=n_batch_axes)

    gy = _rand(*f(*args).shape, seed=1)
    gradient_check.check_double_backward(
        f, args, gy, tuple(_rand(*a.shape, seed=2) for a in args), dtype=numpy.float64)


def test_linear_double_backward_float32_weight_of_other_dtype():
    x, W = _rand(3, 4).astype(numpy.float32), _rand(2, 4)  # W float64, as v1 allowed
    xv, Wv = chainer.Variable(x), chainer.Variable(W)
    y = F.linear(xv, Wv)
    gx, = chainer.grad([y * y], [xv], grad_outputs=[numpy.ones_like(y.data)],
                       enable_double_backprop=True)
    assert gx.dtype == numpy.float32
    gW, = chainer.grad([gx * gx], [Wv], grad_outputs=[numpy.ones_like(x)])
    assert gW.dtype == numpy.float64 and gW.shape == W.shape


@pytest.mark.parametrize('nd,stride,pad,dilate,groups', [
    (2, (2, 1), (1, 0), (1, 2), 2),
    (1, (1,), (2,), (2,), 3),
    (3, (1, 2, 1), (0, 1, 1), (1, 1, 1), 1),
])
def test_convolution_forward_against_loops(nd, stride, pad, dilate, groups):
    x = _rand(*((2, 6) + (5, 6, 4)[:nd]))
    W = _rand(*((6, 6 // groups) + (2, 3, 2)[:nd]))
    b = _rand(6)
    y = F.convolution_nd(x, W, b, stride, pad, dilate=dilate, groups=groups)
    numpy.testing.assert_allclose(
        y.data, _conv_reference(x, W, b, stride, pad, dilate, groups), atol=1e-12)


def test_convolution_2d_dilate_groups_forward():
    x, W = _rand(2, 4, 7, 7), _rand(4, 2, 3, 3)
    y = F.convolution_2d(x, W, stride=1, pad=2, dilate=2, groups=2)
    numpy.testing.assert_allclose(
        y.data, _conv_reference(x, W, None, (1, 1), (2, 2), (2, 2), 2), atol=1e-12)


@pytest.mark.parametrize('groups', [1, 2])
def test_deconvolution_is_the_adjoint_of_convolution(groups):
    # <deconv(x, W), z> == <x, conv(z, W)> for every z: the definition of the adjoint.
    x, W = _rand(2, 4, 3, 4), _rand(4, 3 // 1 * 1, 3, 2)
    if groups == 2:
        W = _rand(4, 2, 3, 2)
    y = F.deconvolution_nd(x, W, stride=2, pad=1, dilate=(2, 1), groups=groups)
    z = _rand(*y.shape, seed=3)
    back = F.convolution_nd(z, W, stride=2, pad=1, dilate=(2, 1), groups=groups)
    assert back.shape == x.shape
    numpy.testing.assert_allclose((y.data * z).sum(), (x * back.data).sum())


@pytest.mark.parametrize('kind', ['conv', 'deconv'])
@pytest.mark.parametrize('nobias', [False, True])
@pytest.mark.parametrize('groups,dilate,cover_all', [(1, 1, False), (2, 2, False),
                                                      (1, 1, True)])
def test_convolution_double_backward(kind, nobias, groups, dilate, cover_all):
    x = _rand(2, 4, 5, 6)
    if kind == 'conv':
        W = _rand(6, 4 // groups, 3, 2)

        def f(*a):
            return F.convolution_2d(*a, stride=2, pad=1, cover_all=cover_all,
                                    dilate=dilate, groups=groups)
    else:
        if cover_all:
            pytest.skip('cover_all is a convolution argument')
        W = _rand(4, 6 // groups, 3, 2)

        def f(*a):
            return F.deconvolution_2d(*a, stride=2, pad=1, dilate=dilate, groups=groups)
    args = (x, W) if nobias else (x, W, _rand(6))
    gy = _rand(*f(*args).shape, seed=1)
    gg = tuple(_rand(*a.shape, seed=2) for a in args)
    gradient_check.check_backward(f, args, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(f, args, gy, gg, dtype=numpy.float64)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_convolution_double_backward_low_precision(dtype):
    x, W, b = _rand(1, 2, 4, 4), _rand(3, 2, 2, 2), _rand(3)

    def f(*a):
        return F.convolution_2d(*a, pad=1)
    gy = _rand(1, 3, 5, 5, seed=1)
    gradient_check.check_double_backward(
        f, (x, W, b), gy, (_rand(*x.shape, seed=2), _rand(*W.shape, seed=3),
                           _rand(3, seed=4)),
        dtype=numpy.float64 if dtype == numpy.float16 else dtype,
        atol=5e-2, rtol=5e-2)
    # float16 values run the same graph
    xv = chainer.Variable(x.astype(dtype))
    y = f(xv, W.astype(dtype), b.astype(dtype))
    gx, = chainer.grad([y * y], [xv], grad_outputs=[numpy.ones_like(y.data)],
                       enable_double_backprop=True)
    assert gx.dtype == dtype


def test_fixed_rank_names_check_the_rank():
    x1, W1 = _rand(2, 3, 7), _rand(4, 3, 3)
    numpy.testing.assert_allclose(F.convolution_1d(x1, W1, pad=1).data,
                                  F.convolution_nd(x1, W1, pad=1).data)
    x3, W3 = _rand(1, 2, 3, 4, 3), _rand(2, 2, 2, 2, 2)
    assert F.convolution_3d(x3, W3).shape == (1, 2, 2, 3, 2)
    assert F.deconvolution_1d(x1, _rand(3, 2, 3), stride=2).shape == (2, 2, 15)
    assert F.deconvolution_3d(x3, _rand(2, 1, 2, 2, 2)).shape == (1, 1, 4, 5, 4)
    with pytest.raises(ValueError):
        F.convolution_1d(x3, W3)
    with pytest.raises(ValueError):
        F.deconvolution_3d(x1, W1)


def test_groups_must_divide_the_channels():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        F.convolution_2d(_rand(1, 3, 4, 4), _rand(4, 1, 2, 2), groups=2)
    with pytest.raises(ValueError):
        F.convolution_2d(_rand(1, 4, 4, 4), _rand(4, 2, 2, 2), groups=0)


@pytest.mark.parametrize('ignore_label', [None, 1])
def test_embed_id_double_backward(ignore_label):
    x = numpy.array([[0, 2, 1], [2, 3, 0]], numpy.int32)
    W = _rand(4, 3)

    def f(W):
        return F.embed_id(x, W, ignore_label=ignore_label)
    gy = _rand(2, 3, 3, seed=1)
    gradient_check.check_backward(f, (W,), gy, dtype=numpy.float64)
    gradient_check.check_double_backward(f, (W,), gy, (_rand(4, 3, seed=2),),
                                         dtype=numpy.float64)


def test_embed_id_gradient_of_gradient_is_the_lookup():
    # gW(gy) scatters gy's rows; differentiating <gW, v> in gy gives the rows v[x].
    x = numpy.array([0, 2, 2], numpy.int32)
    Wv = chainer.Variable(_rand(3, 2))
    gy = chainer.Variable(_rand(3, 2, seed=1))
    y = F.embed_id(x, Wv)
    gW, = chainer.grad([y], [Wv], grad_outputs=[gy], enable_double_backprop=True)
    v = _rand(3, 2, seed=2)
    ggy, = chainer.grad([gW], [gy], grad_outputs=[v])
    numpy.testing.assert_allclose(ggy.data, v[x])


@pytest.mark.parametrize('full', [False, True])
def test_bilinear_double_backward(full):
    args = (_rand(3, 2, 2), _rand(3, 3), _rand(4, 3, 2))
    if full:
        args += (_rand(4, 2, seed=1), _rand(3, 2, seed=1), _rand(2, seed=1))
    gy = _rand(3, 2, seed=5)
    gg = tuple(_rand(*a.shape, seed=7) for a in args)
    gradient_check.check_backward(F.bilinear, args, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(F.bilinear, args, gy, gg, dtype=numpy.float64)


@pytest.mark.parametrize('nobias', [False, True])
def test_depthwise_convolution_double_backward(nobias):
    args = (_rand(2, 3, 5, 4), _rand(2, 3, 3, 2))
    if not nobias:
        args += (_rand(6),)

    def f(*a):
        return F.depthwise_convolution_2d(*a, stride=(2, 1), pad=1)
    gy = _rand(*f(*args).shape, seed=1)
    gg = tuple(_rand(*a.shape, seed=2) for a in args)
    gradient_check.check_backward(f, args, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(f, args, gy, gg, dtype=numpy.float64)


def test_depthwise_is_a_grouped_convolution():
    x, W = _rand(1, 3, 4, 4), _rand(2, 3, 2, 2)
    Wg = W.transpose(1, 0, 2, 3).reshape(6, 1, 2, 2)
    numpy.testing.assert_allclose(
        F.depthwise_convolution_2d(x, W, pad=1).data,
        _conv_reference(x, Wg, None, (1, 1), (1, 1), (1, 1), 3), atol=1e-12)


def test_dilated_convolution_2d_double_backward():
    x, W = _rand(1, 2, 6, 6), _rand(3, 2, 2, 2)

    def f(x, W):
        return F.dilated_convolution_2d(x, W, pad=1, dilate=2)
    gy = _rand(*f(x, W).shape, seed=1)
    gradient_check.check_double_backward(
        f, (x, W), gy, (_rand(*x.shape, seed=2), _rand(*W.shape, seed=3)),
        dtype=numpy.float64)
