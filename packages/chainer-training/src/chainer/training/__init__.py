"""The training loop abstraction::class:`Trainer`, updaters,
extensions and triggers. Standard extensions are in
:mod:`chainer.training.extensions`."""
import importlib

from chainer.training import extension  # noqa: F401
from chainer.training import trigger  # noqa: F401
from chainer.training import triggers  # noqa: F401
from chainer.training import updater  # noqa: F401
from chainer.training import util  # noqa: F401
from chainer.training.extension import (PRIORITY_EDITOR, PRIORITY_READER,
                                        PRIORITY_WRITER, Extension, make_extension)
from chainer.training.updaters import ParallelUpdater
from chainer.training.trainer import Trainer
from chainer.training.trigger import get_trigger
from chainer.training.triggers import IntervalTrigger
from chainer.training.updater import StandardUpdater, Updater

__all__ = ['Extension', 'IntervalTrigger', 'PRIORITY_EDITOR', 'PRIORITY_READER',
           'PRIORITY_WRITER', 'ParallelUpdater', 'StandardUpdater', 'Trainer', 'Updater',
           'get_trigger', 'make_extension']


def __getattr__(name):
    # ``chainer.training.extensions`` after a bare ``import chainer``, as v1-style
    # scripts write it; imported on first access, so that importing the training
    # loop does not import every extension.
    if name == 'extensions':
        return importlib.import_module(__name__ + '.extensions')
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
