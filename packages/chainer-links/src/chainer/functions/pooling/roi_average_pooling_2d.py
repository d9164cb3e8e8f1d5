"""``F.roi_average_pooling_2d`` (v5+): Average of every bin of every region of interest."""
from chainer.functions.pooling import _roi_maps


def roi_average_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Average of every bin of every region of interest.

    Every ROI (scaled and rounded to pixels) is cut into ``outh x outw`` bins of
    whole pixels: bin ``p`` covers ``[floor(p L / outh), ceil((p + 1) L / outh))``
    after the ROI start, with ``L = max(y_max - y_min, 1)`` (the same for the
    columns), clipped to the image.
    Each output is the mean of its bin's pixels (0 for an empty bin).
    """
    return _roi_maps.apply(x, rois, roi_indices, outsize, spatial_scale, 'pool', 'average')


roi_average_pooling_2d.__doc__ = _roi_maps.with_doc_tail(
    roi_average_pooling_2d.__doc__, 'pool', 'average')
