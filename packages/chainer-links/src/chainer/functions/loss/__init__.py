"""Loss functions (spec 003 "Loss functions", 001 §3.4.5)."""
from chainer.functions.loss.argmax_crf1d import argmax_crf1d
from chainer.functions.loss.argmax_crf1d import ArgmaxCRF1d
from chainer.functions.loss.bernoulli_nll import bernoulli_nll
from chainer.functions.loss.bernoulli_nll import BernoulliNLL
from chainer.functions.loss.black_out import black_out
from chainer.functions.loss.black_out import BlackOut
from chainer.functions.loss.connectionist_temporal_classification import (
    ConnectionistTemporalClassification, connectionist_temporal_classification)
from chainer.functions.loss.contrastive import contrastive
from chainer.functions.loss.contrastive import Contrastive
from chainer.functions.loss.crf1d import crf1d
from chainer.functions.loss.crf1d import CRF1d
from chainer.functions.loss.cross_covariance import cross_covariance
from chainer.functions.loss.cross_covariance import CrossCovariance
from chainer.functions.loss.gaussian_kl_divergence import gaussian_kl_divergence
from chainer.functions.loss.gaussian_kl_divergence import GaussianKLDivergence
from chainer.functions.loss.gaussian_nll import gaussian_nll
from chainer.functions.loss.gaussian_nll import GaussianNLL
from chainer.functions.loss.hinge import hinge
from chainer.functions.loss.hinge import Hinge
from chainer.functions.loss.huber_loss import huber_loss
from chainer.functions.loss.huber_loss import HuberLoss
from chainer.functions.loss.mean_absolute_error import mean_absolute_error
from chainer.functions.loss.mean_absolute_error import MeanAbsoluteError
from chainer.functions.loss.mean_squared_error import mean_squared_error
from chainer.functions.loss.mean_squared_error import MeanSquaredError
from chainer.functions.loss.negative_sampling import negative_sampling
from chainer.functions.loss.negative_sampling import NegativeSamplingFunction
from chainer.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy
from chainer.functions.loss.sigmoid_cross_entropy import SigmoidCrossEntropy
from chainer.functions.loss.softmax_cross_entropy import softmax_cross_entropy
from chainer.functions.loss.softmax_cross_entropy import SoftmaxCrossEntropy
from chainer.functions.loss.triplet import triplet
from chainer.functions.loss.triplet import Triplet

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
