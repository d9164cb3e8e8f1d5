"""The public API that the reference documents, derived from the installed packages.

The reference pages never list names by hand: each page holds ``.. public-api::``
directives naming namespaces (``chainer.functions``, ``chainer.training.extensions``,
...), and the directive documents every public name the namespace has when the docs are
built. A name added to a namespace is documented without anyone touching the docs; a
namespace or distribution nobody put on a page fails ``docs/tests/test_public_api.py``.

A public name is a name of the namespace's ``__all__`` (or, without one, a name of its
globals not starting with ``_``) that is not a module. The first namespace of
:data:`NAMESPACES` that holds an object is its home, where autodoc documents it; another
namespace holding the same object shows a line "alias of ..." (``chainer.functions.Linear``
is ``chainer.links.Linear``, as in v1).
"""
import functools
import importlib
import inspect
import pathlib
import re
import types

try:
    import tomllib
except ImportError:  # Python < 3.11
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: Distribution -> the namespaces its reference documents, in the order they appear.
#: Every distribution of ``release.toml`` needs an entry (a test checks it).
DISTRIBUTION_NAMESPACES = {
    'chainer-core': (
        'chainer', 'chainer.flag', 'chainer.cuda', 'chainer.serializers', 'chainer.initializers',
        'chainer.optimizer', 'chainer.reporter', 'chainer.graph_optimizations',
        'chainer.function_hooks',
        'chainer.computational_graph', 'chainer.gradient_check', 'chainer.utils',
        'chainer.utils.type_check', 'chainer.testing', 'chainer.testing.attr',
        'chainer.testing.condition'),
    'chainer-links': ('chainer.links', 'chainer.links.model', 'chainer.functions',
                      'chainer.functions.math.basic_math', 'chainer.distributions'),
    'chainer-training': (
        'chainer.optimizers', 'chainer.dataset', 'chainer.datasets', 'chainer.iterators',
        'chainer.training', 'chainer.training.updaters', 'chainer.training.triggers',
        'chainer.training.extensions'),
    'chainer-caffe': ('chainer.links.caffe', 'chainer.exporters.caffe'),
    'cupy-kernels': ('cupy_kernels',),
    'chainer-mn': ('chainermn',),
    # the full training profile under the name ``chainer``: no namespace of its own
    'chainer': (),
}

#: Top-level packages whose objects count as the project's own (not re-exported from
#: numpy, six, ...).
PROJECT_PACKAGES = ('chainer', 'chainermn', 'cupy_kernels')

#: A namespace with more names than this is split into sections by defining module.
GROUP_THRESHOLD = 15


def released_distributions():
    """The distributions of ``release.toml``, in its (dependency) order."""
    with open(ROOT / 'release.toml', 'rb') as f:
        return list(tomllib.load(f)['packages'])


def namespaces():
    """Every documented namespace of the released distributions, in home order."""
    return [ns for dist in released_distributions()
            for ns in DISTRIBUTION_NAMESPACES.get(dist, ())]


def is_routine_or_class(obj):
    return inspect.isclass(obj) or inspect.isroutine(obj)


def is_project_object(obj):
    module = getattr(obj, '__module__', None) or ''
    return module.split('.')[0] in PROJECT_PACKAGES


def public_names(module):
    """The public names of ``module`` (a module object), sorted case-insensitively."""
    names = getattr(module, '__all__', None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith('_')]
    kept = []
    for name in names:
        obj = getattr(module, name)
        if isinstance(obj, types.ModuleType):
            continue
        if is_routine_or_class(obj) and not is_project_object(obj):
            continue  # e.g. a numpy function imported for use, not part of the API
        kept.append(name)
    return sorted(set(kept), key=lambda n: (n.lower(), n))


def has_identity(obj):
    """Whether two names holding ``obj`` are the same thing (a class, a routine, a flag
    singleton), not merely equal values (two constants that are both 300)."""
    return not isinstance(obj, (int, float, complex, str, bytes, tuple, type(None)))


