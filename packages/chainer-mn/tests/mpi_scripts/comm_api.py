"""Run under mpiexec by test_comm_api.py: ChainerMN v7's communicator methods (array
collectives, configuration, multi_node_mean_grad with zero_fill, debug mode), two models
on one communicator, the double-buffering optimizer, communicators with their own
mean-gradient method and the dummy communicator; pickles what each rank saw to
<out>/rank<r>.pkl."""
import pathlib
import pickle
import sys

import numpy

import chainer
import chainer.links as L
import chainermn
from chainer import optimizers
from chainermn.communicators import _communication_utility
from chainermn.communicators.mpi_allreduce import NaiveCommunicator
from chainermn.communicators.mpi_communicator_base import MpiCommunicatorBase

MPI = chainermn._mpi.mpi()


class OverlappingNaive(NaiveCommunicator):
    """The naive communicator with double buffering allowed: its non-blocking
    all-reduce (MPI_Iallreduce) runs the double-buffering optimizer on the CPU."""

    _supports_double_buffering = True


def error_of(call):
    try:
        call()
    except Exception as e:  # noqa: B902 - the test compares the type and message
        return type(e).__name__, str(e)
    return None


def collectives(comm, found):
    r, n = comm.rank, comm.size
    found['gather'] = comm.gather(numpy.full((r + 1, 2), r, numpy.float16), root=n - 1)
    found['allgather'] = comm.allgather(numpy.arange(r + 1, dtype=numpy.int32))
    found['alltoall'] = comm.alltoall(tuple(numpy.full(j + 1, 10 * r + j, numpy.float64)
                                            for j in range(n)))
    parts = tuple(numpy.arange(j + 2, dtype=numpy.float32) for j in range(n))
    found['scatter_tuple'] = comm.scatter(parts if r == 0 else None)
    found['scatter_array'] = comm.scatter(
        numpy.arange(n * 3).reshape(n, 3) if r == n - 1 else None, root=n - 1)
    found['allreduce_tuple'] = error_of(lambda: comm.allreduce((numpy.ones(2),)))
    scalar, vector = numpy.array(r + 1), numpy.arange(3) + r
    found['allreduce_0d'] = (comm.allreduce(scalar), comm.allreduce(vector), scalar, vector)
    # misuse on one rank is reported on every rank (nobody is left waiting)
    found['gather_mixed'] = error_of(lambda: comm.gather(
        numpy.ones(2, numpy.float32 if r else numpy.float64)))
    found['alltoall_short'] = error_of(lambda: comm.alltoall(
        tuple(numpy.ones(1) for _ in range(n - (r == 1)))))
    found['scatter_short'] = error_of(lambda: comm.scatter(
        tuple(numpy.ones(1) for _ in range(n + 1)) if r == 0 else None))
    found['still_in_step'] = comm.allreduce_obj(1)
    big = {'rank0': list(range(5000))} if r == 0 else None
    found['bcast_obj_chunked'] = comm.bcast_obj(big, max_buf_len=1000)
    if r == 0:
        comm.send_obj('tagged', 1, tag=7)
    elif r == 1:
        found['recv_obj_any_tag'] = comm.recv_obj(0)


def configuration(comm, found):
    found['config_default'] = (comm.get_config('batched_copy'), comm.get_config())
    comm.set_config('batched_copy', False)
    found['config_set'] = comm.batched_copy
    comm.set_config('batched_copy')
    found['config_reset'] = comm.get_config('batched_copy')
    found['config_unknown'] = error_of(lambda: comm.set_config('no such knob'))
    with comm.config_scope():
        comm.my_knob = 'on'
    comm.not_a_knob = 'plain attribute'
    found['config_scope'] = (comm.get_config('my_knob'), 'not_a_knob' in comm.get_config(),
                             comm.within_config_scope)


