"""Gradients nobody can read (issue 15): an array passed directly to a function is
wrapped by ``Function.__call__`` into a Variable only the graph holds; backward drops
its gradient, and ``Function._input_grads_needed`` tells a backward not to compute it.
Variables the caller passes keep v1's semantics, temporary ones included."""
import pickle

import numpy
import pytest

import chainer
from chainer import Variable
from chainer.function import DEFERRABLE
from chainer.core_functions import matmul as matmul_module


class AddScaled(chainer.Function):
    """``(a, b, *rest) -> 2a + 3b``; ignores the mechanism: computes every gradient
    (None for extra inputs), and records what it was told and what it returned."""

    def __init__(self):
        self.needed = None
        self.returned = None

    def forward(self, inputs):
        return 2 * inputs[0] + 3 * inputs[1],

    def backward(self, inputs, grad_outputs):
        self.needed = self._input_grads_needed(inputs)
        gy, = grad_outputs
        self.returned = (2 * gy, 3 * gy) + (None,) * (len(inputs) - 2)
        return self.returned


def _arrays():
    a = numpy.array([1., 2., 3.], dtype=numpy.float32)
    return a, a + 10


def _run(f, *inputs):
    y = f(*inputs)
    y.grad = numpy.ones(3, dtype=numpy.float32)
    y.backward()
    return y


def test_an_array_input_gets_no_gradient_a_variable_input_keeps_it():
    a, b = _arrays()
    f = AddScaled()
    bv = Variable(b)
    _run(f, a, bv)
    # a plain leaf Variable's gradient may be deferred: true, like "needed"
    assert f.needed == (False, DEFERRABLE) and bool(f.needed[1]) is True
    # The function ignored the hint and computed both; core kept only the readable one.
    assert f.returned[0] is not None
    assert f.inputs[0].grad is None
    numpy.testing.assert_array_equal(bv.grad, [3, 3, 3])
    assert isinstance(f.inputs[0], Variable)
    assert f.inputs[0].volatile is chainer.AUTO


def test_a_temporary_variable_keeps_its_gradient_as_in_v1():
    a, b = _arrays()
    f = AddScaled()
    _run(f, Variable(a), Variable(b))  # nobody else holds them: v1 still sets grad
    assert f.needed == (DEFERRABLE, DEFERRABLE)
    numpy.testing.assert_array_equal(f.inputs[0].grad, [2, 2, 2])
    numpy.testing.assert_array_equal(f.inputs[1].grad, [3, 3, 3])


def test_non_float_inputs_are_not_needed_but_a_returned_gradient_is_kept():
    a, b = _arrays()
    labels = Variable(numpy.array([0, 1, 2], dtype=numpy.int32))
    f = AddScaled()
    _run(f, Variable(a), b, labels)
    assert f.needed == (DEFERRABLE, False, False)


def test_a_user_function_returning_gradients_of_integer_variables_keeps_them():
    class IntegerGrad(chainer.Function):
        def forward(self, inputs):
            return inputs[0].astype(numpy.float32),

        def backward(self, inputs, grad_outputs):
            return grad_outputs[0].astype(numpy.int32),

    x = Variable(numpy.array([1, 2], dtype=numpy.int32))
    y = IntegerGrad()(x)
    y.grad = numpy.array([4., 5.], dtype=numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [4, 5])  # v1 stored it: still stored


def test_every_gradient_is_needed_outside_the_graph_or_for_other_arrays():
    a, b = _arrays()
    assert AddScaled()._input_grads_needed((a, b)) == (True, True)  # never applied
    f = AddScaled()
    f(a, Variable(b))
    assert f._input_grads_needed((a, b)) == (False, True)
    # A subclass or wrapper handing its own operands to backward: no position is
    # trusted unless the array is the graph's.
    assert f._input_grads_needed((a.copy(), b)) == (True, True)
    assert f._input_grads_needed((a, b, a)) == (True, True, True)


