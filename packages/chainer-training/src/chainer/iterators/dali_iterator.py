"""``DaliIterator``: batches from an NVIDIA DALI pipeline (GPU only)."""
import importlib


def _import_dali_plugin():
    try:
        return importlib.import_module('nvidia.dali.plugin.pytorch'), \
            importlib.import_module('nvidia.dali')
    except ImportError:
        return None


class DaliIterator(object):
    """Iterator over the output of an NVIDIA DALI pipeline (Chainer v5+).

    DALI runs its pipelines on an NVIDIA GPU, and this project has no DALI binding:
    building a ``DaliIterator`` raises :class:`RuntimeError` that says so (naming the
    ``nvidia-dali`` package when it is not installed). Use
    :class:`~chainer.iterators.MultiprocessIterator` or
    :class:`~chainer.iterators.MultithreadIterator` to load data in parallel.

    Args:
        pipeline: A DALI pipeline (``nvidia.dali.pipeline.Pipeline``).
        repeat (bool): Loop over the data forever.

    Raises:
        RuntimeError: always, as explained above.
    """

    def __init__(self, pipeline, repeat=True):
        if _import_dali_plugin() is None:
            raise RuntimeError(
                'DaliIterator needs NVIDIA DALI on an NVIDIA GPU: install the nvidia-dali '
                'package for your CUDA version (and cupy-kernels[cuda12]).')
        raise RuntimeError(
            'DaliIterator: this Chainer does not bind NVIDIA DALI pipelines; load the '
            'data with MultiprocessIterator or MultithreadIterator instead.')
