#!/usr/bin/env python
"""A training script in the style of the Chainer v1 examples, run unchanged by the tests.

It uses only what a bare ``import chainer`` gives (no ``import chainer.functions`` or
``from chainer import ...``): v1 code reached every subpackage as an attribute. It reads
its data through ``chainer.datasets.get_*`` from ``$CHAINER_DATASET_ROOT``, where the test
wrote a cache in Chainer's own format. It prints one JSON object of results at the end.
"""
from __future__ import division
from __future__ import print_function

import json
import sys

import numpy as np
import six

import chainer


class MLP(chainer.Chain):

    def __init__(self, n_units, n_out):
        super(MLP, self).__init__(
            l1=chainer.links.Linear(None, n_units),
            l2=chainer.links.Linear(None, n_out),
        )

    def __call__(self, x):
        return self.l2(chainer.functions.relu(self.l1(x)))


def train_mnist(out):
    model = chainer.links.Classifier(MLP(30, 10))
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    train, test = chainer.datasets.get_mnist()
    train_iter = chainer.iterators.SerialIterator(train, 50)
    test_iter = chainer.iterators.SerialIterator(test, 50, repeat=False, shuffle=False)
    updater = chainer.training.StandardUpdater(train_iter, optimizer, device=-1)
    trainer = chainer.training.Trainer(updater, (3, 'epoch'), out=out)
    trainer.extend(chainer.training.extensions.Evaluator(test_iter, model, device=-1))
    trainer.extend(chainer.training.extensions.LogReport())
    trainer.extend(chainer.training.extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/accuracy']))
    trainer.run()
    with open(out + '/log') as f:
        return json.load(f)[-1]['validation/main/accuracy']


class Generator(chainer.Chain):

    def __init__(self):
        super(Generator, self).__init__(l1=chainer.links.Linear(2, 2))

    def __call__(self, z):
        return self.l1(z)


class Discriminator(chainer.Chain):

    def __init__(self):
        super(Discriminator, self).__init__(
            l1=chainer.links.Linear(2, 8), l2=chainer.links.Linear(8, 1))

    def __call__(self, x):
        return self.l2(chainer.functions.tanh(self.l1(x)))


class GANUpdater(chainer.training.StandardUpdater):
    """Two optimizers and no 'main' one, as in the v1 DCGAN example."""

    def __init__(self, iterator, gen, dis, opt_gen, opt_dis):
        self.gen, self.dis = gen, dis
        super(GANUpdater, self).__init__(
            iterator, {'gen': opt_gen, 'dis': opt_dis}, device=-1)

    def loss_dis(self, dis, y_fake, y_real):
        n = len(y_fake.data)
        loss = (chainer.functions.sum(chainer.functions.softplus(-y_real)) / n +
                chainer.functions.sum(chainer.functions.softplus(y_fake)) / n)
        chainer.report({'loss': loss}, dis)
        return loss

    def loss_gen(self, gen, y_fake):
        loss = chainer.functions.sum(chainer.functions.softplus(-y_fake)) / len(y_fake.data)
        chainer.report({'loss': loss}, gen)
        return loss

    def update_core(self):
        batch = self.get_iterator('main').next()
        x_real = chainer.Variable(self.converter(batch, self.device))
        xp = chainer.cuda.get_array_module(x_real.data)
        z = chainer.Variable(xp.random.randn(len(batch), 2).astype(np.float32))
        x_fake = self.gen(z)
        y_real, y_fake = self.dis(x_real), self.dis(x_fake)
        self.get_optimizer('dis').update(self.loss_dis, self.dis, y_fake, y_real)
        self.get_optimizer('gen').update(self.loss_gen, self.gen, y_fake)


def train_gan(out):
    rs = np.random.RandomState(0)
    data = (rs.randn(256, 2) * 0.1 + [2.0, -1.0]).astype(np.float32)
    gen, dis = Generator(), Discriminator()
    opt_gen, opt_dis = chainer.optimizers.Adam(0.05), chainer.optimizers.Adam(0.01)
    opt_gen.setup(gen)
    opt_dis.setup(dis)
    it = chainer.iterators.SerialIterator(data, 32)
    updater = GANUpdater(it, gen, dis, opt_gen, opt_dis)
    trainer = chainer.training.Trainer(updater, (300, 'iteration'), out=out)
    trainer.extend(chainer.training.extensions.LogReport(trigger=(50, 'iteration')))
    gen_before, dis_before = gen.l1.W.data.copy(), dis.l2.W.data.copy()
    trainer.run()
    with open(out + '/log') as f:
        last = json.load(f)[-1]
    return {'reported': sorted(k for k in last if k.endswith('/loss')),
            'gen_updated': bool((gen.l1.W.data != gen_before).any()),
            'dis_updated': bool((dis.l2.W.data != dis_before).any()),
            'iterations': updater.iteration}


def vae_losses():
    vae = chainer.functions.loss.vae
    rs = np.random.RandomState(1)
    mu = chainer.Variable(rs.randn(4, 3).astype(np.float32))
    ln_var = chainer.Variable(rs.randn(4, 3).astype(np.float32))
    x = chainer.Variable((rs.rand(4, 3) > 0.5).astype(np.float32))
    kl = vae.gaussian_kl_divergence(mu, ln_var)
    nll = vae.bernoulli_nll(x, mu)
    gnll = vae.gaussian_nll(x, mu, ln_var)
    loss = kl + nll + gnll
    loss.backward()
    return {'kl': float(kl.data), 'bernoulli_nll': float(nll.data),
            'gaussian_nll': float(gnll.data),
            'mu_grad_finite': bool(np.isfinite(mu.grad).all())}


def fp16_model():
    f16 = np.float16
    l1 = chainer.links.Linear(
        3, 4, initialW=chainer.initializers.HeNormal(dtype=f16),
        initial_bias=chainer.initializers.Constant(0, dtype=f16))
    x = chainer.Variable(np.arange(6, dtype=f16).reshape(2, 3))
    y = chainer.functions.sum(chainer.functions.relu(l1(x)))
    l1.cleargrads()
    y.backward()
    return {'W': str(l1.W.data.dtype), 'b': str(l1.b.data.dtype), 'y': str(y.data.dtype),
            'gW': str(l1.W.grad.dtype)}


class RNNLM(chainer.Chain):

    def __init__(self, n_vocab, n_units, train=True):
        super(RNNLM, self).__init__(
            embed=chainer.links.EmbedID(n_vocab, n_units),
            l1=chainer.links.LSTM(n_units, n_units),
            l2=chainer.links.Linear(n_units, n_vocab),
        )
        self.train = train

    def reset_state(self):
        self.l1.reset_state()

    def __call__(self, x):
        h0 = self.embed(x)
        h1 = self.l1(chainer.functions.dropout(h0, ratio=0.0, train=self.train))
        return self.l2(h1)


def train_ptb():
    train, valid, _ = chainer.datasets.get_ptb_words()
    vocab = chainer.datasets.get_ptb_words_vocabulary()
    n_vocab = max(train) + 1
    model = chainer.links.Classifier(RNNLM(n_vocab, 16))
    optimizer = chainer.optimizers.SGD(lr=1.0)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer.GradientClipping(5.0))
    batchsize, bprop_len = 10, 10
    jump = len(train) // batchsize
    losses = []
    accum = 0
    for i in six.moves.range(jump * 3):
        x = chainer.Variable(np.asarray(
            [train[(jump * j + i) % len(train)] for j in six.moves.range(batchsize)]))
        t = chainer.Variable(np.asarray(
            [train[(jump * j + i + 1) % len(train)] for j in six.moves.range(batchsize)]))
        loss = model(x, t)
        accum += loss
        if (i + 1) % bprop_len == 0:
            model.zerograds()
            accum.backward()
            accum.unchain_backward()
            optimizer.update()
            losses.append(float(accum.data) / bprop_len)
            accum = 0
    return {'first_loss': losses[0], 'last_loss': losses[-1], 'n_vocab': int(n_vocab),
            'vocab_size': len(vocab), 'first_word_id': vocab['<eos>'],
            'valid_len': len(valid)}


def main(out):
    np.random.seed(0)
    results = {
        'namespace': sorted(n for n in ('functions', 'links', 'optimizers', 'datasets',
                                        'iterators', 'training', 'serializers', 'cuda')
                            if n in dir(chainer)),
        'mnist_accuracy': train_mnist(out + '/mnist'),
        'gan': train_gan(out + '/gan'),
        'vae': vae_losses(),
        'fp16': fp16_model(),
        'ptb': train_ptb(),
    }
    print(json.dumps(results))


if __name__ == '__main__':
    main(sys.argv[1])
