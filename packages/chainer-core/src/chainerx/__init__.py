"""``chainerx``, as it stands in this project: ChainerX is not provided.

Chainer v7 shipped ChainerX (its C++ array library) as the top-level module
``chainerx``, and v7 code, v7's own tests and libraries built on v7 (chainer-chemistry,
...) import it unconditionally and then ask :func:`is_available`. This module lets those
imports succeed: :func:`is_available` returns False, :class:`ndarray` is a class no array
is an instance of (so ``isinstance(x, chainerx.ndarray)`` is False), and any other
attribute raises AttributeError saying that ChainerX is not part of this project
(``from chainerx import X`` then fails with ImportError, as Python turns that
AttributeError into one).
"""

_REASON = ('ChainerX is not part of this project (it rebuilds Chainer on numpy and CuPy); '
           'chainerx.is_available() is False')


def is_available():
    """Returns whether ChainerX can be used: always False here."""
    return False


class ndarray(object):
    """Stands for ``chainerx.ndarray`` in type tests: no array is an instance of it, and
    creating one raises RuntimeError."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError('cannot create a chainerx.ndarray: ' + _REASON)


class ChainerxNotProvidedError(AttributeError):
    """Raised for any ``chainerx`` attribute this project does not provide."""


def __getattr__(name):
    if name.startswith('__'):
        raise AttributeError(name)  # protocol probes (copy, pickle, inspect)
    raise ChainerxNotProvidedError('chainerx.{} is not available: {}'.format(name, _REASON))
