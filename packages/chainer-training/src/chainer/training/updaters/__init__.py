"""The updaters: :class:`StandardUpdater`, :class:`ParallelUpdater` and (v1.24)
:class:`MultiprocessParallelUpdater`.

The package is named as in Chainer v1.24 (where it held the multiprocess updater) and
later releases; v1 code imports the classes from :mod:`chainer.training` or
:mod:`chainer.training.updater`, which re-export them.
"""
from chainer.training.updaters import multiprocess_parallel_updater  # noqa: F401
from chainer.training.updaters import parallel_updater  # noqa: F401
from chainer.training.updaters import standard_updater  # noqa: F401
from chainer.training.updaters.multiprocess_parallel_updater import (
    MultiprocessParallelUpdater)
from chainer.training.updaters.parallel_updater import ParallelUpdater
from chainer.training.updaters.standard_updater import StandardUpdater

__all__ = ['MultiprocessParallelUpdater', 'ParallelUpdater', 'StandardUpdater']
