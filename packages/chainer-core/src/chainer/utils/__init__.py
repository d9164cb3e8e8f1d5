"""Small helpers shared by the framework (``chainer.utils``)."""
import collections.abc as collections_abc  # noqa: F401 (v7's name for the module)
import contextlib
import shutil
import tempfile

import numpy


def force_array(x, dtype=None):
    """Returns ``x`` as an array (numpy reductions may return 0-d scalars, not arrays)."""
    if type(x) is numpy.ndarray:
        # The common case, decided before numpy.isscalar (a tenth of a tiny op's time).
        return x if dtype is None else x.astype(dtype, copy=False)
    if numpy.isscalar(x) or isinstance(x, numpy.generic):
        if dtype is None:
            return numpy.asarray(x)
        return numpy.asarray(x, dtype=dtype)
    if dtype is None:
        return x
    return x.astype(dtype, copy=False)


def force_type(dtype, value):
    """Casts ``value`` (array or scalar) to ``dtype`` if it is not of that type already."""
    if numpy.isscalar(value):
        return dtype.type(value)
    if value.dtype != dtype:
        return value.astype(dtype, copy=False)
    return value


from chainer.utils.experimental import experimental  # noqa: E402,F401
from chainer.utils.walker_alias import WalkerAlias  # noqa: E402,F401
from chainer.utils.array import size_of_shape, sum_to  # noqa: E402,F401
from chainer.utils.meta import enable_final, final  # noqa: E402,F401
from chainer.utils.nondeterministic import nondeterministic  # noqa: E402,F401

# v7 names whose modules load on first use (they cost milliseconds at import)
_LAZY = {'get_conv_outsize': 'conv', 'get_deconv_outsize': 'conv',
         'CooMatrix': 'sparse', 'get_order': 'sparse', 'to_coo': 'sparse'}


def __getattr__(name):
    import importlib
    module = _LAZY.get(name)
    if module is None:
        # A submodule not imported yet (``chainer.utils.argument``): v7 imported them
        # all with ``import chainer``, so code reaches them as attributes.
        if not name.startswith('_'):
            import importlib.util
            if importlib.util.find_spec('chainer.utils.' + name) is not None:
                return importlib.import_module('chainer.utils.' + name)
        raise AttributeError("module 'chainer.utils' has no attribute {!r}".format(name))
    value = getattr(importlib.import_module('chainer.utils.' + module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


@contextlib.contextmanager
def tempdir(**kwargs):
    """A temporary directory for the duration of a ``with`` block (v7): yields its
    path and removes it afterwards.

    Args:
        ignore_errors (bool): ignore errors while removing it.
        kwargs: passed to :func:`tempfile.mkdtemp` (``suffix``, ``prefix``,
            ``dir``).
    """
    ignore_errors = kwargs.pop('ignore_errors', False)
    path = tempfile.mkdtemp(**kwargs)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=ignore_errors)


def _format_array_props(arrays):
    """``'(2, 3):float32, ...'``: the shapes and dtypes of ``arrays`` for error
    messages (None entries shown as None)."""
    return ', '.join(['None' if a is None else '{}:{}'.format(a.shape, a.dtype.name)
                      for a in arrays])
