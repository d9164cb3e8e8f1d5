"""Chainer v3+ path of ``chainer.functions.connection.n_step_rnn`` (re-exported)."""
from chainer.functions.connection.n_step_rnn import BaseNStepRNN  # noqa: F401
from chainer.functions.connection.n_step_rnn import NStepRNNTanh  # noqa: F401
from chainer.functions.connection.n_step_rnn import NStepRNNReLU  # noqa: F401
from chainer.functions.connection.n_step_rnn import NStepBiRNNTanh  # noqa: F401
from chainer.functions.connection.n_step_rnn import NStepBiRNNReLU  # noqa: F401
from chainer.functions.connection.n_step_rnn import n_step_rnn  # noqa: F401
from chainer.functions.connection.n_step_rnn import n_step_birnn  # noqa: F401
from chainer.functions.connection.n_step_rnn import n_step_rnn_base  # noqa: F401
