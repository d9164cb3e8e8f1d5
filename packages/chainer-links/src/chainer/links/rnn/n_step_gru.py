"""Chainer v3+ path of ``chainer.links.connection.n_step_gru`` (re-exported)."""
from chainer.links.connection.n_step_gru import NStepGRUBase  # noqa: F401
from chainer.links.connection.n_step_gru import NStepGRU  # noqa: F401
from chainer.links.connection.n_step_gru import NStepBiGRU  # noqa: F401
