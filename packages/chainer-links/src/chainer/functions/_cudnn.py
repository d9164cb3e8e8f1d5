"""When a GPU function takes its cuDNN path (the ``use_cudnn`` argument of Chainer v1, the
``chainer.config.use_cudnn`` setting of Chainer v2 and later)."""
from chainer import configuration
from chainer import cuda


def enabled(use_cudnn=None):
    """Returns whether a GPU call should run through the backend's ``cudnn_*`` kernels.

    An explicit ``use_cudnn`` (Chainer v1's per-call bool) wins; None (the default of
    every function and link) defers to ``chainer.config.use_cudnn``: ``'always'`` and
    ``'auto'`` ask for cuDNN, ``'never'`` does not. Either way cuDNN runs only where
    ``chainer.cuda.cudnn_enabled`` (cuDNN present and not disabled by
    ``CHAINER_CUDNN=0``). Only GPU branches call this: it reads the backend.

    Args:
        use_cudnn (bool or None): the caller's argument.

    Returns:
        bool: True to take the cuDNN path.
    """
    if use_cudnn is None:
        use_cudnn = configuration.config.use_cudnn != 'never'
    return bool(use_cudnn) and cuda.cudnn_enabled
