"""Loss functions (spec 003 "Loss functions", 001 §3.4.5)."""
from chainer.functions.loss.argmax_crf1d import argmax_crf1d  # noqa: F401
from chainer.functions.loss.argmax_crf1d import ArgmaxCRF1d  # noqa: F401
from chainer.functions.loss.bernoulli_nll import bernoulli_nll  # noqa: F401
from chainer.functions.loss.bernoulli_nll import BernoulliNLL  # noqa: F401
from chainer.functions.loss.black_out import black_out  # noqa: F401
from chainer.functions.loss.black_out import BlackOut  # noqa: F401
from chainer.functions.loss.connectionist_temporal_classification import connectionist_temporal_classification  # noqa: F401,E501
from chainer.functions.loss.connectionist_temporal_classification import ConnectionistTemporalClassification  # noqa: F401,E501
from chainer.functions.loss.contrastive import contrastive  # noqa: F401
from chainer.functions.loss.contrastive import Contrastive  # noqa: F401
from chainer.functions.loss.crf1d import crf1d  # noqa: F401
from chainer.functions.loss.crf1d import CRF1d  # noqa: F401
from chainer.functions.loss.cross_covariance import cross_covariance  # noqa: F401
from chainer.functions.loss.cross_covariance import CrossCovariance  # noqa: F401
from chainer.functions.loss.gaussian_kl_divergence import gaussian_kl_divergence  # noqa: F401,E501
from chainer.functions.loss.gaussian_kl_divergence import GaussianKLDivergence  # noqa: F401,E501
from chainer.functions.loss.gaussian_nll import gaussian_nll  # noqa: F401
from chainer.functions.loss.gaussian_nll import GaussianNLL  # noqa: F401
from chainer.functions.loss.hinge import hinge  # noqa: F401
from chainer.functions.loss.hinge import Hinge  # noqa: F401
from chainer.functions.loss.huber_loss import huber_loss  # noqa: F401
from chainer.functions.loss.huber_loss import HuberLoss  # noqa: F401
from chainer.functions.loss.mean_absolute_error import mean_absolute_error  # noqa: F401
from chainer.functions.loss.mean_absolute_error import MeanAbsoluteError  # noqa: F401
from chainer.functions.loss.mean_squared_error import mean_squared_error  # noqa: F401
from chainer.functions.loss.mean_squared_error import MeanSquaredError  # noqa: F401
from chainer.functions.loss.negative_sampling import negative_sampling  # noqa: F401
from chainer.functions.loss.negative_sampling import NegativeSamplingFunction  # noqa: F401,E501
from chainer.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy  # noqa: F401
from chainer.functions.loss.sigmoid_cross_entropy import SigmoidCrossEntropy  # noqa: F401
from chainer.functions.loss.softmax_cross_entropy import softmax_cross_entropy  # noqa: F401
from chainer.functions.loss.softmax_cross_entropy import SoftmaxCrossEntropy  # noqa: F401
from chainer.functions.loss.triplet import triplet  # noqa: F401
from chainer.functions.loss.triplet import Triplet  # noqa: F401

__all__ = [
    'ArgmaxCRF1d', 'argmax_crf1d',
    'CRF1d', 'crf1d',
    'BernoulliNLL', 'bernoulli_nll',
    'BlackOut', 'black_out',
    'ConnectionistTemporalClassification', 'connectionist_temporal_classification',
    'Contrastive', 'contrastive',
    'CrossCovariance', 'cross_covariance',
    'GaussianKLDivergence', 'gaussian_kl_divergence',
    'GaussianNLL', 'gaussian_nll',
    'Hinge', 'hinge',
    'HuberLoss', 'huber_loss',
    'MeanAbsoluteError', 'mean_absolute_error',
    'MeanSquaredError', 'mean_squared_error',
    'NegativeSamplingFunction', 'negative_sampling',
    'SigmoidCrossEntropy', 'sigmoid_cross_entropy',
    'SoftmaxCrossEntropy', 'softmax_cross_entropy',
    'Triplet', 'triplet',
]
