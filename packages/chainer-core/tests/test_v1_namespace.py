"""A bare ``import chainer`` gives v1's whole namespace, lazily (issue #13, point 1)."""
import os
import subprocess
import sys
import textwrap

import pytest

import chainer
from chainer import _namespace

CORE_DIR = os.path.dirname(chainer.__file__)
SIBLINGS = ('functions', 'links', 'training', 'optimizers', 'dataset', 'datasets',
            'iterators', 'array', 'basic_math')


def _run(code):
    result = subprocess.run([sys.executable, '-c', textwrap.dedent(code)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _sibling_installed(name):
    return any(os.path.isdir(os.path.join(entry, _namespace.V1_MODULES[name].split('.')[1]))
               for entry in chainer.__path__)


@pytest.mark.parametrize('name', sorted(_namespace.V1_MODULES))
def test_bare_import_chainer_gives_every_v1_subpackage_as_attribute(name):
    if name in SIBLINGS and not _sibling_installed(name):
        pytest.skip('the distribution of chainer.{} is not installed'.format(name))
    out = _run('''
        import chainer
        module = chainer.{name}
        print(module.__name__)
        '''.format(name=name))
    assert out.strip() == _namespace.V1_MODULES[name]


def test_v1_top_level_aliases_of_function_modules_import_with_from():
    if not _sibling_installed('functions'):
        pytest.skip('chainer-links is not installed')
    from chainer import array, basic_math
    import chainer.functions.array
    import chainer.functions.math.basic_math
    assert array is chainer.functions.array
    assert basic_math is chainer.functions.math.basic_math


def test_import_chainer_imports_no_sibling_portion():
    out = _run('''
        import sys
        import chainer
        dir(chainer)
        print(sorted(m for m in sys.modules if m.split('.')[:2] in (
            ['chainer', 'functions'], ['chainer', 'links'], ['chainer', 'training'],
            ['chainer', 'optimizers'], ['chainer', 'datasets'], ['chainer', 'dataset'],
            ['chainer', 'iterators'])))
        ''')
    assert out.strip() == '[]'


def test_lazy_attribute_is_cached_in_the_package():
    module = chainer.testing
    assert chainer.__dict__['testing'] is module


def test_dir_of_chainer_lists_the_v1_subpackages():
    listed = dir(chainer)
    for name in ('cuda', 'testing', 'utils', 'initializers', 'function_hooks',
                 'computational_graph', 'gradient_check', 'serializers'):
        assert name in listed
    for name in SIBLINGS:
        assert (name in listed) == _sibling_installed(name)


def test_unknown_attribute_of_chainer_is_an_attribute_error():
    assert not hasattr(chainer, 'no_such_thing')
    with pytest.raises(AttributeError, match='no_such_thing'):
        chainer.no_such_thing


@pytest.mark.parametrize('name, distribution', [
    ('training', 'chainer-training'), ('optimizers', 'chainer-training'),
    ('links', 'chainer-links'), ('basic_math', 'chainer-links')])
def test_missing_distribution_attribute_says_what_to_install(name, distribution):
    # Only core's own directory stays on chainer.__path__: every sibling is "missing".
    out = _run('''
        import chainer
        chainer.__path__[:] = [{core!r}]
        print(hasattr(chainer, {name!r}), {name!r} in dir(chainer))
        try:
            chainer.{name}
        except AttributeError as e:
            print(e)
        '''.format(core=CORE_DIR, name=name))
    first, message = out.strip().split('\n')
    assert first == 'False False'
    assert 'pip install' in message and distribution in message


def test_v1_module_level_names_of_chainer():
    from chainer import function, initializer
    assert chainer.thread_local is function.thread_local
    assert chainer.get_function_hooks() is function.get_function_hooks()
    assert chainer.Initializer is initializer.Initializer
    with chainer.DebugMode(True):
        assert chainer.is_debug()
    assert not chainer.is_debug()
