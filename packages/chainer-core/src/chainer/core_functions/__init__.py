"""The functions that :class:`chainer.Variable`'s own operators and methods need.

They live in core so that core alone can build and differentiate graphs;
``chainer.functions`` re-exports the public ones (``matmul``, ``get_item``, ...).
"""
