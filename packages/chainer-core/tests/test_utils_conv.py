"""chainer.utils.conv / conv_nd: size rules and im2col/col2im against direct loops."""
import itertools

import numpy
import pytest

from chainer.utils import conv
from chainer.utils import conv_nd


@pytest.mark.parametrize('size,k,s,p,cover_all,d,expected', [
    (5, 3, 1, 0, False, 1, 3),
    (5, 3, 2, 1, False, 1, 3),
    (6, 3, 2, 0, False, 1, 2),
    (6, 3, 2, 0, True, 1, 3),
    (7, 3, 1, 0, False, 2, 3),
    (4, 2, 2, 0, True, 1, 2),
])
def test_get_conv_outsize(size, k, s, p, cover_all, d, expected):
    assert conv.get_conv_outsize(size, k, s, p, cover_all, d) == expected


@pytest.mark.parametrize('size,k,s,p,cover_all', [
    (3, 3, 1, 0, False), (3, 3, 2, 1, False), (2, 3, 2, 0, True), (4, 2, 3, 1, True)])
def test_deconv_outsize_inverts_conv_outsize(size, k, s, p, cover_all):
    out = conv.get_deconv_outsize(size, k, s, p, cover_all)
    assert conv.get_conv_outsize(out, k, s, p, cover_all) == size


def _reference_im2col(img, ksize, stride, pad, pval, cover_all, dilate):
    nd = img.ndim - 2
    outs = [conv.get_conv_outsize(img.shape[2 + i], ksize[i], stride[i], pad[i],
                                  cover_all, dilate[i]) for i in range(nd)]
    col = numpy.empty(img.shape[:2] + tuple(ksize) + tuple(outs), img.dtype)
    for kk in itertools.product(*[range(k) for k in ksize]):
        for oo in itertools.product(*[range(o) for o in outs]):
            pos = [oo[i] * stride[i] + kk[i] * dilate[i] - pad[i] for i in range(nd)]
            inside = all(0 <= pos[i] < img.shape[2 + i] for i in range(nd))
            idx = (slice(None), slice(None)) + kk + oo
            col[idx] = img[(slice(None), slice(None)) + tuple(pos)] if inside else pval
    return col


CASES = [
    # ksize, stride, pad, cover_all, dilate, spatial
    ((3, 3), (1, 1), (0, 0), False, (1, 1), (5, 4)),
    ((2, 3), (2, 1), (1, 2), False, (1, 1), (5, 4)),
    ((2, 2), (2, 2), (0, 0), True, (1, 1), (5, 5)),
    ((2, 2), (3, 2), (1, 0), True, (2, 1), (6, 5)),
    ((3,), (2,), (1,), False, (1,), (7,)),
    ((2, 1, 2), (1, 2, 1), (0, 1, 1), True, (1, 1, 2), (3, 4, 4)),
]


@pytest.mark.parametrize('ksize,stride,pad,cover_all,dilate,spatial', CASES)
def test_im2col_nd_matches_loop(ksize, stride, pad, cover_all, dilate, spatial):
    img = numpy.random.uniform(-1, 1, (2, 3) + spatial).astype(numpy.float32)
    col = conv_nd.im2col_nd(img, ksize, stride, pad, pval=-7.0, cover_all=cover_all,
                            dilate=dilate)
    numpy.testing.assert_array_equal(
        col, _reference_im2col(img, ksize, stride, pad, -7.0, cover_all, dilate))


@pytest.mark.parametrize('ksize,stride,pad,cover_all,dilate,spatial', CASES)
def test_col2im_nd_is_adjoint_of_im2col(ksize, stride, pad, cover_all, dilate, spatial):
    # <im2col(x), c> == <x, col2im(c)> for every x, c.
    x = numpy.random.uniform(-1, 1, (2, 3) + spatial)
    col = conv_nd.im2col_nd(x, ksize, stride, pad, cover_all=cover_all, dilate=dilate)
    c = numpy.random.uniform(-1, 1, col.shape)
    back = conv_nd.col2im_nd(c, stride, pad, spatial, dilate=dilate)
    assert back.shape == x.shape
    numpy.testing.assert_allclose((col * c).sum(), (x * back).sum(), rtol=1e-10)


