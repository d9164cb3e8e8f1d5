"""Evaluation functions (spec 003 "Evaluation functions", 001 §3.4.4)."""
from chainer.functions.evaluation.accuracy import accuracy
from chainer.functions.evaluation.accuracy import Accuracy
from chainer.functions.evaluation.binary_accuracy import binary_accuracy
from chainer.functions.evaluation.binary_accuracy import BinaryAccuracy
from chainer.functions.evaluation.classification_summary import classification_summary
from chainer.functions.evaluation.classification_summary import ClassificationSummary
from chainer.functions.evaluation.r2_score import r2_score
from chainer.functions.evaluation.r2_score import R2_score

__all__ = [
    'Accuracy', 'accuracy',
    'BinaryAccuracy', 'binary_accuracy',
    'ClassificationSummary', 'classification_summary',
    'R2_score', 'r2_score',
]
