"""``F.roi_average_align_2d`` (v5+): RoIAlign with the average of every bin's sampling points."""
from chainer.functions.pooling import _roi_maps


def roi_average_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """RoIAlign with the average of every bin's sampling points.

    RoIAlign (He et al., 2017): every ROI (scaled, not rounded) is cut into
    ``outh x outw`` bins, and each bin is sampled at ``sampling_ratio`` points per
    axis (None: ``ceil(bin size)``) at the centres of equal sub-cells, each point
    bilinearly interpolated (points more than one pixel outside the image read 0).
    Each output is the mean of its bin's points.
    """
    return _roi_maps.apply(x, rois, roi_indices, outsize, spatial_scale, 'align', 'average',
                           sampling_ratio)


roi_average_align_2d.__doc__ = _roi_maps.with_doc_tail(
    roi_average_align_2d.__doc__, 'align', 'average')
