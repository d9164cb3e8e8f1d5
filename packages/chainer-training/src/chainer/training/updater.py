"""``Updater``: the interface of the objects that update parameters for a trainer.

In v1 this module also held :class:`StandardUpdater` and :class:`ParallelUpdater`, and
code imports them from here (``from chainer.training.updater import StandardUpdater``).
They live in :mod:`chainer.training.updaters`, whose modules subclass :class:`Updater`
from this one; so they are resolved on first access (PEP 562), not imported here.
``StandardUpdater`` here (and as ``chainer.training.StandardUpdater``) is the subclass
that hands a batch to v1-style models wrapped in Variables, as v1 did (see
:class:`chainer.training.updaters.StandardUpdater`).
"""
import importlib

_MOVED = {'StandardUpdater': 'chainer.training.updaters._v1_path',
          'ParallelUpdater': 'chainer.training.updaters.parallel_updater'}


class Updater(object):
    """Interface of updater objects for trainers.

    An updater owns the dataset iterators and optimizers of a training loop and
    defines one update step. Besides the methods below it provides ``iteration``,
    ``epoch``, ``epoch_detail`` and ``is_new_epoch`` (read by triggers).
    """

    def connect_trainer(self, trainer):
        """Connects the updater to the trainer that will call it (e.g. to register
        more links to ``trainer.reporter``); does nothing by default."""
        pass

    def finalize(self):
        """Finalizes the updater (its iterators) at the end of the training loop."""
        pass

    def get_optimizer(self, name):
        """Returns the optimizer of the given name."""
        raise TypeError('{} must implement get_optimizer'.format(type(self).__name__))

    def get_all_optimizers(self):
        """Returns a dict mapping names to optimizers."""
        raise TypeError('{} must implement get_all_optimizers'.format(
            type(self).__name__))

    def update(self):
        """Updates the parameters of the target model (one iteration)."""
        raise TypeError('{} must implement update'.format(type(self).__name__))

    def serialize(self, serializer):
        """Serializes the current state of the updater."""
        raise TypeError('{} must implement serialize'.format(type(self).__name__))


def __getattr__(name):
    if name in _MOVED:
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))


def __dir__():
    return sorted(list(globals()) + list(_MOVED))
