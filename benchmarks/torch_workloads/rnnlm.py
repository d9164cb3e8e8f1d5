"""rnnlm: one truncated-BPTT step of the LSTM language model, one LSTMCell call per
time step as Chainer's ``L.LSTM`` does; the state is detached after the update."""
import torch
from torch import nn
from torch.nn import functional as F

from torch_workloads import _data

VOCAB = 1000
UNITS = 200


class RNNLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, UNITS)
        self.lstm = nn.LSTMCell(UNITS, UNITS)
        self.out = nn.Linear(UNITS, VOCAB)

    def forward(self, words, state):
        h, c = self.lstm(self.embed(words), state)
        return self.out(h), (h, c)


def make(batch, bptt):
    model = RNNLM()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    words = _data.labels((bptt + 1, batch), VOCAB)
    carried = {'state': None}

    def step():
        state = carried['state']
        loss = 0
        for i in range(bptt):
            y, state = model(words[i], state)
            loss = loss + F.cross_entropy(y, words[i + 1])
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        carried['state'] = tuple(s.detach() for s in state)
        optimizer.step()
        return loss

    return step
