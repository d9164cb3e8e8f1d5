"""Normalization layers with parameters."""
from chainer.links.normalization.batch_normalization import BatchNormalization
from chainer.links.normalization.batch_renormalization import BatchRenormalization
from chainer.links.normalization.decorrelated_batch_normalization import (
    DecorrelatedBatchNormalization)
from chainer.links.normalization.group_normalization import GroupNormalization
from chainer.links.normalization.layer_normalization import LayerNormalization

__all__ = ['BatchNormalization', 'BatchRenormalization', 'DecorrelatedBatchNormalization',
           'GroupNormalization',
           'LayerNormalization']
