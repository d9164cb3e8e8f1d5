"""create_multi_node_n_step_rnn under ``mpiexec -n 2`` and ``-n 3`` (one launch of
mpi_scripts/n_step_rnn.py each), against the same stacked RNNs chained in one
process."""
import sys

import numpy
import pytest

import chainer
import chainer.functions as F
from conftest import SCRIPTS, launch_ok

sys.path.insert(0, str(SCRIPTS))
import n_step_rnn  # noqa: E402


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('rnn{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'n_step_rnn.py', out)


def _one_process(kind, n):
    """Each rank's outputs and gradients with the pieces chained in one process."""
    pieces = [n_step_rnn.piece(kind, r) for r in range(n)]
    states, loss, ys_of = None, 0, []
    for link, xs, weights in pieces:
        link.cleargrads()
        *states, ys = link(*((states or [None] * link.n_cells) +
                             [[chainer.Variable(x) for x in xs]]))
        loss = loss + n_step_rnn.local_loss(ys, weights)
        ys_of.append([y.data for y in ys])
    loss = loss + sum(F.sum(s) for s in states)
    loss.backward()
    return ys_of, [{k: p.grad for k, p in sorted(link.namedparams())}
                   for link, _, _ in pieces]


@pytest.mark.parametrize('kind', ['lstm', 'gru'])
def test_split_rnn_equals_the_chained_rnn_in_one_process(ranks, kind):
    n = len(ranks)
    ys_of, grads_of = _one_process(kind, n)
    for rank, found in enumerate(ranks):
        got = found[kind]
        n_cells = 2 if kind == 'lstm' else 1
        assert got['n_outputs'] == n_cells + 2  # states, ys, delegate
        assert got['delegate'] == (rank < n - 1)
        for y, expected in zip(got['ys'], ys_of[rank]):
            numpy.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-6)
        assert sorted(got['grads']) == sorted(grads_of[rank])
        for name, grad in got['grads'].items():
            numpy.testing.assert_allclose(grad, grads_of[rank][name], rtol=1e-4, atol=1e-5)


def test_a_link_that_is_no_stacked_rnn_is_refused(ranks):
    for found in ranks:
        assert 'must be a stacked RNN link' in found['refused']
        assert 'Linear' in found['refused']