@functools.lru_cache(maxsize=None)
def homes():
    """``{id(object): 'namespace.name'}`` for every documented object with an identity."""
    found = {}
    for ns in namespaces():
        module = importlib.import_module(ns)
        for name in public_names(module):
            obj = getattr(module, name)
            if has_identity(obj):
                found.setdefault(id(obj), '{}.{}'.format(ns, name))
    return found


def documented_objects():
    """``[(qualified name, object)]`` of every class and routine documented at home."""
    seen = set()
    result = []
    for ns in namespaces():
        module = importlib.import_module(ns)
        for name in public_names(module):
            obj = getattr(module, name)
            if is_routine_or_class(obj) and id(obj) not in seen:
                seen.add(id(obj))
                result.append(('{}.{}'.format(ns, name), obj))
    return result


def group_of(namespace, obj):
    """The section of a big namespace an object goes in: the first component of its
    defining module below the namespace (``activation`` for ``F.relu``)."""
    module = getattr(obj, '__module__', None) or ''
    if module.startswith(namespace + '.'):
        return module[len(namespace) + 1:].split('.')[0].lstrip('_')
    return module.rsplit('.', 1)[-1].lstrip('_') or 'other'


def entry_rst(namespace, name, obj, home):
    """The reStructuredText that documents ``namespace.name``."""
    qualified = '{}.{}'.format(namespace, name)
    if home is not None and home != qualified:
        role, kind = ('class', 'class') if inspect.isclass(obj) else \
            ('func', 'function') if inspect.isroutine(obj) else ('data', 'data')
        return ['.. py:{}:: {}'.format(kind, qualified), '',
                '   Alias of :py:{}:`{}`.'.format(role, home), '']
    if inspect.isclass(obj):
        # Calling a link or a hook is its main use: __call__ is shown with the methods.
        return ['.. autoclass:: ' + qualified, '   :members:',
                '   :special-members: __call__', '']
    if inspect.isroutine(obj):
        return ['.. autofunction:: ' + qualified, '']
    lines = ['.. py:data:: ' + qualified]
    value = repr(obj)
    if len(value) < 60 and '<' not in value:
        lines.append('   :value: ' + value)
    comment = data_comment(namespace, name)
    if comment is None:
        raise ValueError('{} has no "#:" comment where it is defined'.format(qualified))
    return lines + [''] + ['   ' + line for line in comment.splitlines()] + ['']


def _source_files(module):
    """The source files of a module, or of every module of a package (all portions)."""
    if hasattr(module, '__path__'):
        return sorted(f for d in module.__path__ for f in pathlib.Path(d).rglob('*.py'))
    return [pathlib.Path(module.__file__)]


def data_comment(namespace, name):
    """The ``#:`` comment above the assignment of ``name`` in the namespace's sources
    (data has no docstring of its own), or None."""
    pattern = re.compile(r'((?:^[ \t]*#:.*\n)+)^{}\s*(?::[^=\n]*)?='.format(re.escape(name)),
                         re.MULTILINE)
    for path in _source_files(importlib.import_module(namespace)):
        match = pattern.search(path.read_text())
        if match:
            return '\n'.join(line.strip()[2:].strip()
                             for line in match.group(1).splitlines())
    return None


#: Public modules whose definitions the reference leaves out, each with why.
UNDOCUMENTED_MODULES = {
    'chainer.links.caffe.caffe_pb2': 'protobuf messages generated from caffe.proto',
    'chainer.testing.pytest_plugin': 'a pytest plugin (its hooks are for pytest)',
}


def module_distribution(module_name):
    """The distribution whose source tree (``packages/<dist>/src``) holds a module."""
    relative = pathlib.Path(*module_name.split('.'))
    for dist in released_distributions():
        src = ROOT / 'packages' / dist / 'src'
        if (src / relative.with_suffix('.py')).is_file() or \
                (src / relative / '__init__.py').is_file():
            return dist
    return None


