"""Run under mpiexec by test_mn_extensions.py: ChainerMN v7's AllreducePersistent,
ObservationAggregator, MultiNodeEarlyStoppingTrigger, GenericMultiNodeEvaluator and
multi_node_snapshot; pickles what each rank saw to
<out>/rank<r>.pkl."""
import pathlib
import pickle
import sys

import numpy

import chainer
import chainer.links as L
import chainermn
from chainer import testing


def persistents(comm, found):
    r = comm.rank
    model = chainer.Chain(bn=L.BatchNormalization(3),
                          half=L.BatchNormalization(2, dtype=numpy.float16))
    model.bn.avg_mean.fill(r)
    model.bn.avg_var.fill(2 * r + 1)
    model.half.avg_mean.fill(r)
    model.bn.N = 10 + r
    extension = chainermn.extensions.AllreducePersistent(model, comm)
    extension()
    found['persistent'] = (model.bn.avg_mean.copy(), model.bn.avg_var.copy(),
                           model.half.avg_mean.copy(), model.bn.N,
                           extension.trigger, extension.priority)


def trainer():
    return testing.get_trainer_with_mock_updater(stop_trigger=None, iter_per_epoch=2)


def aggregator(comm, found):
    r = comm.rank
    t = trainer()
    every_two = chainermn.extensions.ObservationAggregator(
        comm, 'loss', 'loss_all', comm_trigger=(2, 'iteration'))
    summed = chainermn.extensions.ObservationAggregator(
        comm, 'acc', aggregator=lambda lists: [sum(x) for x in lists])
    seen = []
    for i in range(4):
        t.updater.update()
        t.observation = {'loss': chainer.Variable(numpy.float32(10 * r + i)),
                         'acc': float(r + i)}
        every_two(t)
        summed(t)
        loss = t.observation.get('loss_all')
        seen.append((None if loss is None else (type(loss).__name__, float(loss.data)),
                     t.observation['acc']))
    found['aggregator'] = seen


def early_stopping(comm, found):
    r, n = comm.rank, comm.size
    t = trainer()
    trigger = chainermn.extensions.MultiNodeEarlyStoppingTrigger(
        comm, monitor='main/accuracy', patience=2, check_trigger=(1, 'epoch'))
    # the mean over the ranks improves until the second epoch, then falls; rank 0's
    # own value improves every epoch (alone, it would never stop)
    means = [0.5, 0.5, 0.6, 0.6, 0.4, 0.4, 0.3, 0.3, 0.2, 0.2]
    offsets = [0, 0, 0.1, 0.1, 0.4, 0.4, 0.6, 0.6, 0.8, 0.8]
    fired = []
    for m, offset in zip(means, offsets):
        t.updater.update()
        value = m + (offset if r == 0 else -offset / (n - 1))
        t.observation = {'main/accuracy': chainer.Variable(numpy.float32(value))}
        fired.append(trigger(t))
    found['early_stopping'] = (fired, trigger.get_training_length())


class Summing(chainermn.extensions.GenericMultiNodeEvaluator):
    """Counts examples per batch and sums the counts on the root."""

    def calc_local(self, xs, ys):
        return len(xs)

    def aggregate(self, results):
        return ('total', sum(results))


def generic_evaluator(comm, found):
    """Rank r evaluates r + 3 examples in batches of 2 (shares of unequal length)."""
    r = comm.rank
    data = chainer.datasets.TupleDataset(
        numpy.arange(r + 3, dtype=numpy.float32) + 100 * r,
        numpy.ones(r + 3, dtype=numpy.float32))
    hooked = []

    def it():
        return chainer.iterators.SerialIterator(data, 2, repeat=False, shuffle=False)
    plain = chainermn.extensions.GenericMultiNodeEvaluator(
        comm, it(), lambda xs, ys: (xs + ys).tolist(), root=comm.size - 1,
        progress_hook=hooked.append)
    found['generic'] = (plain(None), plain(None) is not None, len(hooked))
    found['generic_custom'] = Summing(comm, it(), None)()
    found['generic_single'] = Summing(None, it(), None)()
    try:
        chainermn.extensions.GenericMultiNodeEvaluator(comm, it(), None, root=comm.size)
        found['generic_bad_root'] = None
    except ValueError as e:
        found['generic_bad_root'] = str(e)


def _trainer(comm, out, seed, autoload):
    """A tiny classifier training of this rank (4 iterations) with a multi-node
    snapshot every 2 iterations (replica sets: {0} and the others)."""
    numpy.random.seed(seed)
    model = L.Classifier(L.Linear(3, 2))
    rng = numpy.random.RandomState(comm.rank)
    data = chainer.datasets.TupleDataset(rng.rand(8, 3).astype(numpy.float32),
                                         rng.randint(0, 2, 8).astype(numpy.int32))
    optimizer = chainer.optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    updater = chainer.training.StandardUpdater(
        chainer.iterators.SerialIterator(data, 2, shuffle=False), optimizer)
    trainer = chainer.training.Trainer(updater, (4, 'iteration'), out=out)
    snapshot = chainer.training.extensions.snapshot(
        filename='snap_iter_{.updater.iteration}', autoload=autoload)
    extension = chainermn.extensions.multi_node_snapshot(comm, snapshot, [0])
    trainer.extend(extension, trigger=(2, 'iteration'))
    return trainer, model, extension


def snapshots(comm, out, found):
    from chainermn.extensions._multi_node_snapshot import _parse_replica_sets
    found['replica_sets'] = [_parse_replica_sets(rs, 4) for rs in
                             ([0], [0, 1], [[0, 1], [2, 3]], [], [range(0, 4, 2)])]
    for bad in ([5], [[0, 1], [1]]):
        try:
            _parse_replica_sets(bad, 4)
        except ValueError as e:
            found['replica_sets_bad', str(bad)] = str(e)
    directory = pathlib.Path(out) / 'snapshots'
    directory.mkdir(exist_ok=True)
    trainer, model, extension = _trainer(comm, str(directory), comm.rank, False)
    trainer.run()
    found['snapshot_run'] = (extension.is_master, extension.snapshot.filename,
                             model.predictor.W.data.copy())
    comm.mpi_comm.barrier()
    found['snapshot_files'] = sorted(p.name for p in directory.iterdir())
    trainer, model, extension = _trainer(comm, str(directory), 1000 + comm.rank, True)
    trainer.run()  # resumes at iteration 4 (the stop): only the loaded state remains
    found['snapshot_resumed'] = (trainer.updater.iteration, model.predictor.W.data.copy())


def main(out):
    comm = chainermn.create_communicator('naive')
    found = {}
    persistents(comm, found)
    aggregator(comm, found)
    early_stopping(comm, found)
    generic_evaluator(comm, found)
    snapshots(comm, out, found)
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


if __name__ == '__main__':
    main(sys.argv[1])
