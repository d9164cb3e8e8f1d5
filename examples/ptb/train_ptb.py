#!/usr/bin/env python
"""Recurrent neural network language model on the Penn Tree Bank (the tutorial's
example, spec 001 §2.2.4).

A two-layer LSTM reads many positions of the long word sequence in parallel
(``ParallelSequentialIterator``) and is trained with truncated backpropagation
through time (``BPTTUpdater``). The corpus comes from
``chainer.datasets.get_ptb_words()`` (downloaded once). Perplexities are logged; the
output directory receives the log, snapshots (resume with ``--resume``) and the model.
"""
import argparse
import os

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import datasets, optimizer as optimizer_module, optimizers, serializers
from chainer import training
from chainer.training import extensions


class RNNLM(chainer.Chain):
    """Embedding, two LSTM layers with dropout, and a linear output over the
    vocabulary; one call predicts the next word of each sequence of the batch."""

    def __init__(self, n_vocab, n_units, train=True):
        super().__init__(
            embed=L.EmbedID(n_vocab, n_units),
            l1=L.LSTM(n_units, n_units),
            l2=L.LSTM(n_units, n_units),
            l3=L.Linear(n_units, n_vocab),
        )
        for param in self.params():
            param.data[...] = numpy.random.uniform(-0.1, 0.1, param.data.shape)
        self.train = train

    def reset_state(self):
        self.l1.reset_state()
        self.l2.reset_state()

    def __call__(self, x):
        h0 = self.embed(x)
        h1 = self.l1(F.dropout(h0, train=self.train))
        h2 = self.l2(F.dropout(h1, train=self.train))
        return self.l3(F.dropout(h2, train=self.train))


class ParallelSequentialIterator(chainer.dataset.Iterator):
    """Reads ``batch_size`` equally spaced positions of one long sequence at once.

    Each batch is a list of (current word, next word) pairs, one per position; all
    positions advance by one word per batch and wrap around at the end.
    """

    def __init__(self, dataset, batch_size, repeat=True):
        self.dataset = numpy.asarray(dataset)
        self.batch_size = batch_size
        self.repeat = repeat
        self.offsets = numpy.arange(batch_size) * len(dataset) // batch_size
        self.reset()

    def reset(self):
        """Starts again from the first words."""
        self.epoch = 0
        self.is_new_epoch = False
        self.iteration = 0

    def __next__(self):
        length = len(self.dataset)
        if not self.repeat and self.iteration * self.batch_size >= length:
            raise StopIteration
        cur_words = self.get_words()
        self.iteration += 1
        next_words = self.get_words()
        epoch = self.iteration * self.batch_size // length
        self.is_new_epoch = self.epoch < epoch
        if self.is_new_epoch:
            self.epoch = epoch
        return list(zip(cur_words, next_words))

    @property
    def epoch_detail(self):
        return self.iteration * self.batch_size / len(self.dataset)

    def get_words(self):
        return self.dataset[(self.offsets + self.iteration) % len(self.dataset)]

    def serialize(self, serializer):
        self.iteration = serializer('iteration', self.iteration)
        self.epoch = serializer('epoch', self.epoch)
        self.is_new_epoch = serializer('is_new_epoch', self.is_new_epoch)


class BPTTUpdater(training.StandardUpdater):
    """Truncated backprop through time: accumulates the loss over ``bprop_len``
    consecutive batches, backpropagates, cuts the graph and updates."""

    def __init__(self, train_iter, optimizer, bprop_len, device):
        super().__init__(train_iter, optimizer, device=device)
        self.bprop_len = bprop_len

    def update_core(self):
        train_iter = self.get_iterator('main')
        optimizer = self.get_optimizer('main')
        loss = 0
        for _ in range(self.bprop_len):
            x, t = self.converter(next(train_iter), self.device)
            loss += optimizer.target(chainer.Variable(x), chainer.Variable(t))
        optimizer.target.cleargrads()
        loss.backward()
        loss.unchain_backward()  # truncate the history
        optimizer.update()


