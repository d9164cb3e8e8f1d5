"""A/B: a training step of an MLP 784-100-100-10 (softmax cross-entropy, MomentumSGD)
with ``@chainer.static_graph`` replay against define-by-run, in one process.

Two more variants, the same step written by hand in numpy (:class:`_ByHand`), bound
what any replay that computes what define-by-run computes can reach: one updates each
parameter array in turn, the other keeps the parameters, gradients and velocities in
three flat buffers and updates them all in four passes (what a replay that placed the
gradients could hand a fused optimizer).

Run with one BLAS thread (``OMP_NUM_THREADS=1``); it also sets ``chainer``'s BLAS
thread policy to 1. Times are CPU time per step (``time.process_time``), the minimum
over rounds, the variants taking turns in each round. Also checks that the
parameters after the timed steps are bit-identical.

    OMP_NUM_THREADS=1 python benchmarks/static_graph.py [--rounds 7] [--steps 300]
    python benchmarks/static_graph.py --memory   (peak memory of a step instead)
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


class _ByHand(object):
    """The step of :class:`DefineByRun` written by hand in numpy: the same array
    operations in the same order (so the parameters stay bit-identical), into buffers
    allocated once, with none of the framework between them. What a replay of the
    traced step could at best be while computing what define-by-run computes; the
    benchmark checks the bit-identity.
    """

    def __init__(self, model, batch, n_in, flat=False):
        links = (model.l1, model.l2, model.l3)
        self.flat = flat
        if flat:  # (before the layers are read: it moves the parameters' data)
            self.grads, self.velocity = self._flatten(links)
        self.layers = [(link.W.data, link.b.data) for link in links]
        if not flat:
            self.grads = [(numpy.empty_like(W), numpy.empty_like(b))
                          for W, b in self.layers]
            self.velocity = [(numpy.zeros_like(W), numpy.zeros_like(b))
                             for W, b in self.layers]
        sizes = [len(W) for W, _ in self.layers]
        f32 = numpy.float32
        self.h = [numpy.empty((batch, n), f32) for n in sizes]
        self.a = [numpy.empty((batch, n), f32) for n in sizes[:2]]
        self.mask = [numpy.empty((batch, n), f32) for n in sizes[:2]]
        self.gh = [numpy.empty((batch, n), f32) for n in sizes]
        self.gx = numpy.empty((batch, n_in), f32)
        self.ones = {n: numpy.ones(n, f32) for n in set(sizes) | {batch}}
        self.coeff = f32(1.0 / batch)
        self.rows = numpy.arange(batch)
        self.scratch = {id(p): numpy.empty_like(p).reshape(-1)[:1 << 16]
                        for W, b in self.layers for p in (W, b)}

    def step(self, x, t, update):
        layers, h, a, mask, gh = self.layers, self.h, self.a, self.mask, self.gh
        zero = numpy.float32(0)
        inp = x
        for i, (W, b) in enumerate(layers):  # forward
            numpy.dot(inp, W.T, out=h[i])
            h[i] += b
            if i < 2:
                numpy.maximum(h[i], zero, out=a[i])
                inp = a[i]
        y = h[2]  # softmax cross-entropy, as its forward_cpu computes it
        m = y.max(axis=1, keepdims=True)
        e = numpy.subtract(y, m)
        numpy.exp(e, out=e)
        s = e.dot(self.ones[len(W)])[:, None]
        lse = numpy.log(s)
        lse += m
        log_p = y[self.rows, t] - lse.reshape(t.shape)
        loss = -log_p.sum(dtype=numpy.float32) * self.coeff
        r = numpy.float32(1) * self.coeff  # backward: the loss's gradient is 1
        g = gh[2]
        numpy.multiply(e, r / s, out=g)
        g[self.rows, t] -= r
        for i in (2, 1, 0):
            W, b = layers[i]
            gW, gb = self.grads[i]
            below = x if i == 0 else a[i - 1]
            if len(g) == 1:
                numpy.dot(g.T, below, out=gW)
            else:
                numpy.matmul(g.T, below, out=gW)
            numpy.dot(self.ones[len(g)], g, out=gb)
            if i:
                numpy.dot(g, W, out=gh[i - 1])
                numpy.greater(h[i - 1], zero, out=mask[i - 1])
                mask[i - 1] *= gh[i - 1]
                g = mask[i - 1]
            else:
                numpy.dot(g, W, out=self.gx)
        if update:
            if self.flat:  # one pass each over all parameters: four ufunc calls
                _momentum_by_hand(*self.flat_arrays)
            else:
                for (W, b), (gW, gb), (vW, vb) in zip(layers, self.grads, self.velocity):
                    for w, gw, v in ((W, gW, vW), (b, gb, vb)):
                        _momentum_by_hand(w, gw, v, self.scratch[id(w)])
        return loss

    def _flatten(self, links):
        """Moves the parameters of ``links`` into one buffer and returns their
        gradients and velocities, ``[(W, b)]`` per link, as views of two more in the
        same order, so that the update is four passes over all of them at once (the
        same operations on the same elements as the update of each array, so the same
        bits)."""
        params = [p for link in links for p in (link.W, link.b)]
        size = sum(p.size for p in params)
        data, grad = numpy.empty(size, numpy.float32), numpy.empty(size, numpy.float32)
        velocity = numpy.zeros(size, numpy.float32)
        self.flat_arrays = data, grad, velocity, numpy.empty(size, numpy.float32)
        grads, velocities = [], []
        start = 0
        for p in params:
            end = start + p.size
            data[start:end] = p.data.reshape(-1)
            p.data = data[start:end].reshape(p.shape)
            grads.append(grad[start:end].reshape(p.shape))
            velocities.append(velocity[start:end].reshape(p.shape))
            start = end
        return list(zip(grads[0::2], grads[1::2])), \
            list(zip(velocities[0::2], velocities[1::2]))


def _momentum_by_hand(w, g, v, scratch, lr=numpy.float32(0.01),
                      momentum=numpy.float32(0.9)):
    w, g, v = w.reshape(-1), g.reshape(-1), v.reshape(-1)
    for start in range(0, len(w), len(scratch)):
        end = start + len(scratch)
        sc = scratch[:len(w[start:end])]
        numpy.multiply(g[start:end], lr, out=sc)
        v[start:end] *= momentum
        v[start:end] -= sc
        w[start:end] += v[start:end]


def _hand_runner(model, batch, update, n_in=784, flat=False):
    rng = numpy.random.RandomState(batch)
    x = rng.rand(batch, n_in).astype(numpy.float32)
    t = rng.randint(0, 10, batch).astype(numpy.int32)
    by_hand = _ByHand(model, batch, n_in, flat)
    return lambda: by_hand.step(x, t, update)


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
    parser.add_argument('--memory', action='store_true',
                        help='report the peak memory of a step instead of its time')
    args = parser.parse_args()
    n_in, n_units = [int(u) for u in args.units.split(',')]
    chainer.set_blas_threads(1)
    if args.memory:
        peak_memory([int(b) for b in args.batches.split(',')], n_in, n_units)
        return
    print('| batch | what | define-by-run (us) | static replay (us) | speed-up '
          '| numpy by hand (us) | define-by-run / by hand '
          '| by hand, flat update (us) | define-by-run / by hand flat |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for batch in [int(b) for b in args.batches.split(',')]:
        for update, what in ((False, 'forward+backward'), (True, 'step (with update)')):
            models = [cls(n_in, n_units) for cls in (DefineByRun, Static, DefineByRun,
                                                     DefineByRun)]
            for model in models[1:]:
                model.copyparams(models[0])
            runs = [_runner(models[0], batch, update, n_in),
                    _runner(models[1], batch, update, n_in),
                    _hand_runner(models[2], batch, update, n_in),
                    _hand_runner(models[3], batch, update, n_in, flat=True)]
            for run in runs:
                for _ in range(5):
                    run()  # traces, and warms up
            best = [float('inf')] * len(runs)
            for r in range(args.rounds):
                order = range(len(runs)) if r % 2 == 0 else range(len(runs) - 1, -1, -1)
                for i in order:
                    t0 = time.process_time()
                    for _ in range(args.steps):
                        runs[i]()
                    best[i] = min(best[i], (time.process_time() - t0) / args.steps)
            differ = [name for name, model in zip(
                ('static', 'by hand', 'by hand flat'), models[1:])
                if not _same_parameters(models[0], model)]
            us = [t * 1e6 for t in best]
            print('| {} | {} | {:.1f} | {:.1f} | {:.2f}x | {:.1f} | {:.2f}x | {:.1f} | '
                  '{:.2f}x |{}'.format(
                      batch, what, us[0], us[1], us[0] / us[1], us[2], us[0] / us[2],
                      us[3], us[0] / us[3],
                      ' PARAMETERS DIFFER: ' + ', '.join(differ) if differ else ''))


def peak_memory(batches, n_in, n_units, steps=20):
    """Prints, per batch, the peak of the memory traced by ``tracemalloc`` (numpy's
    arrays included) from the making of the model through its training steps, for
    define-by-run and for the static replay (its traces and schedule included)."""
    import tracemalloc
    for cls in (DefineByRun, Static):  # the process's one-time allocations, first
        run = _runner(cls(n_in, n_units), batches[0], True, n_in)
        for _ in range(5):
            run()
    print('| batch | define-by-run peak (KiB) | static replay peak (KiB) | ratio |')
    print('| --- | --- | --- | --- |')
    for batch in batches:
        peaks = []
        for cls in (DefineByRun, Static):
            tracemalloc.start()
            model = cls(n_in, n_units)
            run = _runner(model, batch, True, n_in)
            for _ in range(steps):
                run()
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
            del model, run
        print('| {} | {:.1f} | {:.1f} | {:.2f}x |'.format(
            batch, peaks[0] / 1024, peaks[1] / 1024, peaks[1] / peaks[0]))


def _same_parameters(a, b):
    return all((p.data == q.data).all() for (_, p), (_, q) in zip(
        sorted(a.namedparams()), sorted(b.namedparams())))


if __name__ == '__main__':
    main()
