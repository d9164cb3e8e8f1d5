"""Indexing of a variable: ``get_item`` (re-exported from chainer-core).

The function node lives in core (``chainer.core_functions.get_item``) because
``Variable.__getitem__`` needs it; this module is its place in ``chainer.functions``.
"""
from chainer.core_functions.get_item import GetItem  # noqa: F401
from chainer.core_functions.get_item import get_item  # noqa: F401
