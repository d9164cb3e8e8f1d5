"""Chainer v3+ path of ``chainer.links.connection.peephole`` (re-exported)."""
from chainer.links.connection.peephole import StatefulPeepholeLSTM  # noqa: F401
