"""The root ``noxfile.py`` as a module, for the tests of its release and ecosystem
rules (imported with a stand-in ``nox``: no session runs)."""
import importlib.util
import pathlib
import sys
import types

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


def _identity_decorator(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f


@pytest.fixture
def noxfile(monkeypatch):
    """The root noxfile imported with a stand-in ``nox`` (its sessions are not run)."""
    pytest.importorskip('packaging')
    stub = types.ModuleType('nox')
    stub.session = stub.parametrize = _identity_decorator
    stub.options = types.SimpleNamespace()
    monkeypatch.setitem(sys.modules, 'nox', stub)
    spec = importlib.util.spec_from_file_location('_noxfile_under_test', REPO / 'noxfile.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
