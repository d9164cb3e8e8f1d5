"""Normalization functions (spec 001 §3.4.8)."""
from chainer.functions.normalization.batch_normalization import (
    batch_normalization, BatchNormalizationFunction)
from chainer.functions.normalization.fixed_batch_normalization import (
    fixed_batch_normalization, FixedBatchNormalization)
from chainer.functions.normalization.local_response_normalization import (
    local_response_normalization, LocalResponseNormalization)
from chainer.functions.normalization.normalize import normalize, NormalizeL2

__all__ = [
    'batch_normalization', 'BatchNormalizationFunction',
    'fixed_batch_normalization', 'FixedBatchNormalization',
    'local_response_normalization', 'LocalResponseNormalization',
    'normalize', 'NormalizeL2',
]
