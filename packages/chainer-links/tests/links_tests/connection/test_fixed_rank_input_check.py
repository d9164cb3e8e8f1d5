"""Convolution1D/3D and Deconvolution1D/3D refuse inputs of another rank alike."""
import numpy
import pytest

import chainer.links as L


@pytest.mark.parametrize('cls, ndim', [
    (L.Convolution1D, 1), (L.Convolution3D, 3),
    (L.Deconvolution1D, 1), (L.Deconvolution3D, 3)])
def test_wrong_rank_refused_right_rank_accepted(cls, ndim):
    link = cls(2, 3, 1)
    bad = numpy.zeros((1, 2) + (2,) * (ndim + 1), dtype=numpy.float32)
    with pytest.raises(ValueError, match=r'{} expects inputs of {} axes'.format(
            cls.__name__, ndim + 2)):
        link(bad)
    good = numpy.zeros((1, 2) + (2,) * ndim, dtype=numpy.float32)
    assert link(good).shape == (1, 3) + (2,) * ndim
