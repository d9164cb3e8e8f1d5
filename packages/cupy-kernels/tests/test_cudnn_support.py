"""Which cuDNN API is used and why not (cudnn_support), with stand-in modules: no GPU,
no cuDNN needed."""
import types

import pytest

from cupy_kernels import cudnn_support


def _frontend(version=92801, fail=None):
    m = types.ModuleType('cudnn')
    m.pygraph = object

    def backend_version():
        if fail:
            raise OSError(fail)
        return version
    m.backend_version = backend_version
    return m


def _cupy_cudnn(version=8902):
    return (types.ModuleType('cupy.cudnn'),
            types.SimpleNamespace(getVersion=lambda: version))


@pytest.fixture
def modules(monkeypatch):
    """name -> module (or exception) that cudnn_support's imports return."""
    table = {}

    def fake_import(name):
        found = table.get(name, ImportError('No module named ' + repr(name)))
        if isinstance(found, Exception):
            raise found
        return found
    monkeypatch.setattr(cudnn_support, '_import', fake_import)
    monkeypatch.setattr(cudnn_support, '_state', {})
    monkeypatch.delenv('CHAINER_CUDNN', raising=False)
    monkeypatch.delenv(cudnn_support.API_VARIABLE, raising=False)
    return table


def _with_cupy_cudnn(modules, version=8902):
    modules['cupy.cudnn'], modules['cupy.cuda.cudnn'] = _cupy_cudnn(version)


def test_the_frontend_is_preferred(modules):
    modules['cudnn'] = _frontend()
    _with_cupy_cudnn(modules)
    assert cudnn_support.enabled() and cudnn_support.api() == 'frontend'
    assert cudnn_support.version() == 92801 and cudnn_support.reason() == ''
    assert cudnn_support.frontend() is modules['cudnn']
    # CuPy 13's module still serves what the frontend has no operation for
    assert cudnn_support.has_cupy_cudnn()
    assert cudnn_support.module() is modules['cupy.cudnn']


def test_cupy_cudnn_without_the_frontend(modules):
    _with_cupy_cudnn(modules)
    assert cudnn_support.api() == 'cupy' and cudnn_support.version() == 8902
    with pytest.raises(RuntimeError, match='frontend is not available'):
        cudnn_support.frontend()


def test_cupy_14_with_the_frontend_only(modules):
    modules['cudnn'] = _frontend()
    assert cudnn_support.api() == 'frontend' and not cudnn_support.has_cupy_cudnn()
    with pytest.raises(RuntimeError, match='cupy.cudnn is not available.*frontend'):
        cudnn_support.module()


def test_nothing_installed_says_both_reasons(modules):
    assert not cudnn_support.enabled() and cudnn_support.api() is None
    why = cudnn_support.reason()
    assert 'nvidia-cudnn-frontend is not installed' in why
    assert 'CuPy 14 removed it' in why
    with pytest.raises(RuntimeError, match='nvidia-cudnn-frontend is not installed'):
        cudnn_support.frontend()


def test_frontend_without_the_library_says_what_to_install(modules):
    modules['cudnn'] = _frontend(fail='libcudnn.so.9: cannot open shared object file')
    assert not cudnn_support.enabled()
    assert 'cuDNN library does not load' in cudnn_support.reason()
    assert 'libcudnn.so.9' in cudnn_support.reason()
    assert 'nvidia-cudnn-cu13' in cudnn_support.reason()


def test_a_foreign_cudnn_module_is_not_taken_for_the_frontend(modules):
    modules['cudnn'] = types.ModuleType('cudnn')  # no pygraph
    assert not cudnn_support.enabled()
    assert 'is not nvidia-cudnn-frontend' in cudnn_support.reason()


def test_a_frontend_that_raises_at_import_is_reported(modules):
    modules['cudnn'] = RuntimeError('CUDA driver mismatch')
    assert 'failed to import (RuntimeError: CUDA driver mismatch)' in cudnn_support.reason()


@pytest.mark.parametrize('choice,api', [('frontend', 'frontend'), ('cupy', 'cupy')])
def test_the_api_can_be_chosen(modules, monkeypatch, choice, api):
    modules['cudnn'] = _frontend()
    _with_cupy_cudnn(modules)
    monkeypatch.setenv(cudnn_support.API_VARIABLE, choice)
    assert cudnn_support.api() == api
    assert cudnn_support.has_cupy_cudnn() == (choice == 'cupy')


def test_choosing_a_missing_api_disables_cudnn(modules, monkeypatch):
    _with_cupy_cudnn(modules)
    monkeypatch.setenv(cudnn_support.API_VARIABLE, 'frontend')
    assert not cudnn_support.enabled()
    assert 'not installed' in cudnn_support.reason()


def test_a_bad_choice_and_the_off_switch(modules, monkeypatch):
    modules['cudnn'] = _frontend()
    monkeypatch.setenv(cudnn_support.API_VARIABLE, 'legacy')
    assert not cudnn_support.enabled() and "'legacy'" in cudnn_support.reason()
    cudnn_support.reset()
    monkeypatch.delenv(cudnn_support.API_VARIABLE)
    monkeypatch.setenv('CHAINER_CUDNN', '0')
    assert cudnn_support.reason() == 'disabled by CHAINER_CUDNN=0'


def test_install_hints_follow_the_cuda_version():
    assert cudnn_support.install_hint(13) == 'pip install "cupy-kernels[cuda13,cudnn]"'
    assert cudnn_support.install_hint(12) == 'pip install "cupy-kernels[cuda12,cudnn12]"'
    assert cudnn_support.install_hint(14) == cudnn_support.install_hint(13)
