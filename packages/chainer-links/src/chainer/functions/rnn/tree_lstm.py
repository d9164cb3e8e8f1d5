"""Chainer v3+ path of ``chainer.functions.activation.tree_lstm`` (re-exported)."""
from chainer.functions.activation.tree_lstm import tree_lstm  # noqa: F401
