"""Host float32 convolutions on oneDNN (chainer-links[onednn]) against the numpy
im2col/GEMM path, the switch that turns oneDNN off, and its reasons."""
import threading

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import thread_policy
from chainer.functions.connection import _onednn_conv
from chainer.functions.connection import _onednn_library

needs_onednn = pytest.mark.skipif(
    _onednn_library.library() is None,
    reason='oneDNN not available: {}'.format(_onednn_library.unavailable_reason()))

@pytest.fixture(autouse=True)
def every_geometry(monkeypatch):
    """oneDNN for every convolution here, small ones included (the choice by size is
    tested on its own below)."""
    monkeypatch.setattr(_onednn_conv, 'MAX_TINY_MAP', 0)
    monkeypatch.setattr(_onednn_conv, 'MIN_INPUT_GRAD_CHANNELS', 1)


GEOMETRIES = [
    # x shape, W shape, keyword arguments, bias
    ((4, 3, 9, 9), (5, 3, 3, 3), dict(stride=2, pad=1), True),
    ((2, 3, 7, 8), (4, 3, 3, 2), dict(stride=(2, 1), pad=(0, 1), cover_all=True), False),
    ((2, 2, 10), (3, 2, 3), dict(stride=3, dilate=2), True),
    ((2, 2, 5, 6, 7), (3, 2, 2, 3, 2), dict(pad=1), True),
    ((6, 3, 6, 6), (4, 3, 3, 3), dict(stride=2), True),  # right padding of -1
    ((1, 1, 28, 28), (8, 1, 5, 5), {}, True),
]


def _conv_and_grads(monkeypatch, use, x, W, b, kwargs, function=F.convolution_nd):
    """``function(x, W, b, **kwargs)`` and its gradients with oneDNN ``use``d or not:
    ``[y, gx, gW(, gb)]`` and the function node."""
    monkeypatch.setenv(_onednn_library.ENV_USE, use)
    xv, Wv = chainer.Variable(x.copy()), chainer.Variable(W.copy())
    bv = None if b is None else chainer.Variable(b.copy())
    y = function(xv, Wv, bv, **kwargs)
    y.grad = numpy.random.RandomState(1).randn(*y.shape).astype(x.dtype)
    y.backward()
    return [y.data, xv.grad, Wv.grad] + ([] if b is None else [bv.grad]), y.creator


def _assert_agree(expected, got):
    for e, g in zip(expected, got):
        assert g.shape == e.shape and g.dtype == numpy.float32
        numpy.testing.assert_allclose(g, e, rtol=1e-4, atol=1e-4)


def _inputs(x_shape, w_shape, bias, dtype=numpy.float32):
    rng = numpy.random.RandomState(0)
    x = rng.randn(*x_shape).astype(dtype)
    W = rng.randn(*w_shape).astype(dtype)
    b = rng.randn(w_shape[0]).astype(dtype) if bias else None
    return x, W, b


@needs_onednn
@pytest.mark.parametrize('x_shape,w_shape,kwargs,bias', GEOMETRIES)
def test_same_results_as_the_numpy_path(monkeypatch, x_shape, w_shape, kwargs, bias):
    x, W, b = _inputs(x_shape, w_shape, bias)
    numpy_path, node = _conv_and_grads(monkeypatch, 'never', x, W, b, kwargs)
    assert node._onednn is None
    onednn_path, node = _conv_and_grads(monkeypatch, 'auto', x, W, b, kwargs)
    assert isinstance(node._onednn, _onednn_conv.ConvolutionPlan)
    _assert_agree(numpy_path, onednn_path)


@needs_onednn
def test_deferred_input_gradient_is_computed_when_read(monkeypatch):
    x, W, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3), True)
    expected, _ = _conv_and_grads(monkeypatch, 'never', x, W, b, {})
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    xv = chainer.Variable(x)
    y = F.convolution_2d(xv, chainer.Variable(W), chainer.Variable(b))
    y.grad = numpy.random.RandomState(1).randn(*y.shape).astype(numpy.float32)
    y.backward()
    numpy.testing.assert_allclose(xv.grad, expected[1], rtol=1e-4, atol=1e-4)


