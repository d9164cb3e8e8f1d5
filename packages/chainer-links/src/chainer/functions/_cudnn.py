"""When a GPU function takes its cuDNN path (the ``use_cudnn`` argument of Chainer v1, the
``chainer.config.use_cudnn`` setting of Chainer v2 and later)."""
from chainer import configuration
from chainer import cuda


def enabled(use_cudnn=None, level='>=auto'):
    """Returns whether a GPU call should run through the backend's ``cudnn_*`` kernels.

    An explicit ``use_cudnn`` (Chainer v1's per-call bool) wins; None (the default of
    every function and link) defers to ``chainer.config.use_cudnn`` at the function's
    ``level``, as v7's ``chainer.should_use_cudnn`` does: at ``'>=auto'`` (most
    functions) ``'always'`` and ``'auto'`` ask for cuDNN, at ``'==always'`` (v7's
    sigmoid and tanh, where cuDNN is no faster than an elementwise kernel) only
    ``'always'`` does; ``'never'`` never does. Either way cuDNN runs only where
    ``chainer.cuda.cudnn_enabled`` (cuDNN present and not disabled by
    ``CHAINER_CUDNN=0``). Only GPU branches call this: it reads the backend.

    Args:
        use_cudnn (bool or None): the caller's argument.
        level (str): ``'>=auto'`` or ``'==always'``.

    Returns:
        bool: True to take the cuDNN path.
    """
    if use_cudnn is None:
        setting = configuration.config.use_cudnn
        use_cudnn = setting == 'always' or (setting == 'auto' and level == '>=auto')
    return bool(use_cudnn) and cuda.cudnn_enabled
