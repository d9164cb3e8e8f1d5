"""The tutorial's models run
with these links, and a tiny RNN language model learns its corpus."""
import numpy

import chainer
import chainer.functions as F
import chainer.links as L

try:
    from chainer.optimizers import SGD
except ImportError:   # chainer-training absent: the plain rule p -= lr * grad
    class SGD(object):
        def __init__(self, lr=0.01):
            self.lr = lr

        def setup(self, link):
            self.target = link

        def update(self, lossfun=None, *args):
            if lossfun is not None:
                self.target.cleargrads()
                lossfun(*args).backward()
            for param in self.target.params():
                param.data -= self.lr * param.grad


class MLP(chainer.Chain):
    """The tutorial's three-layer rectifier network."""

    def __init__(self, n_units, n_out):
        super(MLP, self).__init__(
            l1=L.Linear(None, n_units),
            l2=L.Linear(None, n_units),
            l3=L.Linear(None, n_out))

    def __call__(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


class RNN(chainer.Chain):
    """The tutorial's recurrent language model."""

    def __init__(self, n_vocab, n_embed, n_units):
        super(RNN, self).__init__(
            embed=L.EmbedID(n_vocab, n_embed),
            mid=L.LSTM(n_embed, n_units),
            out=L.Linear(n_units, n_vocab))

    def reset_state(self):
        self.mid.reset_state()

    def __call__(self, cur_word):
        x = self.embed(cur_word)
        h = self.mid(x)
        return self.out(h)


def test_mlp_classifier_trains_on_separable_data():
    x = numpy.random.randn(40, 6).astype(numpy.float32)
    t = (x[:, 0] + x[:, 1] > 0).astype(numpy.int32)
    model = L.Classifier(MLP(8, 2))
    optimizer = SGD(lr=0.1)
    optimizer.setup(model)
    first = float(model(chainer.Variable(x), chainer.Variable(t)).data)
    for _ in range(60):
        optimizer.update(model, chainer.Variable(x), chainer.Variable(t))
    assert float(model.loss.data) < 0.6 * first
    assert float(model.accuracy.data) > 0.85


def test_rnn_language_model_truncated_backprop_drops_the_loss():
    # Made-up corpus: two interleaved "sentences"; after the first word of each, the
    # rest is predictable only by remembering which sentence is running.
    sentences = [[0, 1, 2, 3, 4], [5, 1, 2, 6, 7]]
    corpus = numpy.array(sum((sentences[i % 2] for i in range(8)), []),
                         dtype=numpy.int32)
    rnn = RNN(8, 6, 12)
    model = L.Classifier(rnn)
    model.compute_accuracy = False
    optimizer = SGD(lr=0.5)
    optimizer.setup(model)

    def epoch_loss(train):
        rnn.reset_state()
        loss, total, count = 0, 0.0, 0
        for cur, nxt in zip(corpus[:-1], corpus[1:]):
            loss += model(chainer.Variable(cur[None]), chainer.Variable(nxt[None]))
            count += 1
            if count % 10 == 0 or count == len(corpus) - 1:
                total += float(loss.data)
                if train:
                    model.cleargrads()
                    loss.backward()
                    loss.unchain_backward()   # truncate the history
                    optimizer.update()
                loss = 0
        return total / count

    initial = epoch_loss(train=False)
    for _ in range(8):   # 8 epochs x 4 truncated updates of 10 steps
        epoch_loss(train=True)
    middle = epoch_loss(train=False)
    for _ in range(70):
        epoch_loss(train=True)
    final = epoch_loss(train=False)
    # Uniform guessing costs log(8) ~ 2.08 per word; the ambiguous steps after word 2
    # are resolved only by the LSTM state.
    assert initial > 1.8
    assert final < 0.5 * initial and final < middle
    assert final < 0.6
