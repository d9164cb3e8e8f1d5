"""A/B: a training step of an MLP 784-100-100-10 (softmax cross-entropy, MomentumSGD)
with ``@chainer.static_graph`` replay against define-by-run, in one process.

Run with one BLAS thread (``OMP_NUM_THREADS=1``); it also sets ``chainer``'s BLAS
thread policy to 1. Times are CPU time per step (``time.process_time``), the minimum
over rounds, the two variants taking turns in each round. Also checks that the
parameters after the timed steps are bit-identical.

    OMP_NUM_THREADS=1 python benchmarks/static_graph.py [--rounds 7] [--steps 300]
"""
import argparse
import time

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import optimizers


class _MLP(chainer.Chain):

    def __init__(self, n_in=784, n_units=100):
        super(_MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(n_in, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, 10)

    def loss(self, x, t):
        h = F.relu(self.l1(x))
        h = F.relu(self.l2(h))
        return F.softmax_cross_entropy(self.l3(h), t)


class DefineByRun(_MLP):

    def __call__(self, x, t):
        return self.loss(x, t)


class Static(_MLP):

    @chainer.static_graph
    def __call__(self, x, t):
        return self.loss(x, t)


def _runner(model, batch, update, n_in=784):
    opt = optimizers.MomentumSGD(lr=0.01)
    opt.setup(model)
    rng = numpy.random.RandomState(batch)
    x = chainer.Variable(rng.rand(batch, n_in).astype(numpy.float32))
    t = rng.randint(0, 10, batch).astype(numpy.int32)

    def step():
        model.cleargrads()
        loss = model(x, t)
        loss.backward()
        if update:
            opt.update()
    return step


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--rounds', type=int, default=7)
    parser.add_argument('--steps', type=int, default=300)
    parser.add_argument('--batches', default='1,4,16')
    parser.add_argument('--units', default='784,100',
                        help='input size and hidden units (default 784,100)')
    args = parser.parse_args()
    n_in, n_units = [int(u) for u in args.units.split(',')]
    chainer.set_blas_threads(1)
    print('| batch | what | define-by-run (us) | static replay (us) | speed-up |')
    print('| --- | --- | --- | --- | --- |')
    for batch in [int(b) for b in args.batches.split(',')]:
        for update, what in ((False, 'forward+backward'), (True, 'step (with update)')):
            dbr = DefineByRun(n_in, n_units)
            static = Static(n_in, n_units)
            static.copyparams(dbr)
            runs = [_runner(dbr, batch, update, n_in),
                    _runner(static, batch, update, n_in)]
            for run in runs:
                for _ in range(5):
                    run()  # traces, and warms up
            best = [float('inf')] * 2
            for r in range(args.rounds):
                for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                    t0 = time.process_time()
                    for _ in range(args.steps):
                        runs[i]()
                    best[i] = min(best[i], (time.process_time() - t0) / args.steps)
            same = all((p.data == q.data).all() for (_, p), (_, q) in zip(
                sorted(dbr.namedparams()), sorted(static.namedparams())))
            print('| {} | {} | {:.1f} | {:.1f} | {:.2f}x{} |'.format(
                batch, what, best[0] * 1e6, best[1] * 1e6, best[0] / best[1],
                '' if same else ' (PARAMETERS DIFFER)'))


if __name__ == '__main__':
    main()
