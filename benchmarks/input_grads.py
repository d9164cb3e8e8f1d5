"""The gain of skipping the gradients nobody can read: a training step of the mlp and cnn
workloads with the data passed as arrays (no input gradient: the first layer skips its
input-gradient GEMM, and the convolution its col2im) against the same step with the data
wrapped in Variables (v1 semantics: the caller may read ``x.grad``), interleaved in one
process on one BLAS thread.

    python benchmarks/input_grads.py [--rounds R] [--cases mlp,cnn]

Needs the packages of this repository and threadpoolctl. See README.md, "Issue 15 run".
"""
import argparse
import os

import chainer
import chainer.links as L
import threadpoolctl
from chainer import optimizers

import ab
from cases import CNN_BATCH, MLP_BATCH
from chainer_workloads import _data
from chainer_workloads import _models

BATCHES = {'mlp': MLP_BATCH, 'cnn': CNN_BATCH}


def make_step(model_name, as_arrays, batch=None):
    """One training step of the named workload (as ``chainer_workloads._train``), its data
    passed as arrays or as Variables; every variant starts from the same weights."""
    model_class, example_shape = _models.MODELS[model_name]
    numpy_state = chainer.cuda.numpy.random.get_state()
    chainer.cuda.numpy.random.seed(0)
    model = L.Classifier(model_class())
    chainer.cuda.numpy.random.set_state(numpy_state)
    optimizer = optimizers.MomentumSGD(lr=0.01, momentum=0.9)
    optimizer.setup(model)
    batch = batch or BATCHES[model_name]
    x = _data.images(batch, example_shape)
    t = _data.labels((batch,), 10)

    def step():
        model.cleargrads()
        if as_arrays:
            loss = model(x, t)
        else:
            loss = model(chainer.Variable(x), chainer.Variable(t))
        loss.backward()
        optimizer.update()
        return loss

    return step


def run(cases, rounds, min_seconds=0.2):
    """``{case: ab.interleaved result}`` for Variables (reference) vs arrays."""
    out = {}
    for case in cases:
        variants = {'data as Variables': make_step(case, False),
                    'data as arrays': make_step(case, True)}
        out[case] = ab.interleaved(variants, rounds, min_seconds)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--rounds', type=int, default=31)
    parser.add_argument('--cases', default='mlp,cnn')
    parser.add_argument('--min-time', type=float, default=0.2,
                        help='least seconds of one measurement')
    args = parser.parse_args()
    chainer.set_blas_threads(1)
    with threadpoolctl.threadpool_limits(1):
        print('one BLAS thread; load average {:.2f}'.format(os.getloadavg()[0]))
        results = run(args.cases.split(','), args.rounds, args.min_time)
        for case, result in results.items():
            ab.print_table('{} ({} rounds)'.format(case, args.rounds), result)
        print('load average {:.2f}'.format(os.getloadavg()[0]))


if __name__ == '__main__':
    main()
