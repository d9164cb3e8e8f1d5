"""F.linear's large float32 host products on oneDNN's matmul (chainer-links[onednn])
against numpy's, and which products stay with numpy."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import thread_policy
from chainer.functions.connection import _onednn_library
from chainer.functions.connection import _onednn_matmul

needs_onednn = pytest.mark.skipif(
    _onednn_library.library() is None,
    reason='oneDNN not available: {}'.format(_onednn_library.unavailable_reason()))


@pytest.fixture
def products(monkeypatch):
    """The shapes of the products oneDNN computes."""
    calls = []
    original = _onednn_matmul.product

    def counting(a, b, transpose_a=False, transpose_b=False, bias=None):
        calls.append((a.shape, b.shape, transpose_a, transpose_b, bias is not None))
        return original(a, b, transpose_a, transpose_b, bias)

    monkeypatch.setattr(_onednn_matmul, 'product', counting)
    return calls


def _linear(monkeypatch, use, x, W, b):
    monkeypatch.setenv(_onednn_library.ENV_USE, use)
    xv, Wv = chainer.Variable(x.copy()), chainer.Variable(W.copy())
    bv = None if b is None else chainer.Variable(b.copy())
    y = F.linear(xv, Wv, bv)
    y.grad = numpy.random.RandomState(1).randn(*y.shape).astype(y.dtype)
    y.backward()
    return [y.data, xv.grad, Wv.grad] + ([] if b is None else [bv.grad])


def _inputs(x_shape, w_shape, bias, dtype=numpy.float32, b_dtype=None):
    rng = numpy.random.RandomState(0)
    b = rng.randn(w_shape[0]).astype(b_dtype or dtype) if bias else None
    return rng.randn(*x_shape).astype(dtype), rng.randn(*w_shape).astype(dtype), b


@needs_onednn
@pytest.mark.parametrize('x_shape,w_shape,bias', [
    ((100, 784), (1000, 784), True),
    ((64, 4, 16, 16), (256, 1024), False),  # x flattened to (64, 1024)
    ((128, 512), (300, 512), True),
])
def test_large_products_on_onednn_agree_with_numpy(monkeypatch, products, one_thread,
                                                    x_shape, w_shape, bias):
    x, W, b = _inputs(x_shape, w_shape, bias)
    expected = _linear(monkeypatch, 'never', x, W, b)
    assert products == []
    got = _linear(monkeypatch, 'auto', x, W, b)
    rows = x_shape[0]
    # on one thread the weight gradient gy^T x stays with numpy
    assert products == [((rows, w_shape[1]), w_shape, False, True, bias),  # x W^T + b
                        ((rows, w_shape[0]), w_shape, False, False, False)]  # gy W
    _assert_all_agree(expected, got)


def _assert_all_agree(expected, got):
    for e, g in zip(expected, got):
        assert g.shape == e.shape and g.dtype == numpy.float32
        numpy.testing.assert_allclose(g, e, rtol=1e-4, atol=1e-3)


@pytest.fixture
def one_thread():
    previous = chainer.get_blas_threads()
    chainer.set_blas_threads(1)
    yield
    chainer.set_blas_threads(previous)


@needs_onednn
def test_the_weight_gradient_joins_oneDNN_where_it_runs_in_parallel(monkeypatch,
                                                                    products):
    policy = thread_policy._state
    previous, cap = chainer.get_blas_threads(), policy.blas_cap
    x, W, b = _inputs((100, 784), (1000, 784), True)
    expected = _linear(monkeypatch, 'never', x, W, b)
    try:
        chainer.set_blas_threads(2)
        got = _linear(monkeypatch, 'auto', x, W, b)
    finally:
        policy.blas_cap, policy.applied = cap, None
        chainer.set_blas_threads(previous)
    assert ((100, 1000), (100, 784), True, False, False) in products  # gy^T x
    assert len(products) == 3
    _assert_all_agree(expected, got)


@needs_onednn
def test_a_bias_of_another_dtype_is_added_after_the_product(monkeypatch, products):
    x, W, b = _inputs((100, 784), (1000, 784), True, b_dtype=numpy.float64)
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    with chainer.using_config('type_check', False):  # (the type check refuses it)
        y = F.linear(x, W, b)
    assert products[0][4] is False
    numpy.testing.assert_allclose(y.data, x.dot(W.T) + b, rtol=1e-4, atol=1e-3)


@needs_onednn
@pytest.mark.parametrize('x_shape,w_shape,dtype', [
    ((20, 200), (800, 200), numpy.float32),    # too little work
    ((1, 4096), (4096, 4096), numpy.float32),  # a matrix-vector product
    ((100, 784), (10, 784), numpy.float32),    # too few columns
    ((100, 784), (1000, 784), numpy.float64),  # not float32
])
def test_other_products_stay_with_numpy(monkeypatch, products, one_thread, x_shape,
                                        w_shape, dtype):
    x, W, b = _inputs(x_shape, w_shape, True, dtype)
    _linear(monkeypatch, 'auto', x, W, b)
    assert products == []


@needs_onednn
def test_matmul_plans_are_cached_and_freed(monkeypatch):
    monkeypatch.setattr(_onednn_matmul, 'MAX_PLANS', 1)
    monkeypatch.setattr(_onednn_matmul, '_plans', type(_onednn_matmul._plans)())
    a = numpy.ones((8, 64), numpy.float32)
    b = numpy.ones((64, 32), numpy.float32)
    numpy.testing.assert_array_equal(_onednn_matmul.product(a, b), numpy.full((8, 32), 64))
    first = next(iter(_onednn_matmul._plans.values()))
    _onednn_matmul.product(a, b)
    assert next(iter(_onednn_matmul._plans.values())) is first
    numpy.testing.assert_array_equal(_onednn_matmul.product(b, a, True, True),
                                     numpy.full((32, 8), 64))
    assert len(_onednn_matmul._plans) == 1 and first.mds == []  # dropped and freed


def test_nothing_runs_on_onednn_when_switched_off(monkeypatch, products):
    x, W, b = _inputs((100, 784), (1000, 784), True)
    _linear(monkeypatch, 'never', x, W, b)
    assert products == []