def mean_grads(comm, found):
    r = comm.rank
    model = chainer.Chain(a=L.Linear(2, 2), b=L.Linear(2, 2))
    for _, p in sorted(model.namedparams()):
        p.grad = numpy.full(p.data.shape, r + 1, numpy.float32)
    if r == 0:
        model.b.W.grad = None  # b.W took no part in rank 0's loss
    comm.multi_node_mean_grad(model, zero_fill=True)
    found['zero_fill'] = {k: p.grad.copy() for k, p in sorted(model.namedparams())}
    for _, p in sorted(model.namedparams()):
        p.grad = numpy.full(p.data.shape, r + 1, numpy.float32)
    model.b.W.grad = None  # missing on every rank: left out
    comm.allreduce_grad(model)
    found['no_zero_fill'] = {k: None if p.grad is None else p.grad.copy()
                             for k, p in sorted(model.namedparams())}
    model.a.W.data[...] = r
    comm.broadcast_data(model)
    found['broadcast_data'] = model.a.W.data.copy()
    comm.finalize()
    model.a.W.grad = numpy.full((2, 2), r, numpy.float32)
    comm.multi_node_mean_grad(model)
    found['after_finalize'] = model.a.W.grad.copy()


def two_models(name, found):
    """Two models all-reduced in turns by one communicator keep their own gradients."""
    comm = chainermn.create_communicator(name)
    first, second = L.Linear(2, 3), L.Linear(2, 3)
    for _ in range(2):
        for model, value in ((first, 1.0), (second, 5.0)):
            for p in model.params():
                p.grad = numpy.full(p.data.shape, value * (comm.rank + 1), numpy.float32)
        comm.allreduce_grad(first)
        comm.allreduce_grad(second)
    found['two_models', name] = (first.W.grad.copy(), second.W.grad.copy(),
                                 numpy.shares_memory(first.W.grad, second.W.grad))


def set_grads(model, base, rank):
    for i, (_, p) in enumerate(sorted(model.namedparams())):
        p.grad = numpy.full(p.data.shape, base + rank + i, numpy.float32)


def double_buffering(found):
    for name in ('naive', 'flat'):
        cpu_comm = chainermn.create_communicator(name)
        found['db_refused', name] = error_of(
            lambda c=cpu_comm: chainermn.create_multi_node_optimizer(
                optimizers.SGD(), c, double_buffering=True))
    comm = OverlappingNaive(MPI.COMM_WORLD)
    model = chainer.Chain(a=L.Linear(2, 3), b=L.Linear(3, 2))
    for _, p in model.namedparams():
        p.data[...] = comm.rank  # rank 0's zeros are broadcast on the first update
    opt = chainermn.create_multi_node_optimizer(optimizers.SGD(lr=1.0), comm,
                                                double_buffering=True)
    assert opt.setup(model) is opt
    steps = []
    for base in (0.0, 10.0, 20.0, 30.0):
        set_grads(model, base, comm.rank)
        opt.update()
        opt.wait()
        steps.append((opt.t, {k: p.data.copy() for k, p in sorted(model.namedparams())},
                      {k: p.grad.copy() for k, p in
                       sorted(opt.communicated_target.namedparams())}))
    found['db_steps'] = steps

    # with a loss: every rank ends with the same parameters, with or without a loss
    # scale
    for scale in (None, 512.0):
        numpy.random.seed(comm.rank)
        clf = L.Classifier(L.Linear(3, 4))
        actual = optimizers.MomentumSGD(lr=0.1)
        if scale is not None:
            actual.loss_scaling(scale=scale)
        opt = chainermn.create_multi_node_optimizer(actual, comm, double_buffering=True)
        opt.setup(clf)
        rng = numpy.random.RandomState(comm.rank)
        for _ in range(4):
            opt.update(clf, rng.rand(5, 3).astype(numpy.float32),
                       rng.randint(0, 4, 5).astype(numpy.int32))
        opt.wait()
        found['db_trained', scale] = (opt.t, clf.predictor.W.data.copy())


class OwnMean(MpiCommunicatorBase):
    """A v7-style communicator defining its own multi_node_mean_grad: the gradients'
    maximum over the ranks instead of their mean."""

    def multi_node_mean_grad(self, model, zero_fill=False):
        for param in model.params():
            param.grad[...] = self.mpi_comm.allreduce(param.grad.max(), op=MPI.MAX)


