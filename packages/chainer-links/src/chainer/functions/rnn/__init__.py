"""Chainer v3+'s location of the recurrent functions (``chainer.functions.rnn``).

The functions live where Chainer v1 put them (``chainer.functions.activation.lstm``,
``chainer.functions.connection.n_step_lstm``, ...); each module here re-exports one of
them under its v3+ path, so that ``from chainer.functions.rnn import lstm`` gives the
same classes and functions.
"""
