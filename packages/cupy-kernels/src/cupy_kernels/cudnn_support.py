"""Whether cuDNN can be used, and why not.

``CHAINER_CUDNN=0`` disables it; otherwise it is used when CuPy's ``cupy.cudnn`` module
imports (CuPy 13 with the cuDNN library installed; CuPy 14 has no cuDNN support).
"""
import importlib
import os

_state = {}


def _load():
    if not _state:
        if os.environ.get('CHAINER_CUDNN', '1') == '0':
            _state.update(module=None, reason='disabled by CHAINER_CUDNN=0')
        else:
            try:
                _state.update(module=importlib.import_module('cupy.cudnn'),
                              lib=importlib.import_module('cupy.cuda.cudnn'), reason='')
            except Exception as e:  # ImportError, or a missing libcudnn at load time
                _state.update(module=None, reason='cupy.cudnn is unavailable ({}: {}); '
                              'CuPy 13 with cuDNN provides it'.format(type(e).__name__, e))
    return _state


def enabled():
    """Returns whether the cuDNN paths can run."""
    return _load()['module'] is not None


def reason():
    """Returns why cuDNN is disabled ('' when enabled)."""
    return _load()['reason']


def module():
    """Returns ``cupy.cudnn``.

    Raises:
        RuntimeError: with the reason, when cuDNN cannot be used.
    """
    state = _load()
    if state['module'] is None:
        raise RuntimeError('cuDNN is not available: ' + state['reason'])
    return state['module']


def libcudnn():
    """Returns ``cupy.cuda.cudnn`` (the constants), raising like :func:`module`."""
    module()
    return _state['lib']
