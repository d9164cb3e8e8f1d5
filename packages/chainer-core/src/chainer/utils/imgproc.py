"""Image helpers of v1.24 (``chainer.utils.imgproc``)."""
import numpy


def _crop_origins(height, width, crop_h, crop_w):
    """Top-left corners of the four corner crops and the centre crop, in v1's order:
    top-left, top-right, bottom-left, bottom-right, centre."""
    centre = (int(height / 2.0 - crop_h / 2.0), int(width / 2.0 - crop_w / 2.0))
    return [(0, 0), (0, width - crop_w), (height - crop_h, 0),
            (height - crop_h, width - crop_w), centre]


def oversample(images, crop_dims):
    """Crops each image at its four corners and centre, and mirrors the five crops.

    Args:
        images (sequence of arrays): images of one shape ``(C, H, W)``.
        crop_dims (pair of ints): ``(crop_h, crop_w)``, at most ``(H, W)``.

    Returns:
        numpy.ndarray: ``(10 * len(images), C, crop_h, crop_w)``: for each image the
        five crops, then the same five flipped left to right.
    """
    channels, height, width = images[0].shape
    crop_h, crop_w = crop_dims
    if not (0 < crop_h <= height and 0 < crop_w <= width):
        raise ValueError('crop_dims must be positive and at most the image size {}, got '
                         '{}'.format((height, width), tuple(crop_dims)))
    origins = _crop_origins(height, width, crop_h, crop_w)
    crops = numpy.empty((10 * len(images), channels, crop_h, crop_w),
                        dtype=images[0].dtype)
    for i, image in enumerate(images):
        five = crops[10 * i:10 * i + 5]
        for j, (top, left) in enumerate(origins):
            five[j] = image[:, top:top + crop_h, left:left + crop_w]
        crops[10 * i + 5:10 * i + 10] = five[:, :, :, ::-1]
    return crops
