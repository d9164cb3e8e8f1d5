"""Run under mpiexec by test_checkpoint.py.

``python checkpoint.py OUT first``: an uninterrupted run of ITERATIONS iterations (in
OUT/full) and a run stopped at STOP (in OUT/cut), checkpointing every EVERY iterations.
``python checkpoint.py OUT resume``: a fresh trainer resumed from OUT/cut's checkpoints
and run to ITERATIONS. Each rank pickles its parameters to OUT/full, OUT/cut (first)
or OUT (resume) /rank<r>.pkl.
"""
import pathlib
import pickle
import sys

import numpy

import chainer
import chainermn
from chainer import iterators, optimizers, training

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import common  # noqa: E402

ITERATIONS, STOP, EVERY = 12, 6, 3


def trainer_for(comm, out, stop):
    numpy.random.seed(100 + comm.rank)  # the iterator's shuffles differ per rank
    model = common.classifier(seed=comm.rank)
    optimizer = chainermn.create_multi_node_optimizer(optimizers.MomentumSGD(lr=0.1), comm)
    optimizer.setup(model)
    x, t = common.batch(4)
    train = chainermn.scatter_dataset(chainer.datasets.TupleDataset(x, t), comm,
                                      shuffle=True, seed=0)
    updater = training.StandardUpdater(iterators.SerialIterator(train, 4), optimizer)
    trainer = training.Trainer(updater, (stop, 'iteration'), out=str(out))
    checkpointer = chainermn.create_multi_node_checkpointer('ckpt', comm, cp_interval=2,
                                                            gc_interval=2)
    trainer.extend(checkpointer, trigger=(EVERY, 'iteration'))
    return trainer, model, optimizer, checkpointer


def dump(comm, out, model, **extra):
    found = dict(extra, params={n: p.data.copy() for n, p in sorted(model.namedparams())})
    (out / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


def main(out, phase):
    comm = chainermn.create_communicator('naive')
    out = pathlib.Path(out)
    if phase == 'first':
        for name, stop in (('full', ITERATIONS), ('cut', STOP)):
            trainer, model, _, _ = trainer_for(comm, out / name, stop)
            trainer.run()
            dump(comm, out / name, model)
    else:
        trainer, model, optimizer, checkpointer = trainer_for(comm, out / 'cut', ITERATIONS)
        resumed_from = checkpointer.maybe_load(trainer, optimizer)
        trainer.run()
        dump(comm, out, model, resumed_from=resumed_from,
             iteration=trainer.updater.iteration, optimizer_t=optimizer.t,
             files=sorted(p.name for p in (out / 'cut').glob('ckpt.{}.*'.format(comm.rank))),
             stats=checkpointer.get_stats())


if __name__ == '__main__':
    main(*sys.argv[1:])
