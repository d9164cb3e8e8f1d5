"""``F.roi_max_align_2d`` (v5+): RoIAlign with the largest of every bin's sampling points."""
from chainer.functions.pooling import _roi_maps


def roi_max_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """RoIAlign with the largest of every bin's sampling points.

    RoIAlign (He et al., 2017): every ROI (scaled, not rounded) is cut into
    ``outh x outw`` bins, and each bin is sampled at ``sampling_ratio`` points per
    axis (None: ``ceil(bin size)``) at the centres of equal sub-cells, each point
    bilinearly interpolated (points more than one pixel outside the image read 0).
    Each output is the largest of its bin's points (0 when none is inside).

    Linear in ``x`` once the ROIs and the argmax are fixed, so differentiable to any order
    with respect to ``x``; ``rois`` and ``roi_indices`` get no gradient.

    Args:
        x (~chainer.Variable or array): Input images ``(n, c, h, w)``.
        rois (~chainer.Variable or array): ROIs ``(R, 4)``, each
            ``(y_min, x_min, y_max, x_max)`` in input coordinates before scaling.
        roi_indices (~chainer.Variable or array): int ``(R,)``, the image of each ROI.
        outsize (int or pair of ints): ``(outh, outw)`` of every ROI's output.
        spatial_scale (float): Scale of the ROI coordinates to the input's.
        sampling_ratio (None, int or pair): Points per bin along each axis.

    Returns:
        ~chainer.Variable: Output ``(R, c, outh, outw)``.

    Raises:
        TypeError: for a bad ``outsize``, ``spatial_scale`` or ``sampling_ratio``.
        ~chainer.utils.type_check.InvalidType: for inputs of bad dtypes or shapes.
    """
    return _roi_maps.apply(x, rois, roi_indices, outsize, spatial_scale, 'align', 'max',
                           sampling_ratio)
