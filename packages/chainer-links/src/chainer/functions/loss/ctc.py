"""Chainer v1's ``chainer.functions.loss.ctc``: connectionist temporal classification.

Code written against Chainer v1 imports these functions and their ``Function``
classes from here; each lives in its own module of ``chainer.functions.loss``.
"""
from chainer.functions.loss.connectionist_temporal_classification import (  # noqa: F401
    ConnectionistTemporalClassification)
from chainer.functions.loss.connectionist_temporal_classification import (  # noqa: F401
    connectionist_temporal_classification)
