"""L.ChildSumTreeLSTM and L.NaryTreeLSTM (v3+) against a numpy reference."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import gradient_check
from chainer import testing

from links_tests import link_checks


def _sig(x):
    return 1 / (1 + numpy.exp(-x))


def _cell(blocks, cs):
    a, i, o = numpy.tanh(blocks[0]), _sig(blocks[1]), _sig(blocks[2])
    c = a * i + sum(_sig(f) * ck for f, ck in zip(blocks[3:], cs))
    return c, o * numpy.tanh(c)


def _child_sum_ref(link, cs, hs, x):
    n = link.state_size
    Wx, b = link.W_x.W.data, link.W_x.b.data
    zx = x.dot(Wx.T) + b
    blocks = [zx[:, k * n:(k + 1) * n] for k in range(4)]
    if hs:
        zh = sum(hs).dot(link.W_h_aio.W.data.T)
        blocks[:3] = [blocks[k] + zh[:, k * n:(k + 1) * n] for k in range(3)]
        fs = [blocks[3] + h.dot(link.W_h_f.W.data.T) for h in hs]
    else:
        fs = []
    return _cell(blocks[:3] + fs, cs)


def _nary_ref(link, cs, hs, x):
    n = link.state_size
    z = x.dot(link.W_x.W.data.T) + link.W_x.b.data
    for k, h in enumerate(hs, 1):
        z = z + h.dot(getattr(link, 'W_h{}'.format(k)).W.data.T)
    return _cell([z[:, k * n:(k + 1) * n] for k in range(3 + len(cs))], cs)


def _inputs(n, batch=3, in_size=4, out_size=2, seed=0):
    rs = numpy.random.RandomState(seed)
    cs = [rs.uniform(-1, 1, (batch, out_size)).astype(numpy.float32) for _ in range(n)]
    hs = [rs.uniform(-1, 1, (batch, out_size)).astype(numpy.float32) for _ in range(n)]
    return cs, hs, rs.uniform(-1, 1, (batch, in_size)).astype(numpy.float32)


def _make(kind, n, in_size=4):
    if kind == 'childsum':
        return L.ChildSumTreeLSTM(in_size, 2), _child_sum_ref
    return L.NaryTreeLSTM(in_size, 2, n_ary=n), _nary_ref


@pytest.mark.parametrize('kind,n', [('childsum', 0), ('childsum', 1), ('childsum', 3),
                                    ('nary', 1), ('nary', 2)])
def test_forward_matches_reference(kind, n):
    link, ref = _make(kind, n)
    cs, hs, x = _inputs(n)
    c, h = link(*(cs + hs + [x]))
    c_ref, h_ref = ref(link, cs, hs, x)
    testing.assert_allclose(c.array, c_ref, atol=1e-5, rtol=1e-5)
    testing.assert_allclose(h.array, h_ref, atol=1e-5, rtol=1e-5)


def test_child_sum_ignores_the_order_of_children():
    link = L.ChildSumTreeLSTM(4, 2)
    cs, hs, x = _inputs(2)
    c1, h1 = link(cs[0], cs[1], hs[0], hs[1], x)
    c2, h2 = link(cs[1], cs[0], hs[1], hs[0], x)
    testing.assert_allclose(c1.array, c2.array, atol=1e-6)
    testing.assert_allclose(h1.array, h2.array, atol=1e-6)


@pytest.mark.parametrize('kind', ['childsum', 'nary'])
def test_none_stands_for_zeros(kind):
    link, ref = _make(kind, 2)
    cs, hs, x = _inputs(2)
    zeros = numpy.zeros_like(hs[0])
    c, h = link(None, cs[1], hs[0], None, x)
    c_ref, h_ref = ref(link, [zeros, cs[1]], [hs[0], zeros], x)
    testing.assert_allclose(h.array, h_ref, atol=1e-5, rtol=1e-5)
    c, h = link(cs[0], cs[1], hs[0], hs[1], None)
    c_ref, h_ref = ref(link, cs, hs, numpy.zeros_like(x))
    testing.assert_allclose(c.array, c_ref, atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError):
        link(None, None, None, None, None)


def test_wrong_argument_counts_raise():
    with pytest.raises(ValueError):
        L.NaryTreeLSTM(4, 2, n_ary=2)(*_inputs(1)[0], numpy.zeros((3, 4), numpy.float32))
    with pytest.raises(ValueError):
        L.ChildSumTreeLSTM(4, 2)(numpy.zeros((3, 2), numpy.float32),
                                 numpy.zeros((3, 4), numpy.float32))
    with pytest.raises(ValueError):
        L.NaryTreeLSTM(4, 2, n_ary=0)


@pytest.mark.parametrize('kind,n', [('childsum', 2), ('nary', 2)])
def test_lazy_input_size(kind, n):
    link, ref = _make(kind, n, in_size=None)
    cs, hs, x = _inputs(n)
    c, h = link(*(cs + hs + [x]))
    assert link.in_size == 4 and link.W_x.W.shape[1] == 4
    testing.assert_allclose(h.array, ref(link, cs, hs, x)[1], atol=1e-5, rtol=1e-5)


def test_backward_without_children_reaches_the_input_weights():
    link = link_checks.to_float64(L.ChildSumTreeLSTM(4, 2))
    x = _inputs(0, batch=2)[2].astype(numpy.float64)
    gy = tuple(numpy.random.RandomState(5).uniform(-1, 1, (2, 2)) for _ in range(2))
    gradient_check.check_backward(link, (x,), gy, params=(link.W_x.W, link.W_x.b),
                                  eps=1e-3, atol=1e-4, rtol=1e-3)


@pytest.mark.parametrize('kind,n', [('childsum', 1), ('childsum', 2), ('nary', 2)])
def test_backward(kind, n):
    link, _ = _make(kind, n)
    cs, hs, x = _inputs(n, batch=2)
    inputs = [a.astype(numpy.float64) for a in cs + hs + [x]]
    gy = tuple(numpy.random.RandomState(5).uniform(-1, 1, (2, 2)) for _ in range(2))
    link_checks.check_backward(link, tuple(inputs), gy, atol=1e-4, rtol=1e-3)


def test_serialization(tmp_path):
    cs, hs, x = _inputs(2)
    link_checks.check_serialization(lambda: L.NaryTreeLSTM(4, 2, n_ary=2),
                                    lambda link: link(*(cs + hs + [x])), tmp_path)


def test_outputs_are_variables_of_the_input_dtype():
    link = L.ChildSumTreeLSTM(4, 2)
    c, h = link(*_inputs(1)[0], *_inputs(1)[1], _inputs(1)[2])
    assert isinstance(c, chainer.Variable) and h.dtype == numpy.float32
