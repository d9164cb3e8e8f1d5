"""Chainer v3+ path of ``chainer.links.connection.gru`` (re-exported)."""
from chainer.links.connection.gru import GRUBase  # noqa: F401
from chainer.links.connection.gru import StatelessGRU  # noqa: F401
from chainer.links.connection.gru import StatefulGRU  # noqa: F401
from chainer.links.connection.gru import GRU  # noqa: F401
