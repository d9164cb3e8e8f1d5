"""Chainer v3+ path of ``chainer.functions.connection.n_step_gru`` (re-exported)."""
from chainer.functions.connection.n_step_gru import NStepGRU  # noqa: F401
from chainer.functions.connection.n_step_gru import NStepBiGRU  # noqa: F401
from chainer.functions.connection.n_step_gru import n_step_gru  # noqa: F401
from chainer.functions.connection.n_step_gru import n_step_bigru  # noqa: F401
from chainer.functions.connection.n_step_gru import n_step_gru_base  # noqa: F401
