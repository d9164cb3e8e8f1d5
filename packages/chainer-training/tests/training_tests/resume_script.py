"""A small training run for the resume test: run it, kill it, resume it.

Usage: python resume_script.py --out DIR [--resume SNAPSHOT] [--sleep SECONDS]
Writes ``final.npz`` (the model) and ``log`` into DIR when training ends.
"""
import argparse
import os
import sys
import time

import numpy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from chainer import iterators, optimizers, serializers, training  # noqa: E402
from chainer.training import extensions  # noqa: E402
from training_tests import tiny  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--out', required=True)
    parser.add_argument('--resume', default='')
    parser.add_argument('--sleep', type=float, default=0.0)
    args = parser.parse_args()

    numpy.random.seed(0)
    model = tiny.Model()
    optimizer = optimizers.MomentumSGD(lr=0.1, momentum=0.9)
    optimizer.setup(model)
    train_iter = iterators.SerialIterator(tiny.dataset(), 5)  # 24 examples: ragged
    updater = training.StandardUpdater(train_iter, optimizer)
    trainer = training.Trainer(updater, (40, 'iteration'), out=args.out)
    trainer.extend(extensions.ExponentialShift('lr', 0.9), trigger=(3, 'iteration'))
    trainer.extend(extensions.LogReport(trigger=(2, 'iteration')))
    trainer.extend(extensions.snapshot(), trigger=(4, 'iteration'))
    if args.sleep:
        trainer.extend(lambda t: time.sleep(args.sleep), name='slow_down')
    if args.resume:
        serializers.load_npz(args.resume, trainer)
    trainer.run()
    serializers.save_npz(os.path.join(args.out, 'final.npz'), model)


if __name__ == '__main__':
    main()