def test_2d_wrappers_match_nd():
    img = numpy.random.uniform(-1, 1, (1, 2, 5, 6)).astype(numpy.float64)
    col = conv.im2col_cpu(img, 3, 2, 2, 1, 1, 0, pval=0, cover_all=True, dy=1, dx=2)
    numpy.testing.assert_array_equal(
        col, _reference_im2col(img, (3, 2), (2, 1), (1, 0), 0, True, (1, 2)))
    back = conv.col2im_cpu(col, 2, 1, 1, 0, 5, 6, dy=1, dx=2)
    assert back.shape == img.shape
    assert conv.im2col_gpu is conv.im2col  # v1 signature: cover_all 8th, no pval


def test_im2col_memory_layout_is_gemm_ready():
    img = numpy.ones((2, 3, 4, 4), numpy.float32)
    col = conv_nd.im2col_nd(img, 2, 1, 0)
    assert col.shape == (2, 3, 2, 2, 3, 3)
    # Channel-major buffer (c, k..., n, out...): the row matrix in Fortran order.
    assert col.transpose(1, 2, 3, 0, 4, 5).flags.c_contiguous
    assert conv_nd.col_rows(col).flags.f_contiguous


def test_bad_arguments():
    img = numpy.zeros((1, 1, 2, 2), numpy.float32)
    with pytest.raises(ValueError, match='too small'):
        conv_nd.im2col_nd(img, 3, 1, 0)
    with pytest.raises(ValueError, match='tuple of 2'):
        conv_nd.as_tuple((1, 2, 3), 2)
    with pytest.raises(ValueError, match='4-d'):
        conv.im2col_cpu(numpy.zeros((2, 2, 2)), 1, 1, 1, 1, 0, 0)
    assert conv_nd.as_tuple(3, 2) == (3, 3)


def _channels_last(a):
    # The same values as `a`, laid out as a C-contiguous (n, d..., c) buffer.
    return numpy.moveaxis(numpy.ascontiguousarray(numpy.moveaxis(a, 1, -1)), -1, 1)


@pytest.mark.parametrize('ksize,stride,pad,cover_all,dilate,spatial', CASES)
def test_im2col_nd_of_channels_last_image(ksize, stride, pad, cover_all, dilate, spatial):
    img = _channels_last(numpy.random.uniform(-1, 1, (2, 3) + spatial).astype(numpy.float32))
    assert conv_nd.is_channels_last(img)
    col = conv_nd.im2col_nd(img, ksize, stride, pad, pval=-7.0, cover_all=cover_all,
                            dilate=dilate)
    numpy.testing.assert_array_equal(
        col, _reference_im2col(img, ksize, stride, pad, -7.0, cover_all, dilate))
    # Rows (n, out..., k..., c): channel runs stay contiguous, and col_rows is a view.
    nd = len(ksize)
    assert conv_nd.col_row_axes(col) == ((0,) + tuple(range(nd + 2, 2 * nd + 2)) +
                                         tuple(range(2, nd + 2)) + (1,))
    rows = conv_nd.col_rows(col)
    assert numpy.shares_memory(rows, col)
    assert rows.shape == (col.size // (3 * int(numpy.prod(ksize))), 3 * int(numpy.prod(ksize)))


def test_col_rows_of_channels_first_image_is_a_view_in_c_k_order():
    img = numpy.random.uniform(-1, 1, (2, 3, 4, 5))
    col = conv_nd.im2col_nd(img, (2, 3), 1, 0)
    rows = conv_nd.col_rows(col)
    assert numpy.shares_memory(rows, col)
    numpy.testing.assert_array_equal(rows[0], col[0, :, :, :, 0, 0].ravel())


def test_pad_image_keeps_the_memory_layout():
    img = _channels_last(numpy.arange(24.0).reshape(1, 2, 3, 4))
    padded = conv_nd.pad_image(img, (1, 0), (5, 6), -1.0)
    assert conv_nd.is_channels_last(padded)
    numpy.testing.assert_array_equal(padded[:, :, 1:4, :4], img)
    assert (padded[:, :, 0] == -1).all() and (padded[:, :, 4] == -1).all()
    assert (padded[:, :, :, 4:] == -1).all()
    assert conv_nd.pad_image(img, (0, 0), (3, 4), 0) is img
    assert not conv_nd.is_channels_last(numpy.zeros((1, 2, 3, 4)))
    assert not conv_nd.is_channels_last(numpy.zeros((1, 1, 3, 4)))


def test_empty_image_layouts():
    a = conv_nd.empty_image((2, 3, 4, 5), numpy.float32, True, numpy)
    assert a.shape == (2, 3, 4, 5) and conv_nd.is_channels_last(a) and not a.any()
    b = conv_nd.empty_image((2, 3, 4), numpy.float16, False, numpy, fill=2)
    assert b.flags.c_contiguous and b.dtype == numpy.float16 and (b == 2).all()


@pytest.mark.parametrize('ksize,stride,pad,cover_all,dilate,spatial', CASES)
def test_col2im_nd_of_channels_last_col(ksize, stride, pad, cover_all, dilate, spatial):
    x = numpy.random.uniform(-1, 1, (2, 3) + spatial)
    col = conv_nd.im2col_nd(x, ksize, stride, pad, cover_all=cover_all, dilate=dilate)
    c = numpy.random.uniform(-1, 1, col.shape)
    nd = len(ksize)
    order = (0,) + tuple(range(nd + 2, 2 * nd + 2)) + tuple(range(2, nd + 2)) + (1,)
    c_last = numpy.ascontiguousarray(c.transpose(order)).transpose(numpy.argsort(order))
    expected = conv_nd.col2im_nd(c, stride, pad, spatial, dilate=dilate)
    got = conv_nd.col2im_nd(c_last, stride, pad, spatial, dilate=dilate)
    assert conv_nd.is_channels_last(got)
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)


