"""Chainer v3+ path of ``chainer.links.connection.n_step_lstm`` (re-exported)."""
from chainer.links.connection.n_step_lstm import NStepLSTMBase  # noqa: F401
from chainer.links.connection.n_step_lstm import NStepLSTM  # noqa: F401
from chainer.links.connection.n_step_lstm import NStepBiLSTM  # noqa: F401
