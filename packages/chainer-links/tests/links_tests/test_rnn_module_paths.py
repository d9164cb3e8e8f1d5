"""Chainer v3+'s module paths of the recurrent links (chainer.links.rnn.*) give the
classes of chainer.links."""
import importlib

import pytest

import chainer.links as L

PATHS = {
    'gru': ['GRU', 'StatefulGRU', 'StatelessGRU'],
    'lstm': ['LSTM', 'StatelessLSTM'],
    'mgu': ['StatefulMGU', 'StatelessMGU'],
    'n_step_gru': ['NStepGRU', 'NStepBiGRU'],
    'n_step_lstm': ['NStepLSTM', 'NStepBiLSTM'],
    'n_step_rnn': ['NStepRNNTanh', 'NStepRNNReLU', 'NStepBiRNNTanh', 'NStepBiRNNReLU'],
    'peephole': ['StatefulPeepholeLSTM'],
    'tree_lstm': ['ChildSumTreeLSTM', 'NaryTreeLSTM'],
    'zoneoutlstm': ['StatefulZoneoutLSTM'],
}


@pytest.mark.parametrize('module', sorted(PATHS))
def test_rnn_path_reexports_the_link(module):
    mod = importlib.import_module('chainer.links.rnn.' + module)
    for name in PATHS[module]:
        assert getattr(mod, name) is getattr(L, name)