def test_out_sizes_and_padded_lengths():
    outs, lengths = conv_nd.out_sizes((5, 5), (2, 2), (2, 2), (0, 0), cover_all=True)
    assert outs == (3, 3) and lengths == (6, 6)
    assert conv_nd.padded_lengths((2,), (3,), (1,), (1,), (4,), (2,)) == (6,)
    with pytest.raises(ValueError, match='too small'):
        conv_nd.out_sizes((2,), (3,), (1,), (0,))


def test_to_layout():
    a = numpy.arange(24.0).reshape(1, 2, 3, 4)
    last = conv_nd.to_layout(a, True)
    assert conv_nd.is_channels_last(last)
    numpy.testing.assert_array_equal(last, a)
    assert numpy.shares_memory(conv_nd.to_layout(last, True), last)
    first = conv_nd.to_layout(last, False)
    assert first.flags.c_contiguous and not numpy.shares_memory(first, last)
    numpy.testing.assert_array_equal(first, a)
    assert conv_nd.to_layout(a, False) is a


# v1's names -------------------------------------------------------------------------

def test_conv_nd_exports_get_conv_outsize_as_in_v1():
    assert conv_nd.get_conv_outsize(10, 3, 2, 1) == conv.get_conv_outsize(10, 3, 2, 1)


def test_as_tuple_length_mismatch_is_an_assertion_error_as_in_v1():
    with pytest.raises(AssertionError, match='tuple of 3'):
        conv_nd.as_tuple((1,), 3)
    assert conv_nd.as_tuple([1, 2, 3], 3) == (1, 2, 3)


def test_v1_device_named_im2col_nd_and_col2im_nd():
    img = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 5, 4)).astype('f')
    args = ((2, 3), (1, 2), (1, 0))
    expected = conv_nd.im2col_nd(img, *args)
    for im2col in (conv_nd.im2col_nd_cpu, conv_nd.im2col_nd_gpu):
        col = im2col(img, *args)
        assert col.shape == (2, 3, 2, 3, 6, 1)
        numpy.testing.assert_array_equal(col, expected)
    for col2im in (conv_nd.col2im_nd_cpu, conv_nd.col2im_nd_gpu):
        numpy.testing.assert_array_equal(
            col2im(expected, (1, 2), (1, 0), (5, 4)),
            conv_nd.col2im_nd(expected, (1, 2), (1, 0), (5, 4)))


def test_utils_array_helpers_as_in_v1():
    from chainer.utils import array
    x = numpy.arange(24, dtype='f').reshape(2, 3, 4)
    assert array.as_vec(x).shape == (24,)
    assert array.as_mat(x).shape == (2, 12)
    e = array.empty_like(x)
    assert e.shape == x.shape and e.dtype == x.dtype and type(e) is numpy.ndarray
