"""Multi-node checkpoints: every process saves its own state; a restart resumes all of
them from the latest iteration that every process saved."""
import os
import re
import time

from chainer import serializers
from chainer.training import extension


class _MultiNodeCheckpointer(extension.Extension):
    """Trainer extension made by :func:`create_multi_node_checkpointer`."""

    priority = -100  # after the extensions whose state it saves (as snapshot)

    def __init__(self, name, comm, cp_interval, gc_interval, path):
        self.name, self.comm, self.path = name, comm, path
        self.cp_interval, self.gc_interval = cp_interval, gc_interval
        self.iterations = []
        self._durations = []
        self._pattern = re.compile(r'^{}\.{}\.(\d+)$'.format(re.escape(name), comm.rank))

    def __call__(self, trainer):
        if self.path is None:
            self.path = trainer.out
        self.save(trainer, trainer.updater.iteration)

    def save(self, target, iteration):
        """Saves ``target`` (a trainer, or anything serializable) as this rank's
        checkpoint of ``iteration``; every process must call it at the same iterations.
        Older checkpoints beyond the ``cp_interval`` latest are deleted every
        ``gc_interval`` saves."""
        if self.path is None:
            raise ValueError('the checkpointer has no directory: pass path= to '
                             'create_multi_node_checkpointer, or use it as an extension')
        os.makedirs(self.path, exist_ok=True)
        start = time.perf_counter()
        serializers.save_npz(os.path.join(self.path, self._filename(iteration)), target)
        self._durations.append(time.perf_counter() - start)
        self.iterations.append(iteration)
        if len(self.iterations) % self.gc_interval == 0:
            self._collect_garbage()

    def maybe_load(self, trainer, optimizer=None, path=None):
        """Loads, on every process, the latest iteration that every process saved
        (a collective call: before ``trainer.run()`` on every rank).

        Args:
            trainer: what was saved (usually the trainer; its updater's iteration is then
                the checkpoint's).
            optimizer: accepted for ChainerMN's signature; not needed here, since the
                processes load identical parameters and the multi-node optimizer's first
                broadcast then changes nothing.
            path: the directory, when neither ``path=`` nor the trainer's ``out`` is it.

        Returns:
            int or None: the iteration resumed from, or None when no checkpoint is common
            to all processes (nothing is loaded).
        """
        self.path = path or self.path or getattr(trainer, 'out', None)
        mine = set(self._saved_iterations())
        common = set.intersection(*map(set, self.comm.mpi_comm.allgather(sorted(mine))))
        self.iterations = sorted(common)
        if not common:
            return None
        latest = max(common)
        serializers.load_npz(os.path.join(self.path, self._filename(latest)), trainer)
        return latest

    def finalize(self):
        """Keeps the checkpoints (unlike ChainerMN, which deleted them at the end of a
        run): they are the last state of a finished run too."""

    def get_stats(self):
        """A line with the mean, min and max time of the saves so far."""
        if not self._durations:
            return 'No stats available'
        d = self._durations
        return 'Snapshot duration stats (sec): avg={:f}, min={:f}, max={:f}'.format(
            sum(d) / len(d), min(d), max(d))

    def _filename(self, iteration):
        return '{}.{}.{}'.format(self.name, self.comm.rank, iteration)

    def _saved_iterations(self):
        try:
            names = os.listdir(self.path)
        except OSError:  # no directory yet: nothing saved on this process
            return []
        return [int(m.group(1)) for m in map(self._pattern.match, names) if m]

    def _collect_garbage(self):
        keep = sorted(self.iterations)[-self.cp_interval:]
        for iteration in set(self.iterations) - set(keep):
            try:
                os.remove(os.path.join(self.path, self._filename(iteration)))
            except FileNotFoundError:
                pass
        self.iterations = keep


def create_multi_node_checkpointer(name, comm, cp_interval=5, gc_interval=5, path=None):
    """Creates a checkpointer: a trainer extension saving each process's state as
    ``<name>.<rank>.<iteration>`` (npz) in ``path`` (default: the trainer's ``out``).

    Before ``trainer.run()``, ``checkpointer.maybe_load(trainer, optimizer)`` resumes every
    process from the latest iteration all of them saved::

        checkpointer = chainermn.create_multi_node_checkpointer('mnist', comm)
        checkpointer.maybe_load(trainer, optimizer)
        trainer.extend(checkpointer, trigger=(1, 'epoch'))
        trainer.run()

    Args:
        name (str): the run's identifier (letters, digits, ``-``, ``_``).
        comm: a ChainerMN communicator.
        cp_interval (int): how many of the latest checkpoints to keep.
        gc_interval (int): delete older checkpoints every that many saves.
        path (str): directory of the checkpoints.
    """
    if not isinstance(name, str) or not re.match(r'^[A-Za-z0-9_-]+$', name):
        raise ValueError('name must be a non-empty string of letters, digits, "-" and "_" '
                         '(it is part of the file names), got {!r}'.format(name))
    for arg, value in (('cp_interval', cp_interval), ('gc_interval', gc_interval)):
        if not isinstance(value, int) or value < 1:
            raise ValueError('{} must be a positive int, got {!r}'.format(arg, value))
    return _MultiNodeCheckpointer(name, comm, cp_interval, gc_interval, path)