@needs_onednn
def test_gradients_of_arrays_are_not_computed(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    calls = []
    for name in ('backward_data', 'backward_weights'):
        original = getattr(_onednn_conv.ConvolutionPlan, name)

        def counting(self, *args, _original=original, _name=name):
            calls.append(_name)
            return _original(self, *args)

        monkeypatch.setattr(_onednn_conv.ConvolutionPlan, name, counting)
    x, W, b = _inputs((2, 3, 6, 6), (4, 3, 3, 3), True)
    for as_variable, expected in (((1, 2), ['backward_weights']),
                                  ((0,), ['backward_data'])):
        del calls[:]
        inputs = [chainer.Variable(a) if i in as_variable else a
                  for i, a in enumerate((x, W, b))]
        y = F.convolution_2d(*inputs)
        y.grad = numpy.ones(y.shape, numpy.float32)
        y.backward()
        inputs[as_variable[0]].grad  # a deferred image gradient is computed here
        assert calls == expected


@needs_onednn
def test_other_dtypes_take_the_numpy_path(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    for dtype in (numpy.float64, numpy.float16):
        x, W, b = _inputs((2, 3, 6, 6), (4, 3, 3, 3), True, dtype)
        y = F.convolution_2d(x, W, b)
        assert y.creator._onednn is None and y.dtype == dtype


@needs_onednn
def test_plans_are_cached_per_geometry_and_bounded(monkeypatch):
    monkeypatch.setattr(_onednn_conv, 'MAX_PLANS', 2)
    monkeypatch.setattr(_onednn_conv, '_plans', type(_onednn_conv._plans)())
    monkeypatch.setattr(_onednn_conv, '_recent', {})
    x, W, _ = _inputs((2, 3, 6, 6), (4, 3, 3, 3), False)
    first = _onednn_conv.plan_for(x, W, False, (1, 1), (0, 0), (1, 1), False)
    assert _onednn_conv.plan_for(x, W, False, (1, 1), (0, 0), (1, 1), False) is first
    assert _onednn_conv.plan_for(x, W, False, (1, 1), (1, 1), (1, 1), False) is not first
    _onednn_conv.plan_for(x, W, True, (1, 1), (0, 0), (1, 1), False)
    assert len(_onednn_conv._plans) == 2 and first._prims == []  # dropped and freed


@needs_onednn
def test_a_plan_serves_several_threads(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    x, W, b = _inputs((3, 2, 7, 7), (4, 2, 3, 3), True)
    expected = F.convolution_2d(x, W, b).data
    results = [None] * 4

    def run(i):
        results[i] = [F.convolution_2d(x, W, b).data for _ in range(20)]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for per_thread in results:
        for y in per_thread:
            numpy.testing.assert_array_equal(y, expected)


@needs_onednn
def test_a_threads_stream_is_destroyed_when_the_thread_ends(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    x, W, b = _inputs((1, 2, 6, 6), (3, 2, 3, 3), True)
    lib = _onednn_library.library()
    destroyed = []
    real_destroy = lib.dll.dnnl_stream_destroy

    def recording_destroy(handle):
        destroyed.append(handle.value)
        return real_destroy(handle)

    monkeypatch.setattr(lib.dll, 'dnnl_stream_destroy', recording_destroy)
    main_stream = lib.stream.value  # made before the threads: its address is not reused
    made = []

    def run():
        F.convolution_2d(x, W, b)
        made.append(lib.stream.value)  # this thread's stream, the one just used

    for _ in range(3):
        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
    assert len(made) == 3 and destroyed == made  # each one as its thread ended
    assert lib.stream.value == main_stream and main_stream not in destroyed


def test_switched_off_by_the_environment(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'never')
    assert not _onednn_library.enabled()
    assert _onednn_library.library() is None
    assert 'CHAINER_USE_ONEDNN' in _onednn_library.unavailable_reason()
    x, W, b = _inputs((2, 3, 6, 6), (4, 3, 3, 3), True)
    assert F.convolution_2d(x, W, b).creator._onednn is None


def test_a_missing_library_is_reported(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    monkeypatch.setenv(_onednn_library.ENV_LIBRARY, '/nonexistent/libdnnl.so.3')
    monkeypatch.setattr(_onednn_library, '_state', {'library': None, 'reason': None})
    assert _onednn_library.library() is None
    assert 'libdnnl.so.3' in _onednn_library.unavailable_reason()
    x, W, b = _inputs((2, 3, 6, 6), (4, 3, 3, 3), True)
    y = F.convolution_2d(x, W, b)  # the numpy path
    assert y.creator._onednn is None and y.shape == (2, 4, 4, 4)


def test_a_failed_call_names_it():
    with pytest.raises(_onednn_library.OneDNNError, match='dnnl_stream_wait.*status 2'):
        _onednn_library.check(2, 'dnnl_stream_wait')


@needs_onednn
def test_openmp_threads_follow_the_thread_policy(monkeypatch):
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    previous = chainer.get_blas_threads()
    policy = thread_policy._state
    cap = policy.blas_cap
    x, W, b = _inputs((2, 3, 6, 6), (4, 3, 3, 3), True)
    try:
        policy.blas_cap = None
        chainer.set_blas_threads(2)
        F.convolution_2d(x, W, b)
        assert _onednn_library._local.threads == 1  # too little work for two
        assert thread_policy.blas_cap() is None  # numpy's BLAS keeps its threads
        monkeypatch.setattr(_onednn_library, 'PARALLEL_WORK', 0)
        monkeypatch.setattr(_onednn_conv, '_recent', {})  # plans for the new limit
        for count in (2, 1):
            chainer.set_blas_threads(count)
            y = F.convolution_2d(x, W, b)
            assert _onednn_library._local.threads == count
            assert y.creator._onednn.threads == count  # made for the count it runs on
            # from the first parallel primitive on, the BLAS stays on one thread
            assert thread_policy.blas_cap() == 1
            assert thread_policy.threads_in_force() == count
    finally:
        policy.blas_cap, policy.applied = cap, None
        chainer.set_blas_threads(previous)


@needs_onednn
@pytest.mark.parametrize('x_shape,w_shape,kwargs,bias', [
    ((2, 4, 5, 5), (4, 3, 4, 4), dict(stride=2, pad=1), True),
    ((2, 3, 6), (3, 2, 3), dict(stride=3, outsize=(18,)), False),
    ((1, 2, 3, 4, 3), (2, 3, 2, 2, 3), dict(stride=2, dilate=(1, 2, 1)), True),
    ((2, 4, 5, 5), (4, 3, 3, 3), dict(stride=2, groups=2), True),
])
def test_deconvolutions_agree_with_the_numpy_path(monkeypatch, x_shape, w_shape, kwargs,
                                                 bias):
    x, W, _ = _inputs(x_shape, w_shape, False)
    out_channels = w_shape[1] * kwargs.get('groups', 1)
    b = numpy.random.RandomState(2).randn(out_channels).astype(numpy.float32) \
        if bias else None
    expected, node = _conv_and_grads(monkeypatch, 'never', x, W, b, kwargs,
                                     F.deconvolution_nd)
    got, node = _conv_and_grads(monkeypatch, 'auto', x, W, b, kwargs, F.deconvolution_nd)
    if 'groups' not in kwargs:
        assert isinstance(node._onednn, _onednn_conv.ConvolutionPlan)
    _assert_agree(expected, got)


@needs_onednn
def test_tiny_maps_and_few_channels_keep_numpys_products(monkeypatch):
    monkeypatch.setattr(_onednn_conv, 'MAX_TINY_MAP', 16)
    monkeypatch.setattr(_onednn_conv, 'MIN_INPUT_GRAD_CHANNELS', 16)
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    x, W, b = _inputs((2, 32, 6, 6), (8, 32, 3, 3), True)
    assert F.convolution_2d(x, W, b).creator._onednn is None  # a 4x4 output map
    x, W, b = _inputs((2, 3, 12, 12), (8, 3, 3, 3), True)
    y = F.convolution_2d(chainer.Variable(x), W, b)
    plan = y.creator._onednn
    assert isinstance(plan, _onednn_conv.ConvolutionPlan)
    assert not plan.input_grad_on_onednn  # 3 input channels: numpy's input gradient
    called = []
    monkeypatch.setattr(_onednn_conv.ConvolutionPlan, 'backward_data',
                        lambda *args: called.append(args))
    numpy_path, _ = _conv_and_grads(monkeypatch, 'never', x, W, b, {})
    onednn_path, _ = _conv_and_grads(monkeypatch, 'auto', x, W, b, {})
    assert called == []
    _assert_agree(numpy_path, onednn_path)


@needs_onednn
def test_a_node_with_a_plan_copies_and_pickles(monkeypatch):
    import copy
    import pickle
    monkeypatch.setenv(_onednn_library.ENV_USE, 'auto')
    x, W, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3), True)
    y = F.convolution_2d(x, W, b)
    plan = y.creator._onednn
    assert copy.copy(plan) is plan and copy.deepcopy(plan) is plan
    again = pickle.loads(pickle.dumps(plan))
    assert isinstance(again, _onednn_conv.ConvolutionPlan) and again is not plan
    numpy.testing.assert_allclose(again.forward(x, W, b), y.data, rtol=1e-6)


_FORK_SCRIPT = """
import multiprocessing, numpy, chainer, chainer.functions as F
from chainer.functions.connection import _onednn_conv
_onednn_conv.MAX_TINY_MAP = 0
chainer.set_blas_threads(2)
x = numpy.random.RandomState(0).randn(8, 16, 20, 20).astype(numpy.float32)
W = numpy.random.RandomState(1).randn(16, 16, 3, 3).astype(numpy.float32)
expected = F.convolution_2d(x, W).data  # OpenMP threads started in the parent

def child(queue):
    y = F.convolution_2d(x, W)  # on numpy's path (oneDNN would hang here)
    queue.put((y.creator._onednn is None, float(abs(y.data - expected).max())))

if __name__ == '__main__':
    ctx = multiprocessing.get_context('fork')
    queue = ctx.Queue()
    p = ctx.Process(target=child, args=(queue,))
    p.start()
    print('difference', queue.get(timeout=60))
    p.join(10)
"""


@needs_onednn
def test_a_forked_child_runs_convolutions_on_the_numpy_path(tmp_path):
    import subprocess
    import sys
    script = tmp_path / 'fork_child.py'
    script.write_text(_FORK_SCRIPT)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    numpy_path, difference = eval(done.stdout.split('difference', 1)[1])
    assert numpy_path and difference < 1e-4
