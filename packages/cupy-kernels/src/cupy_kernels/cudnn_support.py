"""Whether cuDNN can be used, through which API, and why not.

Two APIs reach cuDNN:

* ``'frontend'``: NVIDIA's own Python API, the ``cudnn`` module of the
  ``nvidia-cudnn-frontend`` wheel, with the cuDNN library of ``nvidia-cudnn-cu12`` /
  ``nvidia-cudnn-cu13`` (``pip install "cupy-kernels[cuda13,cudnn]"``). It works with
  CuPy 13 and 14 and is preferred wherever it loads: the convolutions and batch
  normalization run as cuDNN graphs (:mod:`cupy_kernels.cudnn_graphs`).
* ``'cupy'``: ``cupy.cudnn``, which only CuPy 13 built with cuDNN (cupy-cuda12x) has;
  CuPy 14 removed it. Used when the frontend is missing.

``CHAINER_CUDNN=0`` disables cuDNN; ``CUPY_KERNELS_CUDNN_API=frontend`` or ``=cupy`` allows
only that API (to compare them, or to rule one out).
"""
import importlib
import os

#: Environment variable choosing the API ('frontend' or 'cupy'; unset: either).
API_VARIABLE = 'CUPY_KERNELS_CUDNN_API'
#: What installs the frontend, by the CUDA major version of CuPy.
INSTALL_HINTS = {12: 'pip install "cupy-kernels[cuda12,cudnn12]"',
                 13: 'pip install "cupy-kernels[cuda13,cudnn]"'}

_state = {}


def _import(name):
    return importlib.import_module(name)


def _probe_frontend():
    """``(module, version, '')`` of the frontend, or ``(None, 0, why)``."""
    try:
        frontend = _import('cudnn')
    except ImportError as e:
        return None, 0, 'nvidia-cudnn-frontend is not installed ({})'.format(e)
    except Exception as e:  # noqa: BLE001 - a broken install raising at import
        return None, 0, 'the cudnn module (nvidia-cudnn-frontend) failed to import ' \
            '({}: {})'.format(type(e).__name__, e)
    if not hasattr(frontend, 'pygraph'):
        return None, 0, 'the cudnn module found ({}) is not nvidia-cudnn-frontend ' \
            '(no pygraph)'.format(getattr(frontend, '__file__', '?'))
    try:
        version = int(frontend.backend_version())
    except Exception as e:  # noqa: BLE001 - libcudnn missing or unloadable
        return None, 0, 'nvidia-cudnn-frontend is installed but the cuDNN library does ' \
            'not load ({}: {}): install nvidia-cudnn-cu13 (or -cu12)'.format(
                type(e).__name__, e)
    return frontend, version, ''


def _probe_cupy():
    """``(cupy.cudnn, cupy.cuda.cudnn, version, '')`` or ``(None, None, 0, why)``."""
    try:
        module, lib = _import('cupy.cudnn'), _import('cupy.cuda.cudnn')
        return module, lib, int(lib.getVersion()), ''
    except Exception as e:  # noqa: BLE001 - ImportError, or libcudnn missing at load
        return None, None, 0, 'cupy.cudnn is unavailable ({}: {}; CuPy 14 removed it, ' \
            'only CuPy 13 built with cuDNN has it)'.format(type(e).__name__, e)


def _load():
    if _state:
        return _state
    state = dict(api=None, frontend=None, module=None, lib=None, version=0, reason='')
    choice = os.environ.get(API_VARIABLE, '')
    if os.environ.get('CHAINER_CUDNN', '1') == '0':
        state['reason'] = 'disabled by CHAINER_CUDNN=0'
    elif choice not in ('', 'frontend', 'cupy'):
        state['reason'] = '{}={!r} is neither "frontend" nor "cupy"'.format(
            API_VARIABLE, choice)
    else:
        reasons = []
        if choice != 'cupy':
            frontend, version, why = _probe_frontend()
            if frontend is not None:
                state.update(api='frontend', frontend=frontend, version=version)
            reasons.append(why)
        if state['api'] is None and choice != 'frontend':
            module, lib, version, why = _probe_cupy()
            if module is not None:
                state.update(api='cupy', module=module, lib=lib, version=version)
            reasons.append(why)
        # legacy cupy.cudnn beside the frontend still serves pooling/softmax/activation
        if state['api'] == 'frontend' and choice != 'frontend':
            module, lib, version, _ = _probe_cupy()
            state.update(module=module, lib=lib)
        if state['api'] is None:
            state['reason'] = '; '.join(r for r in reasons if r)
    _state.update(state)
    return _state


def reset():
    """Forgets what was probed (the next question probes again; for tests)."""
    _state.clear()


def enabled():
    """Returns whether the cuDNN paths can run (through either API)."""
    return _load()['api'] is not None


def api():
    """Returns ``'frontend'``, ``'cupy'`` or None (cuDNN unusable)."""
    return _load()['api']


def version():
    """Returns the version of the cuDNN library loaded (e.g. 92801), 0 without one."""
    return _load()['version']


def reason():
    """Returns why cuDNN is disabled ('' when enabled)."""
    return _load()['reason']


def install_hint(cuda_major):
    """Returns the pip command that installs the frontend and cuDNN for ``cuda_major``."""
    return INSTALL_HINTS.get(cuda_major, INSTALL_HINTS[13])


def frontend():
    """Returns the ``cudnn`` module of nvidia-cudnn-frontend.

    Raises:
        RuntimeError: with the reason, when the frontend is not the API in use.
    """
    state = _load()
    if state['frontend'] is None:
        raise RuntimeError('cuDNN frontend is not available: ' + (
            state['reason'] or 'cuDNN runs through cupy.cudnn here'))
    return state['frontend']


def module():
    """Returns ``cupy.cudnn`` (CuPy 13 with cuDNN).

    Raises:
        RuntimeError: with the reason, when CuPy has no cuDNN module.
    """
    state = _load()
    if state['module'] is None:
        raise RuntimeError('cupy.cudnn is not available: ' + (
            state['reason'] or 'this CuPy has no cupy.cudnn (cuDNN runs through '
            'nvidia-cudnn-frontend)'))
    return state['module']


def has_cupy_cudnn():
    """Returns whether ``cupy.cudnn`` is usable (CuPy 13 with cuDNN, not excluded)."""
    return _load()['module'] is not None


def libcudnn():
    """Returns ``cupy.cuda.cudnn`` (the constants), raising like :func:`module`."""
    module()
    return _state['lib']
