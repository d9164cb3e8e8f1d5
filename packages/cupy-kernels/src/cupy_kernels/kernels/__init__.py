"""The kernel library: every CUDA kernel Chainer runs, under stable names.

``chainer.cuda.kernel(name)`` returns the built kernel of :func:`get` ``(name)``. Each
category module lists its specs in ``KERNELS``; :func:`library` gathers them (names are
unique, checked at load).
"""
import importlib

#: Category modules, in documentation order.
MODULES = ('activation', 'math', 'rnn', 'softmax', 'loss', 'conv', 'pooling',
           'normalization', 'noise', 'scatter', 'cudnn', 'communication')

_library = {}


def library():
    """Returns ``{name: spec}`` of every kernel (loaded once).

    Raises:
        ValueError: when two modules define the same name.
    """
    if not _library:
        found = {}
        for module in MODULES:
            for spec in importlib.import_module(__name__ + '.' + module).KERNELS:
                if spec.name in found:
                    raise ValueError('kernel name {!r} defined twice'.format(spec.name))
                found[spec.name] = spec
        _library.update(found)
    return _library


def names():
    """Returns the sorted names of the library's kernels."""
    return sorted(library())


def get(name):
    """Returns the spec named ``name``.

    Raises:
        KeyError: naming the unknown kernel and where the known names are listed.
    """
    try:
        return library()[name]
    except KeyError:
        raise KeyError('no GPU kernel named {!r} in cupy-kernels (see '
                       'cupy_kernels.kernels.names())'.format(name))
