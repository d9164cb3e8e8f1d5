"""Whether a function should take its cuDNN path (Chainer v2+:
``chainer.should_use_cudnn`` and ``chainer.should_use_cudnn_tensor_core``, also in
:mod:`chainer.backends.cuda`)."""
import numpy

from chainer import configuration

#: level -> use_cudnn setting -> use cuDNN?
_LEVELS = {
    '==always': {'always': True, 'auto': False, 'never': False},
    '>=auto': {'always': True, 'auto': True, 'never': False},
}
_TENSOR_CORE = {'always': True, 'auto': None, 'never': False}


def _cudnn_version():
    """The backend's cuDNN version (its ``cudnn_version``: cuDNN may be reached through
    nvidia-cudnn-frontend, where CuPy has no ``cupy.cuda.cudnn``), -1 without cuDNN."""
    from chainer import cuda
    if not cuda.cudnn_enabled:
        return -1
    backend = cuda._get_backend()
    version = getattr(backend, 'cudnn_version', None)
    if version is not None:
        return int(version)
    return int(cuda.cupy.cuda.cudnn.getVersion())  # a backend without the attribute


def should_use_cudnn(level, lowest_version=0):
    """Returns whether the caller should use cuDNN.

    cuDNN is used when a cuDNN-enabled GPU backend is installed, its version is at
    least ``lowest_version`` and ``chainer.config.use_cudnn`` allows it at
    ``level``. Without cuDNN (a CPU-only install) this is always False.

    Args:
        level (str): ``'==always'`` (cuDNN only when ``use_cudnn`` is
            ``'always'``) or ``'>=auto'`` (when it is ``'always'`` or ``'auto'``).
        lowest_version (int): the lowest cuDNN version the caller needs.

    Returns:
        bool: True when cuDNN should be used.

    Raises:
        ValueError: for another ``level`` or an invalid ``use_cudnn`` setting (only
            checked where cuDNN is present).
    """
    if _cudnn_version() < lowest_version:
        return False
    flags = _LEVELS.get(level)
    if flags is None:
        raise ValueError('invalid cuDNN use level: {!r} (must be either of '
                         '"==always" or ">=auto")'.format(level))
    use_cudnn = configuration.config.use_cudnn
    if use_cudnn not in flags:
        raise ValueError('invalid use_cudnn configuration: {!r} (must be either of '
                         '"always", "auto", or "never")'.format(use_cudnn))
    return flags[use_cudnn]


def should_use_cudnn_tensor_core(dtype):
    """Returns whether cuDNN should use Tensor Cores for data of ``dtype``.

    ``chainer.config.use_cudnn_tensor_core`` decides: ``'always'`` gives True,
    ``'never'`` False, and ``'auto'`` True only where cuDNN reports Tensor Cores
    usable for ``dtype`` (float16 on a capable GPU); without cuDNN, False.

    Args:
        dtype: data type of the input arrays.

    Returns:
        bool: True when Tensor Cores should be used.

    Raises:
        ValueError: for an invalid ``use_cudnn_tensor_core`` setting.
    """
    setting = configuration.config.use_cudnn_tensor_core
    if setting not in _TENSOR_CORE:
        raise ValueError('invalid use_cudnn_tensor_core configuration: {!r} (must be '
                         'either of "always", "auto", or "never")'.format(setting))
    use = _TENSOR_CORE[setting]
    if use is not None:
        return use
    if _cudnn_version() < 0:
        return False
    from chainer import cuda
    backend = cuda._get_backend()
    if hasattr(backend, 'cudnn_tensor_core_available'):
        return bool(backend.cudnn_tensor_core_available(numpy.dtype(dtype)))
    return bool(cuda.cudnn.is_tensor_core_available(numpy.dtype(dtype)))
