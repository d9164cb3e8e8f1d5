"""Loss functions (spec 003 "Loss functions", 001 §3.4.5)."""
from chainer.functions.loss.softmax_cross_entropy import softmax_cross_entropy  # noqa: F401
from chainer.functions.loss.softmax_cross_entropy import SoftmaxCrossEntropy  # noqa: F401

__all__ = [
    'SoftmaxCrossEntropy', 'softmax_cross_entropy',
]
