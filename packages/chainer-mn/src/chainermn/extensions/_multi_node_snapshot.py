"""``multi_node_snapshot``: a snapshot extension for processes whose snapshots differ,
grouped into sets of replicas."""
import io
import os

from chainer.serializers import load_npz, save_npz
from chainer.training import extension
from chainer.training.extensions._snapshot import _find_latest_snapshot


def _parse_replica_sets(replica_sets, size):
    """The replica sets of ``replica_sets`` (each a rank or an iterable of ranks) over
    ``size`` processes, as a list of sets; the ranks no set names form one more set.

    Raises:
        ValueError: a rank out of range, or a rank in two sets.
    """
    sets = []
    for replica_set in replica_sets:
        ranks = {replica_set} if isinstance(replica_set, int) else set(replica_set)
        bad = [r for r in ranks if not 0 <= r < size]
        if bad:
            raise ValueError('replica set {} names ranks outside 0 .. {}'.format(
                sorted(ranks), size - 1))
        for other in sets:
            if ranks & other:
                raise ValueError('rank {} is in two replica sets'.format(
                    min(ranks & other)))
        if ranks:
            sets.append(ranks)
    rest = set(range(size)).difference(*sets) if sets else set(range(size))
    if rest:
        sets.append(rest)
    return sets


class _MultiNodeSnapshot(extension.Extension):
    """The extension :func:`multi_node_snapshot` returns."""

    def __init__(self, comm, snapshot, replica_sets):
        if comm is None or snapshot is None:
            raise ValueError('multi_node_snapshot needs a communicator and a snapshot '
                             'extension')
        self.comm = comm
        self.snapshot = snapshot
        original = snapshot.filename
        if callable(original):
            snapshot.filename = lambda trainer: '{}.{}'.format(original(trainer), comm.rank)
        else:
            snapshot.filename = '{}.{}'.format(original, comm.rank)
        self.replica_set = next(s for s in _parse_replica_sets(replica_sets, comm.size)
                                if comm.rank in s)
        self.master = min(self.replica_set)
        for name in ('trigger', 'priority'):
            if hasattr(snapshot, name):
                setattr(self, name, getattr(snapshot, name))

    @property
    def is_master(self):
        """Whether this process writes its replica set's snapshots."""
        return self.master == self.comm.rank

    def initialize(self, trainer):
        """Loads the newest snapshot on each set's master (with ``autoload``) and gives
        what it loaded to the other processes of the set."""
        if self.is_master:
            self.snapshot.initialize(trainer)
        if not getattr(self.snapshot, 'autoload', False):
            return
        target = trainer if self.snapshot._target is None else self.snapshot._target
        if self.is_master:
            data = None
            if self._has_snapshot(trainer):
                buf = io.BytesIO()
                save_npz(buf, target)
                data = buf.getvalue()
            for rank in sorted(self.replica_set - {self.comm.rank}):
                self.comm.send_obj(data, rank)
        else:
            data = self.comm.recv_obj(self.master)
            if data is not None:
                load_npz(io.BytesIO(data), target)

    def _has_snapshot(self, trainer):
        filename = self.snapshot.filename
        if callable(filename):  # no pattern to search: the master's state is sent
            return True
        return os.path.isdir(trainer.out) and \
            _find_latest_snapshot(filename, trainer.out) is not None

    def on_error(self, trainer, exc, tb):
        """The snapshot's ``on_error`` (snapshot on error), on masters."""
        if self.is_master:
            self.snapshot.on_error(trainer, exc, tb)

    def __call__(self, trainer):
        """Takes the snapshot, on masters only."""
        if self.is_master:
            self.snapshot(trainer)

    def finalize(self):
        """The snapshot's ``finalize`` (waits for its writer), on masters."""
        if self.is_master:
            self.snapshot.finalize()


def multi_node_snapshot(comm, snapshot, replica_sets):
    """Wraps a snapshot extension for processes whose snapshots differ, as ChainerMN
    v7's.

    The processes are grouped into replica sets whose members hold the same state (e.g.
    rank 0, which alone has reporting extensions, and the rest): only the lowest rank of
    each set (its master) writes snapshots, named by the snapshot's ``filename``
    followed by ``.<rank>``. With ``autoload``, each master loads its newest snapshot
    and sends the loaded state to the other members of its set, so a run resumes even
    on a different number of processes.

    ``replica_sets`` lists the sets, each a rank or an iterable of ranks; the ranks it
    leaves out form one more set. With 4 processes, ``[0]`` gives ``{0}, {1, 2, 3}``;
    ``[0, 1]`` gives ``{0}, {1}, {2, 3}``; ``[]`` gives ``{0, 1, 2, 3}``.

    Args:
        comm: a ChainerMN communicator.
        snapshot: a snapshot extension (:func:`chainer.training.extensions.snapshot`);
            its ``filename`` gets the rank appended.
        replica_sets (list): the replica sets.

    Returns:
        the trainer extension (with the snapshot's trigger and priority).

    Raises:
        ValueError: a rank out of range or in two sets.
    """
    return _MultiNodeSnapshot(comm, snapshot, replica_sets)
