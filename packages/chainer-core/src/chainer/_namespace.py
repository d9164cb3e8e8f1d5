"""The v1 namespace of a bare ``import chainer``, resolved lazily (PEP 562).

Chainer v1's ``chainer/__init__.py`` imported every subpackage, so ``import chainer``
alone made ``chainer.optimizers.Adam()`` or ``chainer.datasets.get_mnist()`` work. Here
those subpackages may live in sibling distributions that core must not import, and
importing all of them would make ``import chainer`` slow. Instead the package's module
``__getattr__`` imports the module behind a v1 attribute name on first access.
"""
import importlib
import os

from chainer import _missing

#: v1 attribute name of the ``chainer`` package -> import path of the module it names.
V1_MODULES = {
    'computational_graph': 'chainer.computational_graph',
    'cuda': 'chainer.cuda',
    'dataset': 'chainer.dataset',
    'datasets': 'chainer.datasets',
    'flag': 'chainer.flag',
    'function': 'chainer.function',
    'function_hooks': 'chainer.function_hooks',
    'function_set': 'chainer.function_set',
    'functions': 'chainer.functions',
    'gradient_check': 'chainer.gradient_check',
    'initializer': 'chainer.initializer',
    'initializers': 'chainer.initializers',
    'iterators': 'chainer.iterators',
    'link': 'chainer.link',
    'links': 'chainer.links',
    'optimizer': 'chainer.optimizer',
    'optimizers': 'chainer.optimizers',
    'reporter': 'chainer.reporter',
    'serializer': 'chainer.serializer',
    'serializers': 'chainer.serializers',
    'testing': 'chainer.testing',
    'training': 'chainer.training',
    'utils': 'chainer.utils',
    'variable': 'chainer.variable',
    # v1.24 re-exported two modules of chainer.functions at the top level.
    'array': 'chainer.functions.array',
    'basic_math': 'chainer.functions.math.basic_math',
}


#: Names Chainer v4+ added to the ``chainer`` package -> (module, attribute of it, or
#: None for the module itself); resolved on first access like the v1 names.
LATER_NAMES = {
    'backend': ('chainer.backend', None),
    'backends': ('chainer.backends', None),
    'device_resident': ('chainer.device_resident', None),
    'get_device': ('chainer.backend', 'get_device'),
    'using_device': ('chainer.backend', 'using_device'),
    'DeviceResident': ('chainer.device_resident', 'DeviceResident'),
    'distributions': ('chainer.distributions', None),
    'get_array_types': ('chainer._array_types', 'get_array_types'),
    'get_cpu_array_types': ('chainer._array_types', 'get_cpu_array_types'),
    'is_arrays_compatible': ('chainer._array_types', 'is_arrays_compatible'),
}


def _ancestors(path):
    """``'chainer.a.b'`` -> ``['chainer.a', 'chainer.a.b']``."""
    parts = path.split('.')
    return ['.'.join(parts[:i]) for i in range(2, len(parts) + 1)]


def _missing_portion(path, error):
    """The sibling portion on ``path``'s way whose absence caused ``error``, or None.

    An ImportError raised from inside an installed module (a broken install, a missing
    third-party dependency) names another module and must not be disguised.
    """
    for portion in _ancestors(path):
        if error.name == portion and portion in _missing.SIBLING_MODULES:
            return portion
    return None


def load(namespace, name):
    """Imports the module behind the v1 attribute ``name`` and caches it in ``namespace``.

    Args:
        namespace (dict): the globals of the ``chainer`` package.
        name (str): the attribute asked for.

    Raises:
        AttributeError: for a name v1 did not have, and for a module whose distribution
            is not installed; then the message says what to ``pip install``. It is an
            AttributeError so that ``hasattr(chainer, 'training')`` is False and
            ``from chainer import training`` reaches the import system's own hint.
    """
    later = LATER_NAMES.get(name)
    if later is not None:
        value = _import(later[0])
        if later[1] is not None:
            value = getattr(value, later[1])
        namespace[name] = value
        return value
    path = V1_MODULES.get(name)
    if path is None:
        raise AttributeError("module 'chainer' has no attribute {!r}".format(name))
    module = _import(path)
    namespace[name] = module
    return module


def _import(path):
    # A sibling portion that is not installed becomes an AttributeError naming it.
    try:
        return importlib.import_module(path)
    except ImportError as error:
        portion = _missing_portion(path, error)
        if portion is None:
            raise
        raise AttributeError(_missing.missing_message(portion)) from error


def _installed(path, search_path):
    # A directory or module file on chainer.__path__ is enough to promise the attribute;
    # a find_spec() here would import parent packages or scan the installed metadata.
    leaf = path.split('.')[1]
    return any(os.path.isdir(os.path.join(entry, leaf)) or
               os.path.isfile(os.path.join(entry, leaf + '.py'))
               for entry in search_path)


def names(namespace):
    """The names ``dir(chainer)`` lists: the loaded ones and every installed v1 module."""
    search_path = namespace.get('__path__', [])
    lazy = {name for name, path in V1_MODULES.items() if _installed(path, search_path)}
    return sorted(set(namespace) | lazy | set(LATER_NAMES))
