"""Caffe's BatchNorm layer: normalization only, with Caffe's three statistics blobs."""
import numpy

import chainer.functions as F
from chainer import cuda
from chainer import link
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register


class CaffeBatchNormalization(link.Link):
    """Caffe's batch normalization state and forward (no scale or shift).

    Caffe keeps three blobs: the sum of the mean estimates ``mean``, of the variance
    estimates ``var`` and their total weight ``scale_factor``; the moving averages
    are ``mean / scale_factor`` and ``var / scale_factor`` (zero when the factor is
    zero). Each batch-statistics step updates them as
    ``mean = f * mean + batch_mean``, ``var = f * var + m / (m - 1) * batch_var``,
    ``scale_factor = f * scale_factor + 1`` with ``f = moving_average_fraction``.

    Args:
        mean, var (numpy.ndarray): the first two blobs, one value per channel.
        scale_factor (float): the third blob.
        eps (float): added to the variance.
        moving_average_fraction (float): ``f`` above.
        use_global_stats (bool or None): normalize with the moving averages (True),
            the batch statistics (False) or, when None, as Caffe does by phase (the
            averages in TEST, the batch in TRAIN).
    """

    def __init__(self, mean, var, scale_factor, eps, moving_average_fraction,
                 use_global_stats):
        super(CaffeBatchNormalization, self).__init__()
        self.add_persistent('mean', mean)
        self.add_persistent('var', var)
        self.add_persistent('scale_factor', numpy.asarray(scale_factor,
                                                          dtype=numpy.float32))
        self.eps = eps
        self.moving_average_fraction = moving_average_fraction
        self.use_global_stats = use_global_stats

    def __call__(self, x, train):
        """Normalizes ``x`` (channels on axis 1) for the phase ``train``."""
        xp = cuda.get_array_module(x.data)
        channels = self.mean.shape[0]
        gamma = xp.ones(channels, dtype=x.dtype)
        beta = xp.zeros(channels, dtype=x.dtype)
        use_global = (not train) if self.use_global_stats is None \
            else self.use_global_stats
        if use_global:
            s = float(self.scale_factor)
            factor = 0.0 if s == 0 else 1.0 / s
            mean = (self.mean * factor).astype(x.dtype, copy=False)
            var = (self.var * factor).astype(x.dtype, copy=False)
            return F.fixed_batch_normalization(x, gamma, beta, mean, var, self.eps)
        # decay=0 makes the running arrays the batch mean and unbiased variance.
        batch_mean = xp.zeros(channels, dtype=x.dtype)
        batch_var = xp.zeros(channels, dtype=x.dtype)
        y = F.batch_normalization(x, gamma, beta, self.eps, batch_mean, batch_var,
                                  decay=0.0)
        f = self.moving_average_fraction
        self.mean *= f
        self.mean += batch_mean
        self.var *= f
        self.var += batch_var
        self.scale_factor *= f
        self.scale_factor += 1
        return y


@register('BatchNorm', params=('batch_norm_param',))
def build_batch_norm(layer, net):
    """BatchNorm: blobs ``mean``, ``var`` (one per channel) and ``scale_factor``."""
    p = layer.params.batch_norm_param
    channels = int(numpy.prod(_common.blob_shape(layer, 0)))
    mean = numpy.array(_common.blob(layer, 0, (channels,)))  # updated in place
    var = numpy.array(_common.blob(layer, 1, (channels,)))
    scale_factor = float(_common.blob(layer, 2, (1,))[0])
    use_global = bool(p.use_global_stats) if p.HasField('use_global_stats') else None
    bn = CaffeBatchNormalization(mean, var, scale_factor, float(p.eps),
                                 float(p.moving_average_fraction), use_global)
    net.add_layer_link(layer.name, bn)
    name = layer.name
    return lambda net, x: net[name](x, net.train)
