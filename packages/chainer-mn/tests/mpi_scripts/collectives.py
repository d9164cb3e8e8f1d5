"""Run under mpiexec by test_collectives.py: exercises every communicator operation and
the training pieces, and pickles what each rank saw to <out>/rank<r>.pkl."""
import pathlib
import pickle
import sys

import numpy

import chainer
import chainermn
from chainer import optimizers
from chainer.training import extensions

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import common  # noqa: E402


def grads_of(model):
    return {name: p.grad.copy() for name, p in sorted(model.namedparams())}


def main(out):
    found = {}
    for name in ('naive', 'flat'):
        comm = chainermn.create_communicator(name)
        found['placement'] = (comm.rank, comm.size, comm.intra_rank, comm.intra_size,
                              comm.inter_rank, comm.inter_size)
        model = common.model_with_rank_values(comm.rank)
        comm.allreduce_grad(model)
        found[name, 'allreduce_grad'] = grads_of(model)
        comm.bcast_data(model)
        found[name, 'bcast_data'] = {n: p.data.copy() for n, p in sorted(model.namedparams())}

    # arrays and objects
    if comm.rank == 0:
        for dest in range(1, comm.size):
            comm.send((numpy.arange(dest + 2), numpy.full((2, 2), dest, numpy.float16)),
                      dest, tag=3)
            comm.send(numpy.float64(dest) * numpy.ones(3), dest)
            comm.send_obj({'to': dest}, dest)
    else:
        found['recv_tuple'] = comm.recv(0, tag=3)
        found['recv_array'] = comm.recv(0)
        found['recv_obj'] = comm.recv_obj(0)
    found['bcast'] = comm.bcast(numpy.arange(6.).reshape(2, 3) if comm.rank == 0 else None)
    found['allreduce'] = comm.allreduce(numpy.full(3, comm.rank + 1, numpy.float32))
    found['allreduce_f16'] = comm.allreduce(numpy.full(2, comm.rank + 0.5, numpy.float16))
    found['bcast_obj'] = comm.bcast_obj({'rank': comm.rank}, root=comm.size - 1)
    found['gather_obj'] = comm.gather_obj(comm.rank * 10)
    found['allreduce_obj'] = comm.allreduce_obj(comm.rank + 1)
    sub = comm.split(comm.rank % 2, comm.rank)
    found['split'] = (type(sub).__name__, sub.size, sub.rank,
                      sub.allreduce_obj(comm.rank))

    # datasets
    for seed in (None, 7):
        share = chainermn.scatter_dataset(list(range(11)) if comm.rank == 0 else None, comm,
                                          shuffle=seed is not None, seed=seed)
        found['scatter', seed] = list(share)
    share = chainermn.scatter_dataset(numpy.arange(20).reshape(10, 2), comm, root=comm.size - 1)
    found['scatter_array'] = numpy.array(list(share))

    # training: identical parameters, equal to one process on the whole batch
    train_model = common.classifier(seed=comm.rank)
    optimizer = chainermn.create_multi_node_optimizer(optimizers.MomentumSGD(lr=0.1), comm)
    optimizer.setup(train_model)
    x, t = common.batch(comm.size)
    mine = slice(comm.rank * common.PER_RANK, (comm.rank + 1) * common.PER_RANK)
    for _ in range(common.STEPS):
        optimizer.update(train_model, x[mine], t[mine])
    found['trained'] = {n: p.data.copy() for n, p in sorted(train_model.namedparams())}
    found['optimizer_t'] = optimizer.t
    grads = [p.grad for p in train_model.params()]
    found['grads_share_one_buffer'] = (grads[0].base is not None and
                                       grads[0].base is grads[1].base)

    # evaluator: each rank evaluates its own share of the validation set
    valid = chainer.datasets.TupleDataset(x[mine], t[mine])
    iterator = chainer.iterators.SerialIterator(valid, 4, repeat=False, shuffle=False)
    evaluator = chainermn.create_multi_node_evaluator(
        extensions.Evaluator(iterator, train_model), comm)
    found['evaluated'] = {k: float(v) for k, v in evaluator().items()}
    found['except_hook'] = chainermn.global_except_hook.is_installed()
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


if __name__ == '__main__':
    main(sys.argv[1])
