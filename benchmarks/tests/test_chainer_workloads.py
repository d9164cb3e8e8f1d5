"""The Chainer-API workloads compute what they claim, on this project (no timing)."""
import numpy
import pytest

from chainer_workloads import _chain
from chainer_workloads import _train
from chainer_workloads import core_ops
from chainer_workloads import gemm
from chainer_workloads import inference
from chainer_workloads import overhead
from chainer_workloads import rnnlm


@pytest.mark.parametrize('model', ['mlp', 'cnn'])
def test_classifier_step_lowers_the_loss_on_its_fixed_batch(model):
    step = _train.make_classifier_step(model, batch=4)
    losses = [float(step().data) for _ in range(6)]
    assert numpy.isfinite(losses).all()
    assert losses[-1] < losses[0]


def test_rnnlm_step_trains_and_cuts_the_graph():
    step = rnnlm.make(batch=2, bptt=3)
    losses = [float(step().data) for _ in range(8)]
    assert losses[-1] < losses[0]
    assert step().creator is None  # unchain_backward cut the graph behind the loss


def _leaf_grad(step):
    h = step()
    node = h
    while node.creator is not None:
        node = node.creator.inputs[0]
    return h, node.grad


def test_core_ops_backward_gives_the_chain_rule_product():
    h, gx = _leaf_grad(core_ops.make(length=3))
    expected = 0.1
    for _ in range(3):
        expected = (expected * 0.5 + 1.0) * 0.5
    numpy.testing.assert_allclose(h.data, numpy.full(4, expected), rtol=1e-6)
    numpy.testing.assert_allclose(gx, numpy.full(4, 0.25 ** 3), rtol=1e-6)


def test_overhead_backward_gives_the_chain_rule_product():
    h, gx = _leaf_grad(overhead.make(length=2))
    x, grad = 0.1, 1.0
    for _ in range(2):
        x = numpy.tanh(x * 0.5 + 1.0)
        grad *= 0.5 * (1 - x ** 2)
    numpy.testing.assert_allclose(h.data, numpy.full(4, x), rtol=1e-5)
    numpy.testing.assert_allclose(gx, numpy.full(4, grad), rtol=1e-5)


def test_chain_step_clears_the_leaf_gradient_between_steps():
    step = _chain.make_chain_step(2, lambda h: h * 2.0)
    _, first = _leaf_grad(step)
    _, second = _leaf_grad(step)
    numpy.testing.assert_array_equal(first, second)  # not accumulated across steps


@pytest.mark.parametrize('model,shape', [('mlp', (3, 10)), ('cnn', (3, 10))])
def test_inference_builds_no_graph(model, shape):
    y = inference.make(model, batch=3)()
    assert y.data.shape == shape
    assert y.creator is None


def test_gemm_is_the_matrix_product():
    c = gemm.make(n=8)()
    a = numpy.random.RandomState(0).uniform(0, 1, (8, 8)).astype(numpy.float32)
    b = numpy.random.RandomState(1).uniform(0, 1, (8, 8)).astype(numpy.float32)
    numpy.testing.assert_allclose(c, a.dot(b), rtol=1e-5)
