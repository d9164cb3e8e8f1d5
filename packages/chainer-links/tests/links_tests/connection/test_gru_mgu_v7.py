"""v2+ GRU forms (L.StatelessGRU, L.GRU as a stateful GRU) next to v1's stateless
L.GRU, and the minimal gated units L.StatelessMGU / L.StatefulMGU."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import serializers
from chainer import testing


def _sig(x):
    return 1 / (1 + numpy.exp(-x))


def _u(shape, seed, dtype='f'):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _lin(lin, x):
    return x.dot(lin.W.data.T) + lin.b.data


def _gru_ref(link, h, x):
    r = _sig(_lin(link.W_r, x) + _lin(link.U_r, h))
    z = _sig(_lin(link.W_z, x) + _lin(link.U_z, h))
    h_bar = numpy.tanh(_lin(link.W, x) + _lin(link.U, r * h))
    return (1 - z) * h + z * h_bar


def test_stateless_gru_lazy_input_size():
    link = L.StatelessGRU(None, 4)
    h, x = _u((2, 4), 0), _u((2, 3), 1)
    y = link(h, x)
    assert link.W_r.W.shape == (4, 3) and link.U.W.shape == (4, 4)
    testing.assert_allclose(y.array, _gru_ref(link, h, x), atol=1e-5, rtol=1e-5)


def test_gru_v1_call_is_stateless_with_v1_sizes():
    link = L.GRU(4, 3)  # v1: n_units=4, n_inputs=3
    h, x = _u((2, 4), 0), _u((2, 3), 1)
    y = link(h, x)
    testing.assert_allclose(y.array, _gru_ref(link, h, x), atol=1e-5, rtol=1e-5)
    assert link.h is y and link.W_r.W.shape == (4, 3)


def test_gru_v2_call_is_stateful_with_v2_sizes():
    link = L.GRU(3, 5)  # v2+: in_size=3, out_size=5
    assert isinstance(link, L.StatefulGRU) and not isinstance(link, L.StatelessGRU)
    h, x = _u((2, 5), 0), _u((2, 3), 1)
    link.set_state(chainer.Variable(h))
    y = link(x)
    assert link.W_r.W.shape == (5, 3) and link.U_r.W.shape == (5, 5)
    testing.assert_allclose(y.array, _gru_ref(link, h, x), atol=1e-5, rtol=1e-5)
    assert link.h is y
    y2 = link(x)
    testing.assert_allclose(y2.array, _gru_ref(link, y.array, x), atol=1e-5, rtol=1e-5)


def test_gru_v2_first_call_without_state_switches_layout():
    link = L.GRU(3, 5)
    y = link(_u((2, 3), 1))
    assert y.shape == (2, 5) and link.state_size == 5
    assert len(list(link.params())) == 12


def test_gru_changed_v1_weights_are_never_replaced():
    link = L.GRU(3, 5)  # v1 layout: W_r (3, 5)
    link.W_r.W.data[...] = 0.5
    with pytest.raises(ValueError, match='StatefulGRU'):
        link(_u((2, 3), 1))


def test_gru_loaded_v1_weights_keep_v1_meaning(tmp_path):
    src = L.GRU(3, 5)
    serializers.save_npz(str(tmp_path / 'gru.npz'), src)
    dst = L.GRU(3, 5)
    serializers.load_npz(str(tmp_path / 'gru.npz'), dst)
    h, x = _u((2, 3), 0), _u((2, 5), 1)
    testing.assert_allclose(dst(h, x).array, src(h, x).array)


@pytest.mark.parametrize('args', [(), (1, 2, 3)])
def test_gru_argument_count(args):
    link = L.GRU(2, 2)
    with pytest.raises(ValueError):
        link(*[_u((1, 2), k) for k in range(len(args))])


def _mgu_ref(link, h, x):
    f = _sig(_lin(link.W_f, numpy.concatenate([h, x], axis=1)))
    h_bar = numpy.tanh(_lin(link.W_h, numpy.concatenate([f * h, x], axis=1)))
    return f * h_bar + (1 - f) * h


def test_stateless_mgu():
    link = L.StatelessMGU(3, 4)
    h, x = _u((2, 4), 0), _u((2, 3), 1)
    testing.assert_allclose(link(h, x).array, _mgu_ref(link, h, x), atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_stateful_mgu_starts_from_zeros_and_keeps_its_state(dtype):
    with chainer.using_config('dtype', dtype):
        link = L.StatefulMGU(3, 4)
    assert link.W_f.W.dtype == dtype
    x = _u((2, 3), 1, dtype)
    y1 = link(x)
    y2 = link(x)
    tol = dict(atol=5e-3, rtol=5e-3) if dtype == numpy.float16 else {}
    ref1 = _mgu_ref(link, numpy.zeros((2, 4), dtype), x)
    testing.assert_allclose(y1.array, ref1, **tol)
    testing.assert_allclose(y2.array, _mgu_ref(link, ref1, x), **tol)
    link.reset_state()
    assert link.h is None
    link.set_state(chainer.Variable(numpy.ones((2, 4), dtype)))
    testing.assert_allclose(link(x).array, _mgu_ref(link, numpy.ones((2, 4), dtype), x),
                            **tol)


def test_mgu_backward_reaches_every_parameter():
    from links_tests import link_checks
    link = L.StatelessMGU(2, 3)
    link_checks.check_backward(link, (_u((2, 3), 0, 'd'), _u((2, 2), 1, 'd')),
                               _u((2, 3), 2, 'd'), atol=1e-4, rtol=1e-3)


@pytest.mark.parametrize('save,load', [(serializers.save_npz, serializers.load_npz),
                                       (serializers.save_hdf5, serializers.load_hdf5)])
def test_gru_loads_weights_saved_in_v2_layout(tmp_path, save, load):
    src = L.GRU(3, 5)
    x = _u((2, 3), 1)
    src(x)  # v2+ use: the parameters are now (in_size=3, out_size=5)
    save(str(tmp_path / 'gru'), src)
    dst = L.GRU(3, 5)
    load(str(tmp_path / 'gru'), dst)
    assert dst.W_r.W.shape == (5, 3)
    src.reset_state()
    testing.assert_allclose(dst(x).array, src(x).array)
    stateful = L.StatefulGRU(3, 5)
    load(str(tmp_path / 'gru'), stateful)
    testing.assert_allclose(stateful.W.W.array, src.W.W.array)


def test_gru_failed_load_changes_nothing(tmp_path):
    src = L.GRU(3, 5)
    src(_u((2, 3), 1))
    serializers.save_npz(str(tmp_path / 'full.npz'), src)
    with numpy.load(str(tmp_path / 'full.npz')) as f:
        entries = {k: f[k] for k in f.files if k != 'U/b'}
    numpy.savez(str(tmp_path / 'broken.npz'), **entries)
    dst = L.GRU(3, 5)
    with pytest.raises(KeyError):
        serializers.load_npz(str(tmp_path / 'broken.npz'), dst)
    assert dst.W_r.W.shape == (3, 5)  # still v1's layout, usable as v1's GRU
    dst(_u((2, 3), 0), _u((2, 5), 1))


def test_gru_copy_switches_layout_too():
    link = L.GRU(3, 5).copy(mode='copy')
    assert link(_u((2, 3), 1)).shape == (2, 5)


def test_gru_takes_v2s_size_keywords_and_is_stateful():
    gru = L.GRU(in_size=3, out_size=4)
    assert gru.W.W.shape == (4, 3) and gru.U.W.shape == (4, 4)
    x = numpy.ones((2, 3), numpy.float32)
    h1 = gru(x)
    assert h1.shape == (2, 4) and gru.h is h1
    h2 = gru(x)  # from the stored state
    assert not numpy.allclose(h1.array, h2.array)
    mixed = L.GRU(3, out_size=4)  # the first argument is then in_size, as in v7
    assert mixed.W.W.shape == (4, 3)
    lazy = L.GRU(out_size=4)  # the input size comes with the first call
    assert lazy(numpy.ones((2, 5), numpy.float32)).shape == (2, 4)
    assert lazy.W.W.shape == (4, 5)
    only_in = L.GRU(in_size=4)  # v7's single size is the output size
    assert only_in(numpy.ones((1, 2), numpy.float32)).shape == (1, 4)
    with pytest.raises((TypeError, ValueError)):
        L.GRU()
