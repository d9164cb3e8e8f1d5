"""Run under mpiexec by test_mnbn.py: MultiNodeBatchNormalization on batches of unequal
sizes (rank r has r + 2 examples), create_mnbn_model and its double backprop;
pickles what each rank saw to <out>/rank<r>.pkl."""
import copy
import pathlib
import pickle
import sys

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
import chainermn

C = 3


def batches(n):
    """The concatenated batch of ``n`` ranks, its output gradient, gamma and beta."""
    rng = numpy.random.RandomState(0)
    total = sum(r + 2 for r in range(n))
    x = rng.randn(total, C, 2) * 2 + 1
    gy = rng.randn(total, C, 2)
    return x, gy, rng.rand(C) + 0.5, rng.randn(C)


def mine(array, rank):
    begin = sum(r + 2 for r in range(rank))
    return array[begin:begin + rank + 2]


def run_half(comm):
    """float16 data with float32 parameters (mixed16): output, input and parameter
    gradients of the function."""
    x_all, gy_all, gamma, beta = batches(comm.size)
    x = chainer.Variable(mine(x_all, comm.rank).astype(numpy.float16))
    g = chainer.Variable(gamma.astype(numpy.float32))
    b = chainer.Variable(beta.astype(numpy.float32))
    y = chainermn.functions.batch_normalization.multi_node_batch_normalization(
        x, g, b, comm)
    y.grad = mine(gy_all, comm.rank).astype(numpy.float16)
    y.backward()
    return {'y': y.data, 'gx': x.grad, 'ggamma': g.grad, 'gbeta': b.grad}


def run_link(comm, dtype):
    x_all, gy_all, gamma, beta = batches(comm.size)
    link = chainermn.links.MultiNodeBatchNormalization(C, comm, dtype=dtype)
    link.gamma.data[...] = gamma
    link.beta.data[...] = beta
    x = chainer.Variable(mine(x_all, comm.rank).astype(dtype))
    y = link(x)
    y.grad = mine(gy_all, comm.rank).astype(dtype)
    y.backward()
    found = {'y': y.data, 'gx': x.grad, 'ggamma': link.gamma.grad,
             'gbeta': link.beta.grad, 'avg_mean': link.avg_mean.copy(),
             'avg_var': link.avg_var.copy()}
    link(x, finetune=True)
    link(x, finetune=True)
    found['finetune'] = (link.N, link.avg_mean.copy(), link.avg_var.copy())
    with chainer.using_config('train', False):
        found['test'] = link(x).data
    return found


def double_backprop(comm, dtype):
    """Gradients of the gradients: ``gx = d(sum_r sum(w_r * y_r^3))/dx_r`` with its graph,
    then ``d(sum_r sum(v_r * gx_r^2))`` by ``x_r``, ``gamma`` and ``beta``."""
    x_all, w_all, gamma, beta = batches(comm.size)
    v_all = numpy.cos(x_all * 3)
    x = chainer.Variable(mine(x_all, comm.rank).astype(dtype))
    g = chainer.Variable(gamma.astype(dtype))
    b = chainer.Variable(beta.astype(dtype))
    y = chainermn.functions.batch_normalization.multi_node_batch_normalization(
        x, g, b, comm)
    w, v = mine(w_all, comm.rank).astype(dtype), mine(v_all, comm.rank).astype(dtype)
    gx, gg, gb = chainer.grad([F.sum(w * y * y * y)], [x, g, b],
                              enable_double_backprop=True)
    ggx, ggg, ggb = chainer.grad([F.sum(v * gx * gx) + F.sum(gg * gg) * 0.5], [x, g, b])
    return {'gx': gx.data, 'gg': gg.data, 'ggx': ggx.data, 'ggg': ggg.data,
            'ggb': None if ggb is None else ggb.data}


def main(out):
    comm = chainermn.create_communicator('naive')
    found = {}
    for dtype in (numpy.float32, numpy.float64):
        found[numpy.dtype(dtype).name] = run_link(comm, dtype)
    found['half'] = run_half(comm)

    link = chainermn.links.MultiNodeBatchNormalization(C, comm)
    found['deepcopy_shares_comm'] = copy.deepcopy(link).comm is comm
    for dtype in (numpy.float32, numpy.float64):
        found['double_backprop', numpy.dtype(dtype).name] = double_backprop(comm, dtype)

    for backend in ('nccl', 'bad'):
        try:
            chainermn.links.MultiNodeBatchNormalization(C, comm,
                                                        communication_backend=backend)
        except ValueError as error:
            found['backend', backend] = str(error)

    numpy.random.seed(0)
    model = chainer.Chain(
        head=L.Linear(2, 3), bn=L.BatchNormalization(3, decay=0.5, eps=1e-3),
        seq=chainer.Sequential(L.Linear(3, 4), L.BatchNormalization(4, use_beta=False)),
        rest=chainer.ChainList(L.BatchNormalization(4)))
    model.bn.avg_mean[...] = 7
    converted = chainermn.links.create_mnbn_model(model, comm)
    found['model'] = {
        'types': [(name, type(lk).__name__) for name, lk in sorted(converted.namedlinks())],
        'original': [(name, type(lk).__name__) for name, lk in sorted(model.namedlinks())],
        'params': {n: p.data.copy() for n, p in converted.namedparams()},
        'original_params': {n: p.data.copy() for n, p in model.namedparams()},
        'bn': (converted.bn.decay, converted.bn.eps, converted.bn.avg_mean.copy(),
               converted.bn.comm is comm),
        'no_beta': getattr(converted.seq[1], 'beta', None) is None,
    }
    with chainer.using_config('train', False):
        x = numpy.arange(10, dtype=numpy.float32).reshape(5, 2)
        found['model']['same_test_output'] = bool(numpy.allclose(
            converted.rest[0](converted.seq(converted.bn(converted.head(x)))).data,
            model.rest[0](model.seq(model.bn(model.head(x)))).data))
    found['sequential'] = sequential_with_a_function(comm)
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


def sequential_with_a_function(comm):
    """create_mnbn_model on a Sequential whose layers include a function: the layer it
    calls is the converted one."""
    numpy.random.seed(1)
    seq = chainer.Sequential(L.Linear(2, 3), F.relu, L.BatchNormalization(3))
    converted = chainermn.links.create_mnbn_model(seq, comm)
    x = numpy.arange(2 * (comm.rank + 2), dtype=numpy.float32).reshape(-1, 2) - comm.rank
    h = F.relu(converted[0](x)).data
    return {'layers': [getattr(layer, '__name__', type(layer).__name__)
                       for layer in converted],
            'called_is_child': converted[2] is converted._children[1],
            'h': h, 'y': converted(x).data}


if __name__ == '__main__':
    main(sys.argv[1])
