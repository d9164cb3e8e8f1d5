"""Chainer v3+ path of ``chainer.links.connection.mgu`` (re-exported)."""
from chainer.links.connection.mgu import MGUBase  # noqa: F401
from chainer.links.connection.mgu import StatelessMGU  # noqa: F401
from chainer.links.connection.mgu import StatefulMGU  # noqa: F401