def compute_perplexity(result):
    """LogReport postprocess: perplexities from the mean cross entropies."""
    result['perplexity'] = float(numpy.exp(result['main/loss']))
    if 'validation/main/loss' in result:
        result['val_perplexity'] = float(numpy.exp(result['validation/main/loss']))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description='Chainer example: PTB language model')
    parser.add_argument('--batchsize', '-b', type=int, default=20,
                        help='number of parallel word sequences in each mini-batch')
    parser.add_argument('--bproplen', '-l', type=int, default=35,
                        help='number of words in each mini-batch (= length of '
                             'truncated BPTT)')
    parser.add_argument('--epoch', '-e', type=int, default=39,
                        help='number of sweeps over the dataset to train')
    parser.add_argument('--gpu', '-g', type=int, default=-1,
                        help='GPU ID (negative value indicates CPU)')
    parser.add_argument('--gradclip', '-c', type=float, default=5,
                        help='gradient norm threshold to clip')
    parser.add_argument('--out', '-o', default='result',
                        help='directory to output the result')
    parser.add_argument('--resume', '-r', default='',
                        help='resume the training from a snapshot')
    parser.add_argument('--test', action='store_true',
                        help='use tiny datasets for quick tests')
    parser.add_argument('--unit', '-u', type=int, default=650,
                        help='number of LSTM units in each layer')
    parser.add_argument('--seed', type=int, default=0, help='random seed')
    parser.add_argument('--noprogress', action='store_true',
                        help='disable the progress bar')
    return parser.parse_args(argv)


def main(argv=None, corpus=None):
    """Trains the model and returns the test perplexity.

    Args:
        argv (list of str): command line arguments (``sys.argv[1:]`` when None).
        corpus (tuple): ``(train, validation, test)`` arrays of word ids; the PTB
            words of :func:`chainer.datasets.get_ptb_words` when None.
    """
    args = parse_args(argv)
    numpy.random.seed(args.seed)
    train, val, test = corpus if corpus is not None else datasets.get_ptb_words()
    n_vocab = int(max(numpy.max(train), numpy.max(val), numpy.max(test))) + 1
    if args.test:
        train, val, test = train[:100], val[:100], test[:100]
    print('#vocab = {}'.format(n_vocab))

    rnn = RNNLM(n_vocab, args.unit)
    model = L.Classifier(rnn)
    model.compute_accuracy = False  # only the perplexity is of interest
    if args.gpu >= 0:
        chainer.cuda.get_device(args.gpu).use()
        model.to_gpu()
    optimizer = optimizers.SGD(lr=1.0)
    optimizer.setup(model)
    optimizer.add_hook(optimizer_module.GradientClipping(args.gradclip))

    train_iter = ParallelSequentialIterator(train, args.batchsize)
    val_iter = ParallelSequentialIterator(val, 1, repeat=False)
    test_iter = ParallelSequentialIterator(test, 1, repeat=False)
    updater = BPTTUpdater(train_iter, optimizer, args.bproplen, args.gpu)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    eval_model = model.copy()  # shares the parameters; its own LSTM states
    eval_rnn = eval_model.predictor
    eval_rnn.train = False
    trainer.extend(extensions.Evaluator(val_iter, eval_model, device=args.gpu,
                                        eval_hook=lambda _: eval_rnn.reset_state()))
    interval = 10 if args.test else 500
    trainer.extend(extensions.LogReport(postprocess=compute_perplexity,
                                        trigger=(interval, 'iteration')))
    trainer.extend(extensions.PrintReport(
        ['epoch', 'iteration', 'perplexity', 'val_perplexity']),
        trigger=(interval, 'iteration'))
    if not args.noprogress:
        trainer.extend(extensions.ProgressBar(update_interval=1 if args.test else 10))
    trainer.extend(extensions.snapshot())
    trainer.extend(extensions.snapshot_object(model, 'model_epoch_{.updater.epoch}'))
    if args.resume:
        serializers.load_npz(args.resume, trainer)
    trainer.run()

    eval_rnn.reset_state()
    evaluator = extensions.Evaluator(test_iter, eval_model, device=args.gpu)
    perplexity = float(numpy.exp(float(evaluator()['main/loss'])))
    print('test perplexity: {:.4f}'.format(perplexity))
    model.to_cpu()
    serializers.save_npz(os.path.join(args.out, 'rnnlm.model'), model)
    return perplexity


if __name__ == '__main__':
    main()
