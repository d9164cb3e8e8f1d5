"""Spatial pooling functions."""
from chainer.functions.pooling.average_pooling_2d import average_pooling_2d  # noqa: F401
from chainer.functions.pooling.average_pooling_2d import AveragePooling2D  # noqa: F401
from chainer.functions.pooling.average_pooling_nd import average_pooling_nd  # noqa: F401
from chainer.functions.pooling.average_pooling_nd import AveragePoolingND  # noqa: F401
from chainer.functions.pooling.max_pooling_2d import max_pooling_2d  # noqa: F401
from chainer.functions.pooling.max_pooling_2d import MaxPooling2D  # noqa: F401
from chainer.functions.pooling.max_pooling_nd import max_pooling_nd  # noqa: F401
from chainer.functions.pooling.max_pooling_nd import MaxPoolingND  # noqa: F401
from chainer.functions.pooling.roi_pooling_2d import roi_pooling_2d  # noqa: F401
from chainer.functions.pooling.roi_pooling_2d import ROIPooling2D  # noqa: F401
from chainer.functions.pooling.spatial_pyramid_pooling_2d import spatial_pyramid_pooling_2d  # noqa: F401,E501
from chainer.functions.pooling.spatial_pyramid_pooling_2d import SpatialPyramidPooling2D  # noqa: F401,E501
from chainer.functions.pooling.unpooling_2d import unpooling_2d  # noqa: F401
from chainer.functions.pooling.unpooling_2d import Unpooling2D  # noqa: F401
from chainer.functions.pooling.upsampling_2d import upsampling_2d  # noqa: F401
from chainer.functions.pooling.upsampling_2d import Upsampling2D  # noqa: F401

__all__ = [
    'average_pooling_2d', 'AveragePooling2D',
    'average_pooling_nd', 'AveragePoolingND',
    'max_pooling_2d', 'MaxPooling2D',
    'max_pooling_nd', 'MaxPoolingND',
    'roi_pooling_2d', 'ROIPooling2D',
    'spatial_pyramid_pooling_2d', 'SpatialPyramidPooling2D',
    'unpooling_2d', 'Unpooling2D',
    'upsampling_2d', 'Upsampling2D',
]