def test_a_bad_gradient_for_an_array_input_is_still_an_error():
    class BadShape(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, inputs, grad_outputs):
            return numpy.zeros(5, dtype=numpy.float32),

    # arrays alone build no graph (v2+): the array input sits beside a Variable
    class BadShape2(BadShape):
        def backward(self, inputs, grad_outputs):
            return numpy.zeros(5, dtype=numpy.float32), None

    x = Variable(numpy.ones(3, dtype=numpy.float32))
    y = BadShape2()(numpy.ones(3, dtype=numpy.float32), x)
    y.grad = numpy.ones(3, dtype=numpy.float32)
    with pytest.raises(ValueError, match='BadShape'):
        y.backward()


def test_hooks_see_the_arrays_and_output_gradients_as_before():
    seen = []

    class Record(chainer.FunctionHook):
        name = 'record'

        def backward_preprocess(self, function, in_data, out_grad):
            seen.append((in_data, out_grad))

    a, b = _arrays()
    with Record():
        _run(AddScaled(), a, Variable(b))
    (in_data, out_grad), = seen
    assert in_data[0] is a and in_data[1] is b
    numpy.testing.assert_array_equal(out_grad[0], [1, 1, 1])


def test_the_wrapped_input_pickles_as_a_plain_variable():
    a, b = _arrays()
    f = AddScaled()
    f(a, Variable(b))  # (arrays alone build no graph, v2+)
    wrapped = f.inputs[0]
    copy = pickle.loads(pickle.dumps(wrapped))
    assert type(copy) is Variable
    numpy.testing.assert_array_equal(copy.data, a)


def test_the_parameter_gradient_is_bit_identical_with_and_without_the_skip():
    rng = numpy.random.RandomState(0)
    x = rng.randn(5, 4).astype(numpy.float32)
    w = rng.randn(4, 3).astype(numpy.float32)
    grads = []
    for data in (x, Variable(x)):
        W = Variable(w.copy())
        y = matmul_module.matmul(data, W)
        y.grad = numpy.arange(15, dtype=numpy.float32).reshape(5, 3)
        y.backward()
        grads.append(W.grad)
    numpy.testing.assert_array_equal(grads[0], grads[1])
    assert grads[0].tobytes() == grads[1].tobytes()


@pytest.mark.parametrize('transa, transb', [(False, False), (True, False),
                                            (False, True), (True, True)])
def test_matmul_computes_only_the_needed_operand_gradient(transa, transb):
    rng = numpy.random.RandomState(1)
    a = rng.randn(*((4, 3) if transa else (3, 4))).astype(numpy.float32)
    b = rng.randn(*((5, 4) if transb else (4, 5))).astype(numpy.float32)
    full = matmul_module.MatMul(transa, transb)._grads(
        (a, b), numpy.ones((3, 5), numpy.float32), True, True)
    for skipped in (0, 1):
        inputs = [Variable(a), Variable(b)]
        inputs[skipped] = inputs[skipped].data
        f = matmul_module.MatMul(transa, transb)
        y = f(*inputs)
        y.grad = numpy.ones((3, 5), numpy.float32)
        returned = f.backward((a, b), (y.grad,))
        assert returned[skipped] is None
        kept = 1 - skipped
        assert returned[kept].tobytes() == full[kept].tobytes()


@pytest.mark.parametrize('constant_first', [False, True])
def test_matmul_with_a_constant_never_computes_the_constant_gradient(
        constant_first, monkeypatch):
    asked = []
    grads = matmul_module.MatMul._grads

    def spy(self, operands, gy, need_a, need_b):
        asked.append((need_a, need_b))
        return grads(self, operands, gy, need_a, need_b)

    monkeypatch.setattr(matmul_module.MatMul, '_grads', spy)
    x = Variable(numpy.ones((2, 2), numpy.float32))
    c = numpy.full((2, 2), 3, numpy.float32)
    y = c @ x if constant_first else x @ c
    y.grad = numpy.ones((2, 2), numpy.float32)
    y.backward()
    assert asked == [(False, True) if constant_first else (True, False)]
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 2), 6, numpy.float32))
