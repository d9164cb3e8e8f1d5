"""Builders of the supported Caffe layers; importing this package registers them."""
from chainer.links.caffe._layers import activation  # noqa: F401
from chainer.links.caffe._layers import array  # noqa: F401
from chainer.links.caffe._layers import batch_norm  # noqa: F401
from chainer.links.caffe._layers import convolution  # noqa: F401
from chainer.links.caffe._layers import dropout  # noqa: F401
from chainer.links.caffe._layers import eltwise  # noqa: F401
from chainer.links.caffe._layers import inner_product  # noqa: F401
from chainer.links.caffe._layers import loss  # noqa: F401
from chainer.links.caffe._layers import lrn  # noqa: F401
from chainer.links.caffe._layers import pooling  # noqa: F401
from chainer.links.caffe._layers import scale  # noqa: F401