class OwnAllreduceGrad(NaiveCommunicator):
    """A v1-style communicator overriding allreduce_grad (zeros every gradient)."""

    def allreduce_grad(self, model, zero_fill=False):
        for param in model.params():
            param.grad[...] = 0


def own_mean_methods(found):
    """The multi-node optimizer calls a subclass's own mean-gradient method."""
    for cls in (OwnMean, OwnAllreduceGrad):
        comm = cls(MPI.COMM_WORLD)
        numpy.random.seed(0)
        clf = L.Classifier(L.Linear(3, 2))
        opt = chainermn.create_multi_node_optimizer(optimizers.SGD(lr=1.0), comm)
        opt.setup(clf)
        before = clf.predictor.W.data.copy()
        rng = numpy.random.RandomState(comm.rank)
        opt.update(clf, rng.rand(4, 3).astype(numpy.float32),
                   rng.randint(0, 2, 4).astype(numpy.int32))
        found['own_mean', cls.__name__] = (before, clf.predictor.W.data.copy(),
                                           clf.predictor.W.grad.copy())


def loss_scaling(found):
    """The multi-node optimizer backpropagates the loss times the actual optimizer's
    loss scale (the update divides it out again)."""
    comm = chainermn.create_communicator('naive')
    rng = numpy.random.RandomState(comm.rank)
    x = rng.rand(4, 3).astype(numpy.float32)
    t = rng.randint(0, 2, 4).astype(numpy.int32)
    for scale in (None, 1024.0):
        numpy.random.seed(0)
        clf = L.Classifier(L.Linear(3, 2))
        actual = optimizers.SGD(lr=0.5)
        if scale is not None:
            actual.loss_scaling(scale=scale)
        opt = chainermn.create_multi_node_optimizer(actual, comm)
        opt.setup(clf)
        seen = []  # the all-reduced gradient before the update divides the scale out
        opt.add_hook(lambda o, seen=seen: seen.append(o.target.predictor.W.grad.copy()),
                     name='record', timing='pre')
        for _ in range(3):
            opt.update(clf, x, t)
        found['loss_scale', scale] = (clf.predictor.W.data.copy(), seen[-1])


def debug_mode(found):
    comm = chainermn.create_communicator('naive')
    model = L.Linear(2, 2)
    for p in model.params():
        p.grad = numpy.ones_like(p.data)
    model.W.grad[0, 0] = numpy.nan if comm.rank == 0 else 1
    chainer.set_debug(True)
    try:
        found['debug_nan'] = error_of(lambda: comm.multi_node_mean_grad(model))
    finally:
        chainer.set_debug(False)
    found['no_debug_nan'] = error_of(lambda: comm.multi_node_mean_grad(model))


def dummy(found):
    comm = chainermn.create_communicator('dummy', batched_copy=False)
    model = L.Linear(2, 2)
    for p in model.params():
        p.grad = numpy.full(p.data.shape, comm.rank + 1.0, numpy.float32)
    comm.multi_node_mean_grad(model)
    found['dummy'] = (type(comm).__name__, comm.get_config('batched_copy'),
                      model.W.grad.copy(), comm.allreduce_obj(1))
    found['init_ranks'] = _communication_utility.init_ranks(MPI.COMM_WORLD)
    found['chunked'] = _communication_utility.chunked_bcast_obj(
        numpy.arange(1000) if comm.rank == 0 else None, MPI.COMM_WORLD, 7)
    found['chunked_bad'] = error_of(lambda: _communication_utility.chunked_bcast_obj(
        1, MPI.COMM_WORLD, _communication_utility.INT_MAX))


def main(out):
    found = {}
    comm = chainermn.create_communicator('naive')
    collectives(comm, found)
    configuration(comm, found)
    mean_grads(comm, found)
    for name in ('naive', 'flat'):
        two_models(name, found)
    double_buffering(found)
    own_mean_methods(found)
    loss_scaling(found)
    debug_mode(found)
    dummy(found)
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


if __name__ == '__main__':
    main(sys.argv[1])
