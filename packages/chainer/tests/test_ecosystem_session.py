"""The ecosystem checks of the root ``noxfile.py``: ``nox -s ecosystem`` (ChainerCV's own
suite, from the checkout ``CHAINERCV_SRC`` names, with a floor of passes) stays out of the
CI command, and ``nox -s packaging`` runs the ChainerCV install test."""
import importlib.util
import math
import pathlib
import sys
import types

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(not (REPO / 'noxfile.py').exists(),
                                reason='needs the source repository (not an sdist)')


def _any_decorator(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f


@pytest.fixture
def nox_module(monkeypatch):
    """The root noxfile, imported with a stand-in ``nox`` (no session runs)."""
    pytest.importorskip('packaging')
    stand_in = types.ModuleType('nox')
    stand_in.session = stand_in.parametrize = _any_decorator
    stand_in.options = types.SimpleNamespace()
    monkeypatch.setitem(sys.modules, 'nox', stand_in)
    spec = importlib.util.spec_from_file_location('_noxfile_ecosystem', REPO / 'noxfile.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Abort(Exception):
    pass


class _Session:
    """What ``_chainercv_source`` uses of a nox session: ``error`` ends it."""

    def error(self, message):
        raise _Abort(message)


def _checkout(path, version='0.13.1', tests=True):
    path.mkdir()
    (path / 'setup.py').write_text("setup(\n    name='chainercv',\n    version='{}',\n)\n"
                                   .format(version))
    if tests:
        (path / 'tests').mkdir()
    return path


def test_floor_is_99_percent_of_the_original_and_documented(nox_module):
    assert nox_module.CHAINERCV_FLOOR == math.ceil(0.99 * nox_module.CHAINERCV_ORIGINAL_PASSES)
    assert nox_module.CHAINERCV_FLOOR <= nox_module.CHAINERCV_ORIGINAL_PASSES
    readme = (REPO / 'packages' / 'chainer' / 'README.md').read_text()
    for figure in (nox_module.CHAINERCV_ORIGINAL_PASSES, nox_module.CHAINERCV_FLOOR):
        assert '{:,}'.format(figure) in readme
    assert 'not gpu and not slow' in nox_module.CHAINERCV_MARKERS


def test_ecosystem_stays_out_of_ci_and_packaging_runs_the_install_test(nox_module):
    ci = (REPO / '.ci' / 'run').read_text()
    assert 'packaging' in ci and 'ecosystem' not in ci
    assert 'ecosystem' not in nox_module.nox.options.sessions
    assert callable(nox_module.ecosystem)
    assert 'packages/chainer/tests/test_chainercv_install.py' in nox_module.INSTALL_TESTS
    assert (REPO / 'packages/chainer/tests/test_chainercv_install.py').is_file()


def test_chainercv_source_accepts_a_0_13_1_checkout(nox_module, tmp_path, monkeypatch):
    good = _checkout(tmp_path / 'cv')
    monkeypatch.setenv('CHAINERCV_SRC', str(good))
    assert nox_module._chainercv_source(_Session()) == good.resolve()


@pytest.mark.parametrize('case, words', [
    ('unset', 'set CHAINERCV_SRC'),
    ('no-tests', 'is not a ChainerCV checkout'),
    ('other-version', 'is not ChainerCV 0.13.1'),
])
def test_chainercv_source_refuses_with_the_way_to_get_it(nox_module, tmp_path, monkeypatch,
                                                         case, words):
    if case == 'unset':
        monkeypatch.delenv('CHAINERCV_SRC', raising=False)
    else:
        path = _checkout(tmp_path / 'cv', version='0.13.0' if case == 'other-version'
                         else '0.13.1', tests=case != 'no-tests')
        monkeypatch.setenv('CHAINERCV_SRC', str(path))
    with pytest.raises(_Abort) as caught:
        nox_module._chainercv_source(_Session())
    message = str(caught.value)
    assert words in message
    assert 'git clone --branch v0.13.1 https://github.com/chainer/chainercv' in message
