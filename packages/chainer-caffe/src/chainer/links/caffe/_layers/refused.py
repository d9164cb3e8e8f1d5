"""Layer settings that Chainer's CaffeFunction refuses (v1 and v7 alike).

Chainer v1.24 and v7 raised ``RuntimeError`` when a model file set any of these,
whether or not the layer had tops; this package refuses them the same way, so a
program that relies on the refusal (to detect a model it cannot run) keeps working.
"""

STOCHASTIC = 2
WITHIN_CHANNEL = 1


def _inner_product(params):
    axis = int(params.inner_product_param.axis)
    if axis != 1:
        return 'axis {} (InnerProduct runs over axis 1 only)'.format(axis)
    return None


def _lrn(params):
    if params.lrn_param.norm_region == WITHIN_CHANNEL:
        return 'norm_region WITHIN_CHANNEL (only ACROSS_CHANNELS is supported)'
    return None


def _pooling(params):
    if params.pooling_param.pool == STOCHASTIC:
        return 'pool STOCHASTIC (only MAX and AVE are supported)'
    return None


def _softmax(params):
    axis = int(params.softmax_param.axis)
    if axis != 1:
        return 'softmax_param.axis {} (only the channel axis 1 is supported)'.format(axis)
    return None


_CHECKS = {
    'InnerProduct': _inner_product,
    'LRN': _lrn,
    'Pooling': _pooling,
    'Softmax': _softmax,
    'SoftmaxWithLoss': _softmax,
}


def refused_setting(layer):
    """The setting of ``layer`` that is refused, in words, or None.

    Args:
        layer (LayerSpec): a layer of the net being loaded.

    Returns:
        str or None: e.g. ``'axis 0 (InnerProduct runs over axis 1 only)'``.
    """
    check = _CHECKS.get(layer.type)
    return check(layer.params) if check is not None else None
