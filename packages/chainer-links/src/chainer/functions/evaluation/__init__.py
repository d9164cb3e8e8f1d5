"""Evaluation functions (spec 003 "Evaluation functions", 001 §3.4.4)."""
from chainer.functions.evaluation.accuracy import accuracy  # noqa: F401
from chainer.functions.evaluation.accuracy import Accuracy  # noqa: F401
from chainer.functions.evaluation.binary_accuracy import binary_accuracy  # noqa: F401
from chainer.functions.evaluation.binary_accuracy import BinaryAccuracy  # noqa: F401
from chainer.functions.evaluation.classification_summary import classification_summary  # noqa: F401,E501
from chainer.functions.evaluation.classification_summary import ClassificationSummary  # noqa: F401,E501
from chainer.functions.evaluation.r2_score import r2_score  # noqa: F401
from chainer.functions.evaluation.r2_score import R2_score  # noqa: F401

__all__ = [
    'Accuracy', 'accuracy',
    'BinaryAccuracy', 'binary_accuracy',
    'ClassificationSummary', 'classification_summary',
    'R2_score', 'r2_score',
]
