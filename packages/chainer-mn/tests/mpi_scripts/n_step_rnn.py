"""Run under mpiexec by test_n_step_rnn.py: a stacked RNN split over the processes
(rank r starts from the final states of rank r - 1), an LSTM and a GRU; pickles each
rank's outputs and parameter gradients to <out>/rank<r>.pkl."""
import pathlib
import pickle
import sys

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
import chainermn

KINDS = {'lstm': lambda: L.NStepLSTM(1, 3, 4, 0.0), 'gru': lambda: L.NStepGRU(2, 3, 4, 0.0)}


def piece(kind, rank):
    """Rank ``rank``'s stacked RNN, its input sequences and the weights of its loss."""
    numpy.random.seed(100 + rank)
    link = KINDS[kind]()
    rng = numpy.random.RandomState(rank)
    xs = [rng.rand(n, 3).astype(numpy.float32) for n in (rank + 2, 3)]
    weights = [rng.rand(len(x), 4).astype(numpy.float32) for x in xs]
    return link, xs, weights


def local_loss(ys, weights):
    return sum(F.sum(y * w) for y, w in zip(ys, weights))


def main(out):
    comm = chainermn.create_communicator('naive')
    r, n = comm.rank, comm.size
    found = {}
    for kind in KINDS:
        link, xs, weights = piece(kind, r)
        rnn = chainermn.links.create_multi_node_n_step_rnn(
            link, comm, rank_in=r - 1 if r else None, rank_out=r + 1 if r < n - 1 else None)
        rnn.cleargrads()
        outputs = rnn([chainer.Variable(x) for x in xs])
        *states, ys, delegate = outputs
        loss = local_loss(ys, weights)
        if r == n - 1:
            loss = loss + sum(F.sum(s) for s in states)  # the last states count too
        if delegate is not None:
            loss, = chainermn.functions.pseudo_connect(delegate, loss)
        loss.backward()
        found[kind] = {'n_outputs': len(outputs), 'delegate': delegate is not None,
                       'ys': [y.data for y in ys],
                       'grads': {k: p.grad.copy() for k, p in sorted(link.namedparams())}}
    found['refused'] = None
    try:
        chainermn.links.create_multi_node_n_step_rnn(L.Linear(2, 3), comm)
    except ValueError as e:
        found['refused'] = str(e)
    (pathlib.Path(out) / 'rank{}.pkl'.format(r)).write_bytes(pickle.dumps(found))


if __name__ == '__main__':
    main(sys.argv[1])
