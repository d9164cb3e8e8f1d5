"""Chainer v3+ path of ``chainer.links.connection.zoneoutlstm`` (re-exported)."""
from chainer.links.connection.zoneoutlstm import StatefulZoneoutLSTM  # noqa: F401
