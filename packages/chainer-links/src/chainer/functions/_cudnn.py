"""When a GPU function takes its cuDNN path (the ``use_cudnn`` argument of Chainer v1)."""
from chainer import cuda


def enabled(use_cudnn):
    """Returns whether a GPU call should run through the backend's ``cudnn_*`` kernels.

    True when the caller asked for it (``use_cudnn``, True by default in Chainer v1) and
    ``chainer.cuda.cudnn_enabled`` (cuDNN present and not disabled by
    ``CHAINER_CUDNN=0``). Only GPU branches call this: it reads the backend.
    """
    return bool(use_cudnn) and cuda.cudnn_enabled
