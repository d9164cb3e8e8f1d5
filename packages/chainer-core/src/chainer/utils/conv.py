"""Output-size rules and 2-d im2col/col2im shared by the convolution and pooling functions.

The patch extraction itself is the n-dimensional one of :mod:`chainer.utils.conv_nd`
(strided views, one copy); the 2-d functions here keep the classic Chainer v1 signatures.
All of them are array-generic: they work on numpy and on GPU arrays alike.
"""


def get_conv_outsize(size, k, s, p, cover_all=False, d=1):
    """Returns the output length of a convolution (or pooling) along one axis.

    With the dilated kernel extent ``dk = k + (k - 1)(d - 1)``:

    .. math:: out = \\lfloor (size + 2p - dk) / s \\rfloor + 1

    and with ``cover_all`` the division is rounded up, ``(size + 2p - dk + s - 1) // s + 1``,
    so that every input location falls into some window.

    Args:
        size (int): input length.
        k (int): kernel size.
        s (int): stride.
        p (int): padding on each side.
        cover_all (bool): round up so that all positions are covered.
        d (int): dilation factor.

    Returns:
        int: the output length.
    """
    dk = k + (k - 1) * (d - 1)
    if cover_all:
        return (size + p * 2 - dk + s - 1) // s + 1
    return (size + p * 2 - dk) // s + 1


def get_deconv_outsize(size, k, s, p, cover_all=False, d=1):
    """Returns the output length of a deconvolution (the inverse of :func:`get_conv_outsize`).

    .. math:: out = s (size - 1) + dk - 2p

    with ``dk = k + (k - 1)(d - 1)``; with ``cover_all`` it is ``s (size - 1) + dk - s + 1 - 2p``
    (the smallest length that a cover-all convolution maps back to ``size``).
    """
    dk = k + (k - 1) * (d - 1)
    if cover_all:
        return s * (size - 1) + dk - s + 1 - 2 * p
    return s * (size - 1) + dk - 2 * p


def _check_4d(array, name):
    if array.ndim != 4:
        raise ValueError('{} must be a 4-d array (n, c, h, w), got shape {}'.format(
            name, array.shape))


def im2col_cpu(img, kh, kw, sy, sx, ph, pw, pval=0, cover_all=False, dy=1, dx=1,
               out_h=None, out_w=None):
    """Extracts the 2-d patches of ``img`` into a column array.

    ``col[n, c, i, j, y, x] = img[n, c, y * sy + i * dy - ph, x * sx + j * dx - pw]`` (``pval``
    outside the image).

    Args:
        img: array of shape ``(n, c, h, w)``.
        kh, kw (int): kernel height and width.
        sy, sx (int): strides.
        ph, pw (int): paddings.
        pval: value of the padded locations.
        cover_all (bool): see :func:`get_conv_outsize`.
        dy, dx (int): dilation factors.
        out_h, out_w (int): the output size (v7), when not the one that
            :func:`get_conv_outsize` gives; at most the ``cover_all`` size.

    Returns:
        array of shape ``(n, c, kh, kw, out_h, out_w)`` (see :func:`conv_nd.im2col_nd`
        for its memory layout).
    """
    _check_4d(img, 'img')
    if out_h is None and out_w is None:
        return conv_nd.im2col_nd(img, (kh, kw), (sy, sx), (ph, pw), pval=pval,
                                 cover_all=cover_all, dilate=(dy, dx))
    h, w = img.shape[2:]
    if out_h is None:
        out_h = get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    if out_w is None:
        out_w = get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    widest = conv_nd.im2col_nd(img, (kh, kw), (sy, sx), (ph, pw), pval=pval,
                               cover_all=True, dilate=(dy, dx))
    if not (0 < out_h <= widest.shape[4] and 0 < out_w <= widest.shape[5]):
        raise ValueError('output size {}x{} is not possible for this image, kernel, '
                         'stride and padding (at most {}x{})'.format(
                             out_h, out_w, widest.shape[4], widest.shape[5]))
    return widest[:, :, :, :, :out_h, :out_w].copy()


def col2im_cpu(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums a column array back into an image: the adjoint of :func:`im2col_cpu`.

    ``img[n, c, y * sy + i * dy - ph, x * sx + j * dx - pw] += col[n, c, i, j, y, x]``

    Args:
        col: array of shape ``(n, c, kh, kw, out_h, out_w)``.
        sy, sx, ph, pw, dy, dx (int): strides, paddings and dilations.
        h, w (int): the image size to produce.

    Returns:
        array of shape ``(n, c, h, w)``.
    """
    if col.ndim != 6:
        raise ValueError('col must be a 6-d array (n, c, kh, kw, out_h, out_w), got '
                         'shape {}'.format(col.shape))
    return conv_nd.col2im_nd(col, (sy, sx), (ph, pw), (h, w), dilate=(dy, dx))


def im2col(img, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1, out_h=None,
           out_w=None):
    """v7's :func:`im2col_cpu` for any array (the patches are padded with zeros:
    the eighth positional argument is ``cover_all``, as in v1's ``im2col_gpu``)."""
    return im2col_cpu(img, kh, kw, sy, sx, ph, pw, cover_all=cover_all, dy=dy, dx=dx,
                      out_h=out_h, out_w=out_w)


# The implementations are array-generic: the GPU and v7 names are the same functions,
# with v1's signatures (im2col_gpu has no pval).
im2col_gpu = im2col
col2im_gpu = col2im_cpu
col2im = col2im_cpu


from chainer.utils import conv_nd  # noqa: E402  (conv_nd uses the size rules above)
