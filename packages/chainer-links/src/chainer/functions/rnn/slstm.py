"""Chainer v3+ path of ``chainer.functions.activation.slstm`` (re-exported)."""
from chainer.functions.activation.slstm import SLSTM  # noqa: F401
from chainer.functions.activation.slstm import SLSTMGrad  # noqa: F401
from chainer.functions.activation.slstm import slstm  # noqa: F401
