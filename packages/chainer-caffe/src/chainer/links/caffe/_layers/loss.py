"""Caffe's SoftmaxWithLoss and Accuracy layers."""
import numpy

import chainer
import chainer.functions as F
from chainer import cuda
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register

FULL = 0
VALID = 1
BATCH_SIZE = 2
NONE = 3


def _labels(t, shape):
    """Caffe's float labels as int32 of ``shape`` (truncated like Caffe's cast).

    Labels that already are int32 of ``shape`` are returned as they are, so that
    ``softmax_cross_entropy`` gets the given label blob, as in v1.
    """
    data = t.data if isinstance(t, chainer.Variable) else t
    if data.dtype == numpy.int32 and data.shape == tuple(shape):
        return t
    if data.size != _size(shape):
        raise ValueError('{} labels for scores needing {} (shape {})'.format(
            data.size, _size(shape), shape))
    return data.reshape(shape).astype('i')


def _size(shape):
    n = 1
    for d in shape:
        n *= int(d)
    return n


def _normalization(p):
    if p.HasField('normalization'):
        return p.normalization
    return BATCH_SIZE if p.HasField('normalize') and not p.normalize else VALID


@register('SoftmaxWithLoss', params=('softmax_param', 'loss_param'))
def build_softmax_with_loss(layer, net):
    """Cross entropy of the softmax over axis 1 (see ``refused``) against integer labels.

    The sum is divided as ``loss_param.normalization`` says: by the number of
    non-ignored labels (VALID, the default), by all label positions (FULL), by the
    batch size (BATCH_SIZE) or not at all (NONE).
    """
    lp = layer.params.loss_param
    mode = _normalization(lp)
    # Only options away from softmax_cross_entropy's defaults are passed (VALID is its
    # normalize=True, -1 its ignore_label), so that the default layer makes v1's call
    # softmax_cross_entropy(x, t).
    options = {}
    if lp.HasField('ignore_label') and int(lp.ignore_label) != -1:
        options['ignore_label'] = int(lp.ignore_label)
    if mode != VALID:
        options['normalize'] = False

    def forward(net, x, *labels):
        # The bottoms go to softmax_cross_entropy as they are: without a label bottom
        # it raises its own error for the missing labels, as in v1.
        labels = [_labels(t, (x.shape[0],) + x.shape[2:]) for t in labels]
        loss = F.softmax_cross_entropy(x, *labels, **options)
        if mode == FULL:
            return loss * (1.0 / _size(x.shape[2:]))
        if mode == NONE:
            return loss * float(x.shape[0])
        return loss
    return forward


@register('Accuracy', params=('accuracy_param',))
def build_accuracy(layer, net):
    """Top-k accuracy (and, with a second top, the accuracy of each class).

    A position counts as correct when fewer than ``top_k`` classes score strictly
    higher than its label; positions labelled ``ignore_label`` are left out. The
    outputs are not differentiable.
    """
    p = layer.params.accuracy_param
    top_k, axis = int(p.top_k), int(p.axis)
    ignore = int(p.ignore_label) if p.HasField('ignore_label') else None
    per_class = len(layer.top) > 1

    def forward(net, x, t):
        xp = cuda.get_array_module(x.data)
        a = _common.canonical_axis(axis, x.ndim)
        n_class = x.shape[a]
        scores = xp.moveaxis(x.data, a, -1).reshape(-1, n_class)
        labels = _labels(t, (scores.shape[0],)).ravel()
        valid = labels != ignore if ignore is not None else xp.ones(labels.shape, bool)
        if ((labels[valid] < 0) | (labels[valid] >= n_class)).any():
            raise ValueError('layer {!r}: labels must be in [0, {})'.format(
                layer.name, n_class))
        safe = xp.where(valid, labels, 0)
        true_score = scores[xp.arange(len(safe)), safe]
        correct = ((scores > true_score[:, None]).sum(axis=1) < top_k) & valid
        dtype = x.dtype
        total = xp.asarray(correct.sum() / max(int(valid.sum()), 1), dtype=dtype)
        outputs = (chainer.Variable(total, volatile=x.volatile),)
        if per_class:
            hits = xp.bincount(safe[correct], minlength=n_class)
            counts = xp.bincount(safe[valid], minlength=n_class)
            rates = (hits / xp.maximum(counts, 1)).astype(dtype)
            outputs += (chainer.Variable(rates, volatile=x.volatile),)
        return outputs
    return forward
