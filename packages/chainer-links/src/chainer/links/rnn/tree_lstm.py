"""Chainer v3+ path of ``chainer.links.connection.tree_lstm`` (re-exported)."""
from chainer.links.connection.tree_lstm import ChildSumTreeLSTM  # noqa: F401
from chainer.links.connection.tree_lstm import NaryTreeLSTM  # noqa: F401
