"""Caffe's InnerProduct layer (``transpose``, legacy 4-D weight blobs; axis 1 only)."""
import numpy

import chainer.links as L
from chainer.links.caffe import _mapped_copy
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register


@register('InnerProduct', params=('inner_product_param',))
def build_inner_product(layer, net):
    """``y = x W^T + b`` over the axes from 1 on, flattened into one.

    The weight is ``(num_output, K)`` (``(K, num_output)`` with ``transpose``). Other
    axes are refused when the file is loaded (see ``refused``), as in v1 and v7.
    """
    p = layer.params.inner_product_param
    n_out = int(p.num_output) or _outputs_of_weight(layer, p.transpose)
    if n_out < 1:
        raise ValueError('layer {!r}: num_output must be positive'.format(layer.name))
    count = int(numpy.prod(_common.blob_shape(layer, 0)))
    if count == 0 or count % n_out:
        raise ValueError('layer {!r}: weight blob with {} values does not fit num_output '
                         '{}'.format(layer.name, count, n_out))
    k = count // n_out
    if p.transpose:
        W = numpy.ascontiguousarray(_common.blob(layer, 0, (k, n_out)).T)
    else:
        W = _mapped_copy.initial_value(_common.blob(layer, 0, (n_out, k)))
    b = _common.blob(layer, 1, (n_out,)) if p.bias_term else None
    linear = L.Linear(k, n_out, nobias=b is None, initialW=W, initial_bias=b)
    net.add_layer_link(layer.name, linear)
    name = layer.name
    return lambda net, x: net[name](x)  # the link flattens the rest, as v1 called it


def _outputs_of_weight(layer, transpose):
    """``num_output`` read from the weight blob's shape, for a layer that does not set
    it (v1 read the Linear link's size from the blob alone): ``(num_output, K)``, the
    legacy ``(1, 1, num_output, K)``, or ``(K, num_output)`` with ``transpose``."""
    shape = tuple(_common.blob_shape(layer, 0))
    if len(shape) not in (2, 4):
        raise ValueError('layer {!r}: num_output is not set and the weight blob of shape '
                         '{} does not give it'.format(layer.name, shape))
    return int(shape[-1] if transpose else shape[-2])
