"""Chainer v3+ path of ``chainer.functions.connection.n_step_lstm`` (re-exported)."""
from chainer.functions.connection.n_step_lstm import NStepLSTM  # noqa: F401
from chainer.functions.connection.n_step_lstm import NStepBiLSTM  # noqa: F401
from chainer.functions.connection.n_step_lstm import n_step_lstm  # noqa: F401
from chainer.functions.connection.n_step_lstm import n_step_bilstm  # noqa: F401
from chainer.functions.connection.n_step_lstm import n_step_lstm_base  # noqa: F401
from chainer.functions.connection.n_step_lstm import _lstm  # noqa: F401
