"""Loss functions with parameters."""
from chainer.links.loss.black_out import BlackOut
from chainer.links.loss.crf1d import CRF1d
from chainer.links.loss.hierarchical_softmax import BinaryHierarchicalSoftmax
from chainer.links.loss.negative_sampling import NegativeSampling

__all__ = ['BinaryHierarchicalSoftmax', 'BlackOut', 'CRF1d', 'NegativeSampling']
