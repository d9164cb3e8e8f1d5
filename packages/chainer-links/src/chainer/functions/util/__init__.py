"""Utility functions.

One module per function; :mod:`chainer.functions` imports their public names. As in
Chainer v1 this ``__init__`` imports nothing, so that ``chainer.functions.util.<name>``
is always the module ``<name>``, never a function that would shadow it.
"""
