"""Chainer v3+ path of ``chainer.links.connection.lstm`` (re-exported)."""
from chainer.links.connection.lstm import LSTMBase  # noqa: F401
from chainer.links.connection.lstm import StatelessLSTM  # noqa: F401
from chainer.links.connection.lstm import LSTM  # noqa: F401
