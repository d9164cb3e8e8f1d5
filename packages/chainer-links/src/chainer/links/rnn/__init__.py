"""Chainer v3+'s location of the recurrent links (``chainer.links.rnn``).

The links live where Chainer v1 put them (``chainer.links.connection.lstm``, ...);
each module here re-exports one of them under its v3+ path, so that
``from chainer.links.rnn.lstm import LSTM`` gives the same class.
"""
