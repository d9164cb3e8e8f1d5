"""``F.roi_max_pooling_2d`` (v5+): Maximum of every bin of every region of interest."""
from chainer.functions.pooling import _roi_maps


def roi_max_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Maximum of every bin of every region of interest.

    Every ROI (scaled and rounded to pixels) is cut into ``outh x outw`` bins of
    whole pixels: bin ``p`` covers ``[floor(p L / outh), ceil((p + 1) L / outh))``
    after the ROI start, with ``L = max(y_max - y_min, 1)`` (the same for the
    columns), clipped to the image.
    Each output is the largest pixel of its bin (0 for an empty bin).

    Linear in ``x`` once the ROIs and the argmax are fixed, so differentiable to any order
    with respect to ``x``; ``rois`` and ``roi_indices`` get no gradient.

    Args:
        x (~chainer.Variable or array): Input images ``(n, c, h, w)``.
        rois (~chainer.Variable or array): ROIs ``(R, 4)``, each
            ``(y_min, x_min, y_max, x_max)`` in input coordinates before scaling.
        roi_indices (~chainer.Variable or array): int ``(R,)``, the image of each ROI.
        outsize (int or pair of ints): ``(outh, outw)`` of every ROI's output.
        spatial_scale (float): Scale of the ROI coordinates to the input's.

    Returns:
        ~chainer.Variable: Output ``(R, c, outh, outw)``.

    Raises:
        TypeError: for a bad ``outsize`` or ``spatial_scale``.
        ~chainer.utils.type_check.InvalidType: for inputs of bad dtypes or shapes.
    """
    return _roi_maps.apply(x, rois, roi_indices, outsize, spatial_scale, 'pool', 'max')
