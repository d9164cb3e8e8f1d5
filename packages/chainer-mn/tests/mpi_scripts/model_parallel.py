"""Run under mpiexec by test_model_parallel.py: the differentiable communication
functions of chainermn.functions, each checked against a numerical gradient taken
across the processes, and MultiNodeChainList pipelines; pickles what each rank saw to
<out>/rank<r>.pkl. The helpers building the models are imported by the test too."""
import pathlib
import pickle
import sys

import numpy

import chainer
import chainer.functions as F
import chainer.links as L

EPS = 1e-6


# --- a numerical gradient across processes --------------------------------------------

def _weights(outputs, rank, seed):
    rng = numpy.random.RandomState(1000 * seed + rank)
    return [rng.uniform(-1, 1, o.shape) for o in outputs]


def _loss_value(outputs, weights):
    return sum(float((o.data.astype(numpy.float64) * w).sum())
               for o, w in zip(outputs, weights))


def cross_process_gradients(comm, inputs, fn, seed):
    """The gradients of L = sum over the ranks of sum(w * fn(inputs)) (fixed random w)
    with respect to this rank's ``inputs``: by backprop, and by central differences in
    which every rank runs ``fn`` in lockstep while one rank perturbs one element."""
    xs = [chainer.Variable(a.copy()) for a in inputs]
    outputs = list(fn(xs))
    weights = _weights(outputs, comm.rank, seed)
    if outputs:
        chainer.backward(outputs, [w.astype(o.dtype) for o, w in zip(outputs, weights)])
    analytic = [numpy.zeros_like(a) if x.grad is None else x.grad
                for a, x in zip(inputs, xs)]
    arrays = [a.copy() for a in inputs]
    numeric = [numpy.zeros_like(a) for a in inputs]
    sizes = comm.mpi_comm.allgather([a.size for a in inputs])
    for owner, owner_sizes in enumerate(sizes):
        for k, n in enumerate(owner_sizes):
            for i in range(n):
                values = []
                for step in (EPS, -EPS):
                    mine = comm.rank == owner
                    if mine:
                        flat = arrays[k].reshape(-1)
                        kept = flat[i]
                        flat[i] = kept + step
                    with chainer.no_backprop_mode():
                        outputs = fn([chainer.Variable(a) for a in arrays])
                    values.append(comm.allreduce_obj(_loss_value(outputs, weights)))
                    if mine:
                        flat[i] = kept
                if comm.rank == owner:
                    numeric[k].reshape(-1)[i] = (values[0] - values[1]) / (2 * EPS)
    return analytic, numeric


# --- the functions, in small graphs with a nonlinearity on each side ----------------

def _tanh_all(ys):
    return [F.tanh(y) if y.size else y for y in ys]


def collective_cases(comm):
    """name -> (this rank's float64 inputs, the function of them)."""
    import chainermn.functions as mnf
    rank, size = comm.rank, comm.size
    rng = numpy.random.RandomState(rank)

    def r(*shape):
        return rng.uniform(-1, 1, shape)

    last = size - 1
    cases = {
        'bcast': ([r(2, 3)] if rank == last else [],
                  lambda xs: [F.tanh(mnf.bcast(comm, F.sin(xs[0]) if xs else None,
                                               root=last))]),
        'gather': ([r(2, rank + 1)],
                   lambda xs: _tanh_all(mnf.gather(comm, F.sin(xs[0]), root=0)
                                        if rank == 0 else
                                        [mnf.gather(comm, F.sin(xs[0]), root=0)])),
        'scatter': ([r(i + 1, 2) for i in range(size)] if rank == 0 else [],
                    lambda xs: [F.tanh(mnf.scatter(comm, [F.sin(x) for x in xs]
                                                   if xs else None, root=0))]),
        'allgather': ([r(rank + 1, 2)],
                      lambda xs: _tanh_all(mnf.allgather(comm, F.sin(xs[0])))),
        'alltoall': ([r(rank + 1, i + 1) for i in range(size)],
                     lambda xs: _tanh_all(mnf.alltoall(comm, [F.sin(x) for x in xs]))),
        'send_recv': ([r(2, 3)], lambda xs: _ring(comm, xs[0])),
        'send_recv_tuple': ([r(2, 2), r(2, 2)] if rank < 2 else [],
                            lambda xs: _pair(comm, xs)),
    }
    return cases


