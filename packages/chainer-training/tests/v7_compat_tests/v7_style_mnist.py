#!/usr/bin/env python
"""A training script written the way Chainer v7's MNIST example is, run unchanged by
the tests on tiny random data: a ``Chain`` built in ``init_scope`` with ``forward``,
``Classifier``, Adam, ``Trainer`` with ``Evaluator``, ``snapshot``, ``LogReport`` and
``PrintReport``, two epochs, then a resume from the snapshot for a third epoch and a
prediction in ``using_config('train', False)``. Prints one JSON object at the end.
"""
import argparse
import json
import os

import numpy as np

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


class MLP(chainer.Chain):

    def __init__(self, n_units, n_out):
        super(MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_units)
            self.l3 = L.Linear(None, n_out)
            self.bn = L.BatchNormalization(n_units)

    def forward(self, x):
        h1 = F.relu(self.bn(self.l1(x)))
        h2 = F.dropout(F.relu(self.l2(h1)), ratio=0.2)
        return self.l3(h2)


def make_data(n, rng):
    t = rng.randint(0, 10, n).astype(np.int32)
    x = rng.uniform(0, 0.3, (n, 64)).astype(np.float32)
    for label in range(10):  # each class lights its own band
        x[t == label, label * 6:(label + 1) * 6] += 1.0
    return chainer.datasets.TupleDataset(x, t)


def build_trainer(args, model, train, test, epochs):
    device = chainer.get_device(args.device)
    model.to_device(device)
    device.use()
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize, repeat=False,
                                                 shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (epochs, 'epoch'), out=args.out)
    trainer.extend(extensions.Evaluator(test_iter, model, device=device))
    trainer.extend(extensions.snapshot(), trigger=(1, 'epoch'))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
         'validation/main/accuracy']))
    return trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--batchsize', '-b', type=int, default=20)
    parser.add_argument('--device', '-d', type=str, default='@numpy')
    parser.add_argument('--out', '-o', default='result')
    args = parser.parse_args()

    rng = np.random.RandomState(0)
    np.random.seed(0)
    train, test = make_data(400, rng), make_data(100, rng)

    model = L.Classifier(MLP(32, 10))
    trainer = build_trainer(args, model, train, test, 2)
    trainer.run()
    log = list(trainer.get_extension('LogReport').log)
    snapshots = sorted(f for f in os.listdir(args.out) if f.startswith('snapshot'))

    # Resume: a fresh model and trainer, loaded from the last snapshot, run one more
    # epoch.
    resumed_model = L.Classifier(MLP(32, 10))
    resumed = build_trainer(args, resumed_model, train, test, 3)
    chainer.serializers.load_npz(os.path.join(args.out, snapshots[-1]), resumed)
    start = {'epoch': resumed.updater.epoch, 'iteration': resumed.updater.iteration}
    same_weights = bool(np.array_equal(resumed_model.predictor.l1.W.array,
                                       model.predictor.l1.W.array))
    resumed.run()
    resumed_log = list(resumed.get_extension('LogReport').log)

    x, t = chainer.dataset.concat_examples(test)
    with chainer.using_config('train', False), chainer.no_backprop_mode():
        y1 = resumed_model.predictor(x)
        y2 = resumed_model.predictor(x)
    print(json.dumps({
        'loss': [entry['main/loss'] for entry in log],
        'validation_loss': [entry['validation/main/loss'] for entry in log],
        'snapshots': snapshots,
        'resumed_from': start,
        'same_weights': same_weights,
        'resumed_epochs': [entry['epoch'] for entry in resumed_log],
        'resumed_loss': resumed_log[-1]['main/loss'],
        'test_accuracy': float(F.accuracy(y1, t).array),
        'deterministic_in_test_mode': bool(np.array_equal(y1.array, y2.array)),
        'graph_in_test_mode': y1.creator is not None,
    }))


if __name__ == '__main__':
    main()
