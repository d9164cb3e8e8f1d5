"""``Trainer``: the standard training loop."""
import collections
import os
import sys
import time
import traceback

from chainer import reporter as reporter_module
from chainer import serializer as serializer_module
from chainer.training import _v7_names
from chainer.training import extension as extension_module
from chainer.training import util as trigger_util
from chainer.training._observers import observe_link

_Entry = collections.namedtuple('_Entry', 'extension priority trigger '
                                          'invoke_before_training call_before_training')


def _default(value, extension, attribute, fallback):
    if value is not None:
        return value
    return getattr(extension, attribute, fallback)


class Trainer(object):
    """The standard training loop.

    Each iteration runs ``updater.update()`` and then every extension whose trigger
    fires, in descending order of priority (registration order among equals). All of
    it happens inside ``reporter.scope(observation)`` with a fresh ``observation``
    dict per iteration. The target link of each optimizer (and its descendants) is
    registered to the reporter under ``'<optimizer name>'`` and
    ``'<optimizer name>/<link path>'``.

    Serializing the trainer saves what changes over training: the updater (iterators,
    optimizers and models), the extensions and stateful triggers, and the elapsed
    time. Settings (the stop trigger, the extensions themselves) come from the code
    that rebuilds the trainer before loading.

    Args:
        updater (~chainer.training.Updater): defines how to update the models.
        stop_trigger: when to stop; a trigger, or a ``(period, unit)`` tuple for an
            :class:`~chainer.training.triggers.IntervalTrigger`; None never stops.
        out (str): output directory of the extensions.

    Attributes:
        updater, stop_trigger, out: as given.
        observation (dict): the values observed during the last iteration.
        reporter (~chainer.Reporter): collects the observed values.
    """

    def __init__(self, updater, stop_trigger=None, out='result'):
        if not isinstance(out, (str, os.PathLike)):
            raise TypeError('out must be a directory path, got {!r}'.format(out))
        self.updater = updater
        built_at = getattr(updater, 'iteration', 0)
        # > 0: the updater was resumed before the trainer was built (see triggers)
        self._built_at_iteration = built_at if isinstance(built_at, int) else 0
        self.stop_trigger = trigger_util.get_trigger(stop_trigger)
        self.observation = {}
        self.out = os.fspath(out)
        self.reporter = reporter_module.Reporter()
        for name, optimizer in updater.get_all_optimizers().items():
            observe_link(self.reporter, name, optimizer.target)
        self._extensions = collections.OrderedDict()
        self._done = False
        self._start_at = None
        self._snapshot_elapsed_time = 0.0
        self._started = False
        updater.connect_trainer(self)

    @property
    def elapsed_time(self):
        """Seconds spent in :meth:`run` so far (frozen once it ends), including the
        time of the run a resumed snapshot came from.

        Raises:
            RuntimeError: :meth:`run` has not started yet (as in v1: there is no
                elapsed time of a training that has not begun).
        """
        if not self._started:
            raise RuntimeError('the elapsed time is defined once the training has '
                               'started: call run() first')
        return self._elapsed_time()

    def _elapsed_time(self):
        if self._start_at is None:
            return self._snapshot_elapsed_time
        return time.time() - self._start_at + self._snapshot_elapsed_time

    @property
    def is_before_training(self):
        """True while no update has been done (the updater's iteration is 0)."""
        return self.updater.iteration == 0

    def extend(self, extension, name=None, trigger=None, priority=None,
               invoke_before_training=None, call_before_training=False):
        """Registers an extension to the trainer.

        Args:
            extension: callable taking the trainer.
            name (str): name of the extension; ``extension.name`` or
                ``extension.default_name`` when None. A name already taken gets the
                suffix ``_N`` (N: the ordinal of the duplicate).
            trigger: when to invoke it; ``extension.trigger`` when None (a tuple is
                given to IntervalTrigger).
            priority (int): higher runs earlier; ``extension.priority`` when None.
            invoke_before_training (bool): v1's flag: also invoke it just before
                the training loop; ``extension.invoke_before_training`` (a v1
                attribute) when None.
            call_before_training (bool): v7's flag: also invoke it before the first
                update of a training that has not begun (iteration 0; not after a
                resume).
        """
        if not callable(extension):
            raise TypeError('extension must be callable with the trainer, got '
                            '{!r}'.format(extension))
        if name is None:
            name = getattr(extension, 'name', None) or \
                getattr(extension, 'default_name', None) or \
                getattr(extension, '__name__', None)
            if name is None:
                raise TypeError('name is not given for the extension and it has no '
                                'name, default_name or __name__')
        if name == 'training':
            raise ValueError('the name "training" is reserved and cannot name an '
                             'extension')
        unique, ordinal = name, 0
        while unique in self._extensions:
            ordinal += 1
            unique = '{}_{}'.format(name, ordinal)
        try:
            extension.name = unique
        except AttributeError:  # e.g. a bound method: it keeps no name
            pass
        trigger = _default(trigger, extension, 'trigger', (1, 'iteration'))
        self._extensions[unique] = _Entry(
            extension,
            _default(priority, extension, 'priority', extension_module.PRIORITY_READER),
            trigger_util.get_trigger(trigger),
            bool(_default(invoke_before_training, extension, 'invoke_before_training',
                          False)),
            bool(call_before_training))

    def get_extension(self, name):
        """Returns the extension registered under ``name``."""
        try:
            return self._extensions[name].extension
        except KeyError:
            raise KeyError('no extension named {!r}; registered: {}'.format(
                name, list(self._extensions))) from None

    def _sorted_extensions(self):
        # sorted() is stable: equal priorities keep the registration order
        return sorted(self._extensions.items(), key=lambda item: -item[1].priority)

    def run(self, show_loop_exception_msg=True):
        """Executes the training loop until the stop trigger fires.

        A trainer runs only once. Extensions' ``initialize(trainer)`` (when they have
        one and their trigger is not ``finished``), the extensions flagged
        ``invoke_before_training`` and, at iteration 0, those registered with
        ``call_before_training`` are called before the first update. When an
        exception stops the loop, every extension's ``on_error(trainer, exc, tb)`` is
        called (an error in one is printed and the others still run) and the
        exception is raised again; ``finalize()`` of every extension and of the
        updater is called at the end in any case.

        Args:
            show_loop_exception_msg (bool): print the error that stopped the loop and
                its traceback to stderr before the handlers run (v7).
        """
        if self._done:
            raise RuntimeError('cannot run the training loop twice with one Trainer')
        os.makedirs(self.out, exist_ok=True)
        extensions = self._sorted_extensions()
        self._start_at = time.time()
        self._started = True
        update = self.updater.update
        reporter = self.reporter
        stop_trigger = self.stop_trigger
        try:
            for _, entry in extensions:
                initialize = getattr(entry.extension, 'initialize', None)
                if callable(initialize) and not getattr(entry.trigger, 'finished', False):
                    initialize(self)
            before = [entry for _, entry in extensions if entry.invoke_before_training or
                      (entry.call_before_training and self.is_before_training)]
            if before:
                self.observation = {}
                with reporter.scope(self.observation):
                    for entry in before:
                        entry.extension(self)
            while not stop_trigger(self):
                self.observation = {}
                with reporter.scope(self.observation):
                    update()
                    for _, entry in extensions:
                        if entry.trigger(self):
                            entry.extension(self)
        except Exception as error:
            traceback_ = sys.exc_info()[2]
            if show_loop_exception_msg:
                sys.stderr.write('Exception in main training loop: {}\n'.format(error))
                traceback.print_exc()
                sys.stderr.write('Will finalize trainer extensions and updater before '
                                 'reraising the exception.\n')
            for _, entry in extensions:
                handler = getattr(entry.extension, 'on_error', None)
                if callable(handler):
                    try:
                        handler(self, error, traceback_)
                    except Exception as handler_error:  # the loop's error wins
                        sys.stderr.write('Exception in the error handler of an '
                                         'extension: {!r}\n'.format(handler_error))
                        traceback.print_exc()
            raise
        finally:
            # the clock stops with the loop
            self._snapshot_elapsed_time = self._elapsed_time()
            self._start_at = None
            for _, entry in extensions:
                finalize = getattr(entry.extension, 'finalize', None)
                if callable(finalize):
                    finalize()
            self.updater.finalize()
        self._done = True

    def serialize(self, serializer):
        """Saves or loads the updater, the extensions, stateful triggers and the
        elapsed time, in the layout of Chainer v7 (the snapshot extensions'
        triggers under v7's name for them, ``_Snapshot``)."""
        if isinstance(serializer, serializer_module.Deserializer):
            # triggers first called after this derive their start from the updater
            self._restored = True
        self.updater.serialize(serializer['updater'])
        if hasattr(self.stop_trigger, 'serialize'):
            self.stop_trigger.serialize(serializer['stop_trigger'])
        extensions = serializer['extensions']
        triggers = serializer['extension_triggers']
        # trigger states under v7's names of the extensions, for the real Chainer
        v7_names = _v7_names.aliases(
            (name, entry.extension) for name, entry in self._extensions.items())
        for name, entry in self._extensions.items():
            if hasattr(entry.extension, 'serialize'):
                entry.extension.serialize(extensions[name])
            if hasattr(entry.trigger, 'serialize'):
                entry.trigger.serialize(triggers[v7_names.get(name, name)])
        try:
            self._snapshot_elapsed_time = float(serializer('_snapshot_elapsed_time',
                                                           self._elapsed_time()))
        except KeyError:  # a Chainer v1.14 snapshot: it kept no elapsed time
            pass
