"""rnnlm: one truncated-BPTT step of an LSTM language model.

EmbedID(1000, 200) - LSTM(200, 200) - Linear(200, 1000); batch 20; the loss of 35
consecutive time steps is backpropagated, the graph is cut (the LSTM state carries over
to the next step, as in truncated BPTT) and SGD updates the parameters.
"""
import chainer
import chainer.functions as F
import chainer.links as L
from chainer import optimizers

from chainer_workloads import _data

VOCAB = 1000
UNITS = 200


class RNNLM(chainer.ChainList):
    def __init__(self):
        super(RNNLM, self).__init__(
            L.EmbedID(VOCAB, UNITS), L.LSTM(UNITS, UNITS), L.Linear(UNITS, VOCAB))

    def __call__(self, words):
        embed, lstm, out = self
        return out(lstm(embed(words)))


def make(batch, bptt):
    model = RNNLM()
    optimizer = optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    words = _data.labels((bptt + 1, batch), VOCAB)

    def step():
        loss = 0
        for i in range(bptt):
            y = model(chainer.Variable(words[i]))
            loss += F.softmax_cross_entropy(y, chainer.Variable(words[i + 1]))
        model.cleargrads()
        loss.backward()
        loss.unchain_backward()
        optimizer.update()
        return loss

    return step
