"""Chainer v3+ path of ``chainer.links.connection.n_step_rnn`` (re-exported)."""
from chainer.links.connection.n_step_rnn import NStepRNNBase  # noqa: F401
from chainer.links.connection.n_step_rnn import NStepRNNTanh  # noqa: F401
from chainer.links.connection.n_step_rnn import NStepRNNReLU  # noqa: F401
from chainer.links.connection.n_step_rnn import NStepBiRNNTanh  # noqa: F401
from chainer.links.connection.n_step_rnn import NStepBiRNNReLU  # noqa: F401
from chainer.links.connection.n_step_rnn import argsort_list_descent  # noqa: F401
from chainer.links.connection.n_step_rnn import permutate_list  # noqa: F401