def _ring(comm, x):
    """rank 0 -> 1 -> ... -> size - 1 -> 0, each rank multiplying by its own x."""
    import chainermn.functions as mnf
    rank, size = comm.rank, comm.size
    if rank == 0:
        delegate = mnf.send(F.tanh(x), comm, 1)
        return [F.tanh(mnf.recv(comm, size - 1, delegate_variable=delegate) * x)]
    h = mnf.recv(comm, rank - 1)
    return [mnf.send(F.tanh(h * x), comm, (rank + 1) % comm.size)]


def _pair(comm, xs):
    """rank 0 sends a tuple of two variables to rank 1."""
    import chainermn.functions as mnf
    if comm.rank == 0:
        return [mnf.send((F.sin(xs[0]), xs[1] * 2), comm, 1, tag=5)]
    if comm.rank == 1:
        a, b = mnf.recv(comm, 0, tag=5, force_tuple=True)
        return [F.tanh(a * b + xs[0] - xs[1])]
    return []


# --- MultiNodeChainList ------------------------------------------------------------

class Part(chainer.Chain):
    """tanh(W x + b) (with one input) or tanh(W1 x1 + W2 x2 + b) (two inputs)."""

    def __init__(self, n_in, n_out, seed, n_args=1):
        super(Part, self).__init__()
        rng = numpy.random.RandomState(seed)
        with self.init_scope():
            for i in range(n_args):
                setattr(self, 'l{}'.format(i), L.Linear(
                    n_in, n_out, initialW=rng.uniform(-1, 1, (n_out, n_in)),
                    initial_bias=rng.uniform(-1, 1, n_out)))
        self.n_args = n_args

    def __call__(self, *xs):
        h = None
        for i, x in enumerate(xs):
            t = getattr(self, 'l{}'.format(i))(x)
            h = t if h is None else h + t
        return F.tanh(h)


def batch():
    return numpy.random.RandomState(9).uniform(-1, 1, (2, 3)).astype(numpy.float32)


def pipeline(comm, rank, size, skip):
    """Rank ``rank``'s share of a pipeline 0 -> 1 -> ... -> size - 1 -> 0; with ``skip``
    rank 0 also sends the first part's output to itself and its last part takes it with
    what comes back (two inputs)."""
    import chainermn
    model = chainermn.MultiNodeChainList(comm)
    if rank == 0:
        model.add_link(Part(3, 4, 0), rank_in=None, rank_out=[1, 0] if skip else 1)
        model.add_link(Part(4, 2, 99, n_args=2 if skip else 1),
                       rank_in=[0, size - 1] if skip else size - 1, rank_out=None)
    else:
        model.add_link(Part(4, 4, rank), rank_in=rank - 1, rank_out=(rank + 1) % size)
    return model


def grads_of(model):
    return {name: p.grad.copy() for name, p in sorted(model.namedparams())}


def main(out):
    import chainermn
    comm = chainermn.create_communicator('naive')
    found = {}
    for name, (inputs, fn) in sorted(collective_cases(comm).items()):
        found['grad', name] = cross_process_gradients(comm, inputs, fn, seed=len(name))
        comm.mpi_comm.Barrier()

    import chainermn.functions as mnf
    for dtype in (numpy.float16, numpy.float32):
        x = chainer.Variable(numpy.full((2, 2), comm.rank + 1, dtype))
        ys = mnf.allgather(comm, x)
        F.sum(F.stack(list(ys))).backward()
        found['allgather', numpy.dtype(dtype).name] = (
            [y.data for y in ys], x.grad)
        z = mnf.bcast(comm, x if comm.rank == 0 else None)
        found['bcast', numpy.dtype(dtype).name] = z.data

    for skip in (False, True):
        model = pipeline(comm, comm.rank, comm.size, skip)
        model.cleargrads()
        y = model(batch())
        if comm.rank == 0:
            found['pipeline', skip, 'y'] = y.data.copy()
            F.sum(y * y).backward()
        else:
            y.backward()
        found['pipeline', skip] = grads_of(model)
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


if __name__ == '__main__':
    main(sys.argv[1])
