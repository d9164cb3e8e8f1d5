"""Machine learning models (spec 001 §3.5.3)."""
from chainer.links.model.classifier import Classifier

__all__ = ['Classifier']
