"""Replay forms of linear, the unary elementwise functions and softmax cross-entropy:
a static replay through them gives the bits of define-by-run, and they are offered
only for the calls they reproduce."""
import copy

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer.functions.connection import linear as linear_module
from chainer.functions.connection import _onednn_matmul
from chainer.functions.loss import softmax_cross_entropy as sce_module


@pytest.fixture(autouse=True)
def one_blas_thread():
    previous = chainer.set_blas_threads(1)
    yield
    chainer.set_blas_threads(previous)


class _MLP(chainer.Chain):

    def __init__(self, n_in, dtype, activation, nobias, loss_options):
        super(_MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(n_in, 7, initialW=chainer.initializers.Normal(
                0.5, dtype=dtype), initial_bias=0.1, nobias=nobias)
            self.l2 = L.Linear(7, 5, initialW=chainer.initializers.Normal(
                0.5, dtype=dtype))
        if dtype == numpy.float64:
            for p in self.params():
                p.data = p.data.astype(numpy.float64)
        self.activation = activation
        self.loss_options = loss_options

    def loss(self, x, t):
        h = self.activation(self.l1(x))
        return F.softmax_cross_entropy(self.l2(h), t, **self.loss_options)


class _Dynamic(_MLP):
    def __call__(self, x, t):
        return self.loss(x, t)


class _Static(_MLP):
    @chainer.static_graph
    def __call__(self, x, t):
        return self.loss(x, t)


def _train_both(shape, dtype=numpy.float32, activation=F.relu, nobias=False,
                loss_options=None, labels=None, steps=6, x_as_array=False):
    loss_options = loss_options or {}
    n_in = int(numpy.prod(shape[1:]))
    models = [cls(n_in, dtype, activation, nobias, loss_options)
              for cls in (_Dynamic, _Static)]
    models[1].copyparams(models[0])
    rng = numpy.random.RandomState(3)
    results = []
    xs = [rng.standard_normal(shape).astype(dtype) for _ in range(steps)]
    ts = [labels(rng, shape[0]) if labels else
          rng.randint(0, 5, shape[0]).astype(numpy.int32) for _ in range(steps)]
    for model in models:
        losses, x_grads = [], []
        for x, t in zip(xs, ts):
            model.cleargrads()
            xv = chainer.Variable(x)
            loss = model(x if x_as_array else xv, t)
            loss.backward()
            for p in model.params():  # SGD in place (the optimizers are chainer-training's)
                p.data -= p.data.dtype.type(0.1) * p.grad
            losses.append(loss.data.copy())
            x_grads.append(None if xv.grad is None else xv.grad.copy())
        results.append((losses, x_grads, {n: p.data.copy()
                                          for n, p in model.namedparams()}))
    (l0, g0, p0), (l1, g1, p1) = results
    for a, b in zip(l0, l1):
        assert a.dtype == b.dtype and numpy.array_equal(a, b)
    for a, b in zip(g0, g1):
        assert (a is None) == (b is None)
        if a is not None:
            assert numpy.array_equal(a, b)
    for name in p0:
        assert numpy.array_equal(p0[name], p1[name]), name
    return models[1].static_schedule


def _form_names(schedule):
    return [type(st.form).__name__ if st.form is not None else None
            for st in schedule.steps]


@pytest.mark.parametrize('batch', [1, 3, 16])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_an_mlp_replays_through_the_forms_bit_identically(batch, dtype):
    sched = _train_both((batch, 6), dtype)
    assert _form_names(sched) == ['_HostLinearReplay', '_HostUnaryReplay',
                                  '_HostLinearReplay', 'HostSoftmaxCrossEntropyReplay']


def test_inputs_of_more_axes_no_bias_and_no_input_gradient():
    # the data passed as an array: no gradient of it is computed
    sched = _train_both((4, 2, 3), nobias=True, x_as_array=True)
    assert _form_names(sched)[0] == '_HostLinearReplay'
    assert sched.steps[0].form.needed[0] is False


@pytest.mark.parametrize('activation', [F.sigmoid, F.tanh, F.exp, F.leaky_relu,
                                        F.elu, F.softplus, F.floor])
def test_unary_elementwise_functions_replay_through_their_form(activation):
    sched = _train_both((3, 6), activation=activation)
    assert _form_names(sched)[1] == '_HostUnaryReplay'


@pytest.mark.parametrize('options', [{'normalize': False}, {'cache_score': False}])
def test_softmax_cross_entropy_options_the_form_keeps(options):
    sched = _train_both((5, 6), loss_options=options)
    assert _form_names(sched)[3] == 'HostSoftmaxCrossEntropyReplay'


def test_labels_out_of_range_run_the_node_inside_the_form():
    # -1 is the ignore label: those calls take the node's own code (ignored rows)
    def labels(rng, n):
        t = rng.randint(0, 5, n).astype(numpy.int32)
        if rng.rand() < 0.5:
            t[0] = -1
        return t
    sched = _train_both((4, 6), labels=labels, steps=10)
    assert _form_names(sched)[3] == 'HostSoftmaxCrossEntropyReplay'


@pytest.mark.parametrize('options', [{'reduce': 'no'}, {'ignore_label': 2},
                                     {'class_weight': numpy.arange(
                                         1, 6).astype(numpy.float32)}])
def test_softmax_cross_entropy_calls_without_a_form_still_replay(options):
    if options.get('reduce') == 'no':
        class Summed(_Static):
            @chainer.static_graph
            def __call__(self, x, t):
                return F.sum(self.loss(x, t))
        model = Summed(6, numpy.float32, F.relu, False, options)
        dynamic = _Dynamic(6, numpy.float32, F.relu, False, options)
        dynamic.copyparams(model)
        x = numpy.linspace(-1, 1, 18, dtype=numpy.float32).reshape(3, 6)
        t = numpy.array([0, 3, 1], numpy.int32)
        for _ in range(3):
            loss = model(x, t)
        assert _form_names(model.static_schedule)[3] is None
        assert numpy.array_equal(loss.data, F.sum(dynamic(x, t)).data)
        return
    sched = _train_both((4, 6), loss_options=options)
    assert _form_names(sched)[3] is None


def test_no_linear_form_where_the_call_is_not_plain_numpy(monkeypatch):
    f = linear_module.LinearFunction()
    x = numpy.ones((2, 3), numpy.float32)
    W = numpy.ones((4, 3), numpy.float32)
    b = numpy.ones(4, numpy.float32)
    assert f._replay_form((x, W, b), None, (True, True, True)) is not None
    assert f._replay_form((x, W.astype(numpy.float64), b), None, (True,) * 3) is None
    assert f._replay_form((x.astype(numpy.float16), W.astype(numpy.float16)), None,
                          (True, True)) is None
    big = numpy.ones((64, 256), numpy.float32)  # the unit-major order
    assert f._replay_form((big, numpy.ones((256, 256), numpy.float32)), None,
                          (True, True)) is None
    monkeypatch.setattr(_onednn_matmul, 'worth_it', lambda m, k, n: True)
    assert f._replay_form((x, W, b), None, (True, True, True)) is None


def test_the_forms_match_the_nodes_on_their_own():
    rng = numpy.random.RandomState(0)
    x = rng.standard_normal((3, 4)).astype(numpy.float32)
    W = rng.standard_normal((5, 4)).astype(numpy.float32)
    b = rng.standard_normal(5).astype(numpy.float32)
    gy = rng.standard_normal((3, 5)).astype(numpy.float32)
    node = linear_module.LinearFunction()
    node._input_grads_needed = lambda inputs: (True, True, True)
    form = node._replay_form((x, W, b), None, (True, True, True))
    (y,), saved = form.forward((x, W, b))
    assert numpy.array_equal(y, node.forward((x, W, b))[0])
    for a, e in zip(form.backward((x, W, b), saved, (gy,)),
                    node.backward((x, W, b), (gy,))):
        assert numpy.array_equal(a, e)

    t = numpy.array([0, 4, 2], numpy.int32)
    sce = sce_module.SoftmaxCrossEntropy()
    form = sce._replay_form((y, t), None, (True, False))
    (loss,), saved = form.forward((y, t))
    assert numpy.array_equal(loss, sce.forward((y, t))[0])
    g = numpy.array(1.5, numpy.float32)
    assert numpy.array_equal(form.backward((y, t), saved, (g,))[0],
                             sce.backward((y, t), (g,))[0])
    # a form is stateless: two forwards, then the backwards in either order
    t2 = numpy.array([1, 1, 3], numpy.int32)
    out2 = form.forward((y * 2, t2))
    again = copy.copy(sce)
    again.forward((y * 2, t2))
    assert numpy.array_equal(form.backward((y * 2, t2), out2[1], (g,))[0],
                             again.backward((y * 2, t2), (g,))[0])


def test_no_form_for_methods_patched_after_import(monkeypatch):
    x = numpy.ones((2, 3), numpy.float32)
    W = numpy.ones((4, 3), numpy.float32)
    original = linear_module.LinearFunction.forward
    monkeypatch.setattr(linear_module.LinearFunction, 'forward',
                        lambda self, inputs: original(self, inputs))
    assert linear_module.LinearFunction()._replay_form(
        (x, W), None, (True, True)) is None
    monkeypatch.setattr(sce_module.SoftmaxCrossEntropy, 'backward_cpu',
                        sce_module.SoftmaxCrossEntropy.backward_cpu)
    t = numpy.zeros(2, numpy.int32)
    assert sce_module.SoftmaxCrossEntropy()._replay_form(
        (x, t), None, (True, False)) is not None  # the same function: still a form
    monkeypatch.setattr(sce_module.SoftmaxCrossEntropy, 'backward_cpu',
                        lambda self, inputs, gys: (None, None))
    assert sce_module.SoftmaxCrossEntropy()._replay_form(
        (x, t), None, (True, False)) is None
    from chainer.functions.activation import relu as relu_module
    monkeypatch.setattr(relu_module.ReLU, 'forward', lambda self, inputs: inputs)
    assert relu_module.ReLU()._replay_form((x,), None, (True,)) is None
