"""MultiNodeBatchNormalization and create_mnbn_model under ``mpiexec -n 2`` and
``-n 3`` (one launch of mpi_scripts/mnbn.py each), against one process's
BatchNormalization over the concatenated batch."""
import sys

import numpy
import pytest

import chainer
import chainer.links as L
from conftest import SCRIPTS, launch_ok

sys.path.insert(0, str(SCRIPTS))
import mnbn  # noqa: E402

TOL = {'float32': 1e-5, 'float64': 1e-12}


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('mnbn{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'mnbn.py', out)


def _one_process(n, dtype):
    """BatchNormalization on one process over the concatenated batch."""
    x_all, gy_all, gamma, beta = mnbn.batches(n)
    link = L.BatchNormalization(mnbn.C, dtype=dtype)
    link.gamma.data[...] = gamma
    link.beta.data[...] = beta
    x = chainer.Variable(x_all.astype(dtype))
    y = link(x)
    y.grad = gy_all.astype(dtype)
    y.backward()
    found = {'y': y.data, 'gx': x.grad, 'ggamma': link.gamma.grad,
             'gbeta': link.beta.grad, 'avg_mean': link.avg_mean.copy(),
             'avg_var': link.avg_var.copy()}
    link(x, finetune=True)
    link(x, finetune=True)
    found['finetune'] = (link.N, link.avg_mean.copy(), link.avg_var.copy())
    with chainer.using_config('train', False):
        found['test'] = link(x).data
    return found


def _close(a, b, tol):
    numpy.testing.assert_allclose(a, b, rtol=tol, atol=tol)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_output_and_input_gradient_equal_one_process_on_the_whole_batch(ranks, dtype):
    ref = _one_process(len(ranks), numpy.dtype(dtype))
    for rank, found in enumerate(ranks):
        got = found[dtype]
        assert got['y'].dtype == dtype and got['gx'].dtype == dtype
        for key in ('y', 'gx', 'test'):
            _close(got[key], mnbn.mine(ref[key], rank), TOL[dtype])


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_parameter_gradients_are_the_whole_batch_ones_over_the_processes(ranks, dtype):
    n = len(ranks)
    ref = _one_process(n, numpy.dtype(dtype))
    for found in ranks:
        _close(found[dtype]['ggamma'] * n, ref['ggamma'], TOL[dtype])
        _close(found[dtype]['gbeta'] * n, ref['gbeta'], TOL[dtype])


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_running_statistics_are_those_of_the_whole_batch(ranks, dtype):
    ref = _one_process(len(ranks), numpy.dtype(dtype))
    for found in ranks:
        _close(found[dtype]['avg_mean'], ref['avg_mean'], TOL[dtype])
        _close(found[dtype]['avg_var'], ref['avg_var'], TOL[dtype])
        n_finetune, mean, var = found[dtype]['finetune']
        assert n_finetune == ref['finetune'][0] == 2
        _close(mean, ref['finetune'][1], TOL[dtype])
        _close(var, ref['finetune'][2], TOL[dtype])


def _double_backprop_on_one_process(n, dtype):
    """What mnbn.double_backprop computes, by BatchNormalization on one process over the
    concatenated batch (the parameters' second gradients as the sum over the ranks)."""
    import chainer.functions as F
    x_all, w_all, gamma, beta = mnbn.batches(n)
    x = chainer.Variable(x_all.astype(dtype))
    g, b = chainer.Variable(gamma.astype(dtype)), chainer.Variable(beta.astype(dtype))
    y = F.batch_normalization(x, g, b)
    w, v = w_all.astype(dtype), numpy.cos(x_all * 3).astype(dtype)
    gx, gg, gb = chainer.grad([F.sum(w * y * y * y)], [x, g, b],
                              enable_double_backprop=True)
    # every rank holds gg / n and adds half its square
    loss = F.sum(v * gx * gx) + F.sum((gg / n) * (gg / n)) * (0.5 * n)
    ggx, ggg, ggb = chainer.grad([loss], [x, g, b])
    return gx.data, gg.data, ggx.data, ggg.data, ggb.data


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_double_backprop_equals_one_process_on_the_whole_batch(ranks, dtype):
    n = len(ranks)
    gx, gg, ggx, ggg, ggb = _double_backprop_on_one_process(n, dtype)
    tol = {'float32': 1e-4, 'float64': 1e-10}[dtype]
    found = [r['double_backprop', dtype] for r in ranks]
    for rank, f in enumerate(found):
        assert f['gx'].dtype == numpy.dtype(dtype) and f['ggx'].dtype == numpy.dtype(dtype)
        _close(f['gx'], mnbn.mine(gx, rank), tol)
        _close(f['gg'], gg / n, tol)
        _close(f['ggx'], mnbn.mine(ggx, rank), tol)
    # each rank's parameter gradient is its share: their sum is the whole batch's (their
    # mean, which the multi-node optimizer applies, is that / n, as in the first order)
    _close(sum(f['ggg'] for f in found), ggg, tol)
    _close(sum(f['ggb'] for f in found), ggb, tol)


def test_communication_backend_is_checked(ranks):
    for found in ranks:
        assert 'pure_nccl' in found['backend', 'nccl']
        assert "'bad'" in found['backend', 'bad']
        assert found['deepcopy_shares_comm']


def test_create_mnbn_model_replaces_every_batch_normalization(ranks):
    for found in ranks:
        model = found['model']
        types = dict(model['types'])
        assert [k for k, v in types.items() if v == 'MultiNodeBatchNormalization'] == [
            '/bn', '/rest/0', '/seq/1']
        assert types['/head'] == 'Linear' and types['/seq'] == 'Sequential'
        assert 'MultiNodeBatchNormalization' not in dict(model['original']).values()
        assert sorted(model['params']) == sorted(model['original_params'])
        for name, data in model['params'].items():
            numpy.testing.assert_array_equal(data, model['original_params'][name])
        decay, eps, avg_mean, shares_comm = model['bn']
        assert (decay, eps, shares_comm) == (0.5, 1e-3, True)
        numpy.testing.assert_array_equal(avg_mean, [7, 7, 7])
        assert model['no_beta'] and model['same_test_output']


def test_create_mnbn_model_converts_the_layers_a_sequential_calls(ranks):
    h = numpy.concatenate([found['sequential']['h'] for found in ranks])
    expected = (h - h.mean(axis=0)) / numpy.sqrt(h.var(axis=0) + 2e-5)
    begin = 0
    for found in ranks:
        seq = found['sequential']
        assert seq['layers'] == ['Linear', 'relu', 'MultiNodeBatchNormalization']
        assert seq['called_is_child']
        mine = expected[begin:begin + len(seq['h'])]
        begin += len(seq['h'])
        _close(seq['y'], mine, 1e-4)


def test_float16_data_is_normalized_in_float32(ranks):
    """Mixed16: float16 data, float32 parameters. The parameters' gradients keep float32
    precision (against float64 on the float16 data of the concatenated batch)."""
    import chainer.functions as F
    n = len(ranks)
    x_all, gy_all, gamma, beta = mnbn.batches(n)
    x = chainer.Variable(x_all.astype(numpy.float16).astype(numpy.float64))
    g, b = chainer.Variable(gamma.copy()), chainer.Variable(beta.copy())
    y = F.batch_normalization(x, g, b)
    y.grad = gy_all.astype(numpy.float16).astype(numpy.float64)
    y.backward()
    for rank, found in enumerate(ranks):
        half = found['half']
        assert half['y'].dtype == half['gx'].dtype == numpy.float16
        assert half['ggamma'].dtype == half['gbeta'].dtype == numpy.float32
        _close(half['y'], mnbn.mine(y.data, rank), 2e-3)
        _close(half['gx'], mnbn.mine(x.grad, rank), 2e-3)
        _close(half['ggamma'], g.grad / n, 1e-5)
        _close(half['gbeta'], b.grad / n, 1e-5)
