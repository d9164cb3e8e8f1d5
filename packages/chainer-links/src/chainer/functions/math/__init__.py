"""Mathematical functions.

``basic_math`` re-exports the Variable operators of chainer-core; ``tanh`` is an
activation function (``chainer.functions.activation.tanh``).

One module per function; :mod:`chainer.functions` imports their public names. As in
Chainer v1 this ``__init__`` imports nothing, so that ``chainer.functions.math.<name>``
is always the module ``<name>``, never a function that would shadow it.
"""