@functools.lru_cache(maxsize=None)
def _public_modules():
    """Every importable public module of the project's packages (no ``_`` component)."""
    import pkgutil
    found = []
    for top in PROJECT_PACKAGES:
        try:
            package = importlib.import_module(top)
        except ImportError:
            continue
        found.append(top)
        for info in pkgutil.walk_packages(package.__path__, top + '.'):
            if not any(p.startswith('_') for p in info.name.split('.')):
                found.append(info.name)
    return sorted(found)


def remaining_objects(distribution):
    """``[(module name, [(name, object)])]``: the public classes and routines that the
    modules of ``distribution`` define and no namespace documents, by module."""
    documented = homes()
    result = []
    for module_name in _public_modules():
        if module_name in UNDOCUMENTED_MODULES or \
                module_distribution(module_name) != distribution:
            continue
        module = importlib.import_module(module_name)
        entries = []
        for name in public_names(module):
            obj = getattr(module, name)
            if is_routine_or_class(obj) and obj.__module__ == module_name and \
                    id(obj) not in documented:
                entries.append((name, obj))
        if entries:
            result.append((module_name, entries))
    return result


def documented_definitions():
    """``[(qualified name, object)]`` of every class and routine the reference documents:
    at home in a namespace, or under its module when no namespace exports it."""
    found = list(documented_objects())
    for dist in released_distributions():
        for module_name, entries in remaining_objects(dist):
            found += [('{}.{}'.format(module_name, name), obj) for name, obj in entries]
    return found


def has_docstring(obj):
    return bool((getattr(obj, '__doc__', None) or '').strip())


def is_method_or_property(value):
    """Whether a class attribute is a method (plain, class or static) or a property:
    what autodoc's ``:members:`` documents besides data."""
    return inspect.isroutine(value) or \
        isinstance(value, (classmethod, staticmethod, property, functools.cached_property))


def public_members(cls):
    """``[(name, attribute)]`` of the methods and properties ``cls`` defines itself that
    its reference documents: names not starting with ``_``, and ``__call__`` (the
    reference shows no other special method). What ``cls`` inherits is documented
    where it is defined."""
    return [(name, value) for name, value in vars(cls).items()
            if (not name.startswith('_') or name == '__call__') and
            is_method_or_property(value)]


def member_has_docstring(cls, name):
    """Whether ``cls.name`` has a docstring of its own or inherits one from the same
    method or property of a project base class, as autodoc shows it (a docstring of
    ``object``'s, an exception's or numpy's says nothing about the project's method)."""
    for base in cls.__mro__:
        value = vars(base).get(name)
        if is_project_object(base) and is_method_or_property(value):
            # classmethod and staticmethod objects copy __doc__ from Python 3.10 on only
            if has_docstring(getattr(value, '__func__', value)):
                return True
    return False


def missing_docstrings():
    """Qualified names of the documented classes and routines without a docstring of
    their own (a class does not inherit its base's ``__doc__``), and of the public
    methods and properties of documented classes without one (see
    :func:`public_members`, :func:`member_has_docstring`)."""
    found = []
    for qualified, obj in documented_definitions():
        if not has_docstring(obj):
            found.append(qualified)
        if inspect.isclass(obj):
            found += ['{}.{}'.format(qualified, name) for name, _ in public_members(obj)
                      if not member_has_docstring(obj, name)]
    return found


def missing_data_comments():
    """Qualified names of documented data (constants, singletons) without a ``#:``
    comment to document them."""
    found = []
    for ns in namespaces():
        module = importlib.import_module(ns)
        for name in public_names(module):
            if not is_routine_or_class(getattr(module, name)) and \
                    data_comment(ns, name) is None:
                found.append('{}.{}'.format(ns, name))
    return found
