"""Bilinear (multilinear) resampling filters for (de)convolution weights (Chainer v7;
Long et al., https://arxiv.org/abs/1411.4038)."""
import numpy

from chainer.initializers.initializer import Initializer


def _tent(size):
    """1-D linear interpolation weights of a kernel of ``size`` taps: a tent of
    half-width ``(size + 1) // 2`` centred on the kernel."""
    half = (size + 1) // 2
    center = half - 1.0 if size % 2 == 1 else half - 0.5
    return 1.0 - numpy.abs(numpy.arange(size) - center) / half


def linear_filter(size, ndim, normalize):
    """The ``ndim``-dimensional multilinear kernel of ``size`` taps per axis (the
    outer product of :func:`_tent`), scaled to sum 1 when ``normalize``."""
    kernel = numpy.ones(())
    for _ in range(ndim):
        kernel = numpy.multiply.outer(kernel, _tent(size))
    if normalize:
        kernel = kernel / kernel.sum()
    return kernel


class _ResamplingFilter(Initializer):
    """Writes the linear kernel on the channel diagonal of a weight of shape
    ``(in_channels, out_channels, k, ..., k)`` (on every input channel's only output
    when ``out_channels`` is 1); every other weight is zero."""

    _normalize = False

    def __init__(self, interpolation='linear', dtype=None):
        if interpolation != 'linear':
            raise ValueError('unsupported interpolation {!r}: only \'linear\''.format(
                interpolation))
        self.interpolation = interpolation
        super(_ResamplingFilter, self).__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim < 3:
            raise ValueError('{} initializes (de)convolution weights (in, out, k, ...), '
                             'got shape {}'.format(type(self).__name__, array.shape))
        in_c, out_c = array.shape[:2]
        if out_c not in (1, in_c):
            raise ValueError('{} needs as many output channels as input channels, or '
                             'one, got shape {}'.format(type(self).__name__, array.shape))
        sizes = set(array.shape[2:])
        if len(sizes) != 1:
            raise ValueError('{} needs the same kernel size on every axis, got shape '
                             '{}'.format(type(self).__name__, array.shape))
        kernel = linear_filter(sizes.pop(), array.ndim - 2, self._normalize)
        host = numpy.zeros(array.shape, dtype=array.dtype)
        channels = numpy.arange(in_c)
        host[channels, 0 if out_c == 1 else channels] = kernel
        from chainer import backend  # lazily: ``import chainer`` stays light
        backend.copyto(array, host)


class UpsamplingDeconvFilter(_ResamplingFilter):
    """Initializes a deconvolution weight with the linear upsampling kernel (its
    peak is 1), each channel mapped to itself; meant for a deconvolution whose stride
    is ``(ksize + 1) // 2``.

    Args:
        interpolation (str): only ``'linear'``.
        dtype: data type specifier.
    """


class DownsamplingConvFilter(_ResamplingFilter):
    """Initializes a convolution weight with the linear downsampling kernel (it sums
    to 1), each channel mapped to itself; meant for a convolution whose stride is
    ``(ksize + 1) // 2``.

    Args:
        interpolation (str): only ``'linear'``.
        dtype: data type specifier.
    """

    _normalize = True
