"""chainer.utils.imgproc.oversample (v1.24): corner and centre crops and their mirrors."""
import numpy
import pytest

from chainer.utils import imgproc


def test_oversample_gives_five_crops_then_their_mirrors_per_image():
    images = [numpy.arange(2 * 4 * 5, dtype=numpy.float32).reshape(2, 4, 5) + 100 * k
              for k in range(2)]
    crops = imgproc.oversample(images, (2, 3))
    assert crops.shape == (20, 2, 2, 3) and crops.dtype == numpy.float32
    for k, image in enumerate(images):
        expected = [image[:, :2, :3], image[:, :2, 2:], image[:, 2:, :3], image[:, 2:, 2:],
                    image[:, 1:3, 1:4]]
        expected += [e[:, :, ::-1] for e in expected]
        numpy.testing.assert_array_equal(crops[10 * k:10 * k + 10], expected)


def test_oversample_rejects_crops_larger_than_the_image():
    with pytest.raises(ValueError, match='crop_dims'):
        imgproc.oversample([numpy.zeros((1, 2, 2))], (3, 1))
