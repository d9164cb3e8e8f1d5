"""Chainer v3+ path of ``chainer.functions.activation.lstm`` (re-exported)."""
from chainer.functions.activation.lstm import _extract_gates  # noqa: F401
from chainer.functions.activation.lstm import LSTM  # noqa: F401
from chainer.functions.activation.lstm import LSTMGrad  # noqa: F401
from chainer.functions.activation.lstm import lstm  # noqa: F401
