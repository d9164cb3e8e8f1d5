"""FunctionNode, chainer.grad and double backprop through the core operators."""
import numpy
import pytest

import chainer
from chainer import FunctionNode, Variable


class Square(FunctionNode):
    """y = x ** 2 with a differentiable backward (2 x gy)."""

    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 2,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2.0 * x * grad_outputs[0],


class ExpNode(FunctionNode):
    """y = exp(x), backward through the retained output."""

    def forward(self, inputs):
        self.retain_outputs((0,))
        return numpy.exp(inputs[0]),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return y * grad_outputs[0],


class V1Square(chainer.Function):
    """The v1 way: arrays in both directions."""

    def forward(self, inputs):
        return inputs[0] ** 2,

    def backward(self, inputs, grad_outputs):
        return 2 * inputs[0] * grad_outputs[0],


def _x(*values):
    return Variable(numpy.array(values, numpy.float64))


def test_apply_records_the_node():
    x = _x(1.0, 2.0)
    y, = Square().apply((x,))
    assert isinstance(y.creator, Square) and y.creator_node is y.creator
    assert y.rank == 1 and y.requires_grad
    assert y.creator.inputs == (x.node,)
    assert y.creator.outputs[0]() is y.node
    assert x.node is x.node and x.node.get_variable() is x
    numpy.testing.assert_allclose(y.array, [1.0, 4.0])


def test_calling_a_function_node_like_a_v1_function_says_to_use_apply():
    with pytest.raises(TypeError, match='apply'):
        Square()(_x(1.0))


def test_backward_of_a_function_node_on_arrays():
    x = _x(1.0, 3.0)
    y, = Square().apply((x,))
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_allclose(x.grad, [2.0, 6.0])


def test_no_graph_without_backprop_or_gradient():
    with chainer.no_backprop_mode():
        y, = Square().apply((_x(1.0),))
    # no node recorded; the result still requires a gradient, as its input (v3+)
    assert y.creator is None and y.requires_grad
    y, = Square().apply((numpy.array([1.0]),))  # an array needs no gradient
    assert not y.requires_grad and isinstance(y.creator, Square)  # (recorded, as v3+)


def test_grad_does_not_touch_grad_attributes():
    x = _x(1.5)
    y, = Square().apply((x,))
    gx, = chainer.grad([y], [x])
    assert x.grad is None
    numpy.testing.assert_allclose(gx.array, [3.0])
    gx, = chainer.grad([y], [x], set_grad=True)
    numpy.testing.assert_allclose(x.grad, [3.0])


def test_grad_starts_from_ones_and_grad_inputs_flow_on():
    x = _x(1.0, 2.0)
    y, = Square().apply((x,))
    gx, = chainer.grad([y], [x])  # ones whatever the output's size (v3+)
    numpy.testing.assert_allclose(gx.array, [2.0, 4.0])
    with pytest.raises(TypeError, match='list'):
        chainer.grad(y, [x])
    # a gradient given for an intermediate input flows on to what it depends on
    h = x * 3.0
    z = h * h
    gh, gx = chainer.grad([z], [h, x], grad_inputs=[numpy.ones(2), None])
    numpy.testing.assert_allclose(gh.array, 2 * h.array + 1)
    numpy.testing.assert_allclose(gx.array, 3 * (2 * h.array + 1))


def test_second_derivative_through_function_nodes_and_operators():
    x = _x(0.3, -1.2)
    y = ExpNode().apply((Square().apply((x,))[0] * 3.0,))[0]   # exp(3 x^2)
    gx, = chainer.grad([y], [x], [numpy.ones(2)], enable_double_backprop=True)
    ggx, = chainer.grad([gx], [x], [numpy.ones(2)])
    a = x.array
    numpy.testing.assert_allclose(gx.array, 6 * a * numpy.exp(3 * a * a))
    numpy.testing.assert_allclose(ggx.array, (6 + 36 * a * a) * numpy.exp(3 * a * a))


def _finite_difference(f, x, eps=1e-6):
    grad = numpy.zeros_like(x)
    for i in range(x.size):
        d = numpy.zeros_like(x)
        d.flat[i] = eps
        grad.flat[i] = (f(x + d) - f(x - d)) / (2 * eps)
    return grad


def _energy(x):
    # f(x) = sum(x0 * x1 ** 3 + x0 / x1 + 2 ** x0), over Variables or arrays alike
    return x[0] * x[1] ** 3 + x[0] / x[1] + 2.0 ** x[0]


def test_hessian_vector_product_matches_finite_differences():
    x0 = numpy.array([[0.4, -0.7], [1.3, 0.9]])
    v = numpy.array([[0.3, -0.2], [0.5, 1.1]])

    def gradient(array):
        x = Variable(array)
        f = _energy(x)
        gx, = chainer.grad([f], [x], [numpy.ones(2)])
        return gx.array

    x = Variable(x0)
    f = _energy(x)
    gx, = chainer.grad([f], [x], [numpy.ones(2)], enable_double_backprop=True)
    hv, = chainer.grad([gx], [x], [v])
    expected = _finite_difference(lambda a: numpy.sum(gradient(a) * v), x0)
    numpy.testing.assert_allclose(hv.array, expected, rtol=1e-5, atol=1e-6)


def test_wgan_gp_gradient_penalty_trains_the_critic_parameter():
    # critic D(x) = sum(w * x ** 2); penalty (|dD/dx| - 1) ** 2 differentiated by w
    w = Variable(numpy.array([0.5, -0.25, 2.0]))
    x = Variable(numpy.array([1.0, 2.0, -0.5]))
    d = w * x * x
    gx, = chainer.grad([d], [x], [numpy.ones(3)], enable_double_backprop=True)
    norm = (gx[0] ** 2 + gx[1] ** 2 + gx[2] ** 2) ** 0.5
    penalty = (norm - 1.0) ** 2
    penalty.backward()
    wx = 2 * w.array * x.array
    n = numpy.sqrt((wx ** 2).sum())
    expected = 2 * (n - 1) * (wx / n) * 2 * x.array
    numpy.testing.assert_allclose(w.grad, expected, rtol=1e-10)


def test_backward_with_double_backprop_gives_a_differentiable_grad_var():
    x = _x(2.0)
    y = x * x * x
    y.backward(enable_double_backprop=True)
    numpy.testing.assert_allclose(x.grad, [12.0])
    g = x.grad_var
    assert g.creator is not None
    x.cleargrad()
    g.backward()
    numpy.testing.assert_allclose(x.grad, [12.0])  # d(3x^2)/dx = 6x


def test_leaves_never_share_one_gradient_array():
    a, b = _x(1.0), _x(2.0)
    (a + b).backward(enable_double_backprop=True)
    assert a.grad is not b.grad
    a.grad += 1.0
    numpy.testing.assert_allclose(b.grad, [1.0])


def test_a_graph_mixing_a_v1_function_and_function_nodes():
    x = _x(0.5, 1.5)
    h, = Square().apply((x,))
    y = V1Square()(h) * 2.0          # 2 x^4
    y.grad = numpy.ones(2)
    y.backward()
    numpy.testing.assert_allclose(x.grad, 8 * x.array ** 3)
    gx, = chainer.grad([y], [x], [numpy.ones(2)])
    numpy.testing.assert_allclose(gx.array, 8 * x.array ** 3)


def test_second_order_through_a_v1_function_raises_naming_it():
    x = _x(0.5, 1.5)
    y = V1Square()(x)
    gx, = chainer.grad([y], [x], [numpy.ones(2)], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.array, 2 * x.array)  # first order is right
    with pytest.raises(RuntimeError, match='V1Square'):
        chainer.grad([gx], [x], [numpy.ones(2)])


def test_get_item_is_differentiable_twice():
    x = _x(1.0, 2.0, 3.0)
    y = x * x * x
    gx, = chainer.grad([y[1]], [x], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.array, [0.0, 12.0, 0.0])
    ggx, = chainer.grad([gx[1]], [x])
    numpy.testing.assert_allclose(ggx.array, [0.0, 12.0, 0.0])


def test_function_node_hooks_see_forward_and_backward():
    calls = []

    class Hook(chainer.FunctionHook):
        name = 'record'

        def forward_preprocess(self, function, in_data):
            calls.append(('forward', function.label))

        def backward_preprocess(self, function, in_data, out_grad):
            calls.append(('backward', function.label))

    x = _x(1.0)
    with Hook():
        y, = Square().apply((x,))
        y.backward()
    # (the operators applied inside Square's backward are seen too)
    assert calls[0] == ('forward', 'Square') and ('backward', 'Square') in calls


def test_retained_outputs_survive_their_variable():
    x = _x(0.5)
    node = ExpNode()
    y, = node.apply((x,))
    z = y * 1.0
    del y
    z.backward()
    numpy.testing.assert_allclose(x.grad, numpy.exp([0.5]))


class Retaining(chainer.Function):
    """A v1 Function that keeps only its second input and output for backward."""

    def forward(self, inputs):
        self.retain_inputs((1,))
        self.retain_outputs((1,))
        return inputs

    def backward(self, inputs, grad_outputs):
        self.seen = inputs, self.output_data
        return grad_outputs


def test_a_v1_function_can_retain_inputs_and_outputs_as_in_v2():
    a, b = _x(1.0), _x(2.0)
    f = Retaining()
    y0, y1 = f(a, b)
    y0.grad = numpy.ones(1)
    y0.backward()
    inputs, outputs = f.seen
    assert inputs[0] is None and inputs[1] is b.array
    assert outputs[0] is None and outputs[1] is y1.array


def test_the_creator_node_of_a_v1_function_is_its_adapter():
    a, b = _x(1.0), _x(2.0)
    f = V1Square()
    y = f(a)
    node = y.creator_node
    assert isinstance(node, chainer.FunctionAdapter) and node is f.node
    assert y.creator is f and node.function is f
    assert node.inputs == (a.node,) and node.rank == f.rank
    assert node.label == 'V1Square'
    gx, = node.backward((0,), (Variable(numpy.ones(1)),))
    numpy.testing.assert_allclose(gx.array, [2.0])
    y.node.creator_node = node  # setting the adapter sets its function
    assert y.creator is f
    del b


def test_variable_node_rank_is_the_variables():
    x = _x(1.0)
    x._node._rank = 3
    assert x.rank == 3 and x.node._rank == 3


@pytest.mark.parametrize('transa', [False, True])
@pytest.mark.parametrize('transb', [False, True])
def test_matmul_is_differentiable_twice(transa, transb):
    from chainer.core_functions.matmul import matmul
    rng = numpy.random.RandomState(1)
    a0 = rng.randn(4, 3) if transa else rng.randn(3, 4)
    b0 = rng.randn(2, 4) if transb else rng.randn(4, 2)

    def first_derivative_sum(a_value):
        # d/da of sum((op(a) op(b)) ** 2), summed: a function of a alone
        a = Variable(a_value)
        y = matmul(a, Variable(b0), transa, transb)
        ga, = chainer.grad([y * y], [a], [numpy.ones(y.shape)])
        return ga.array.sum()

    a, b = Variable(a0), Variable(b0)
    y = matmul(a, b, transa, transb)
    ga, = chainer.grad([y * y], [a], [numpy.ones(y.shape)], enable_double_backprop=True)
    gga, = chainer.grad([ga], [a], [numpy.ones(ga.shape)])
    numpy.testing.assert_allclose(
        gga.array, _finite_difference(first_derivative_sum, a0), rtol=1e-5, atol=1e-6)


def test_matmul_with_a_vector_and_a_constant_twice():
    w = Variable(numpy.array([[1.0, 2.0], [3.0, 4.0]]))
    x = Variable(numpy.array([0.5, -1.0]))
    from chainer.core_functions.matmul import matmul
    y = matmul(w, x)                       # 1-d x is a column
    gx, = chainer.grad([y * y], [x], [numpy.ones((2, 1))], enable_double_backprop=True)
    ggx, = chainer.grad([gx], [x], [numpy.ones(2)])
    numpy.testing.assert_allclose(ggx.array, 2 * w.array.T @ w.array @ numpy.ones(2))
    c = numpy.array([[2.0, 0.0], [1.0, 1.0]])
    z = w @ c                              # a constant operand gets no gradient
    gw, = chainer.grad([z * z], [w], [numpy.ones((2, 2))], enable_double_backprop=True)
    ggw, = chainer.grad([gw], [w], [numpy.ones((2, 2))])
    numpy.testing.assert_allclose(ggw.array, 2 * numpy.ones((2, 2)) @ (c @ c.T))


@pytest.mark.parametrize('operation', [
    lambda a, b: a + b, lambda a, b: a - b, lambda a, b: a * b, lambda a, b: a / b,
    lambda a, b: a ** b,
])
def test_binary_operators_broadcast_and_sum_gradients_back(operation):
    a0 = numpy.arange(1.0, 7.0).reshape(3, 2)
    b0 = numpy.array([[1.5, 2.5]])

    def f(a_value, b_value):
        return operation(Variable(a_value), Variable(b_value))

    a, b = Variable(a0), Variable(b0)
    y = operation(a, b)
    assert y.shape == (3, 2)
    ga, gb = chainer.grad([y], [a, b], [numpy.ones((3, 2))],
                          enable_double_backprop=True)
    assert ga.shape == (3, 2) and gb.shape == (1, 2)
    expected_gb = _finite_difference(lambda v: f(a0, v).array.sum(), b0)
    numpy.testing.assert_allclose(gb.array, expected_gb, rtol=1e-5, atol=1e-6)
    # the gradient's own gradient (by a) against finite differences
    gga, = chainer.grad([gb], [a], [numpy.ones((1, 2))])

    def gb_sum(a_value):
        av, bv = Variable(a_value), Variable(b0)
        g, = chainer.grad([operation(av, bv)], [bv], [numpy.ones((3, 2))])
        return g.array.sum()

    expected = _finite_difference(gb_sum, a0)
    if gga is None:
        numpy.testing.assert_allclose(expected, 0, atol=1e-6)
    else:
        numpy.testing.assert_allclose(gga.array, expected, rtol=1e-5, atol=1e-5)


def test_shapes_that_do_not_broadcast_are_refused():
    with pytest.raises(chainer.utils.type_check.InvalidType, match='broadcast'):
        Variable(numpy.ones((3, 2))) + Variable(numpy.ones(3))


def test_a_v1_function_can_be_applied_like_a_function_node():
    x = _x(3.0)
    ys = V1Square().apply((x,))
    assert isinstance(ys, tuple) and len(ys) == 1
    numpy.testing.assert_allclose(ys[0].array, [9.0])
    a, b = Retaining().apply((_x(1.0), _x(2.0)))
    assert b.array[0] == 2.0


class MulAddAccumulating(FunctionNode):
    """a * b + c whose backward_accumulate adds the gradients gathered so far itself."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b, c = inputs
        return a * b + c,

    def backward_accumulate(self, indexes, grad_outputs, grad_inputs):
        a, b = self.get_retained_inputs()
        g, = grad_outputs
        local = {0: lambda: g * b, 1: lambda: a * g, 2: lambda: g}
        return tuple([local[i]() if g_in is None else local[i]() + g_in
                      for i, g_in in zip(indexes, grad_inputs)])


@pytest.mark.parametrize('mapping', [(0, 1, 2), (0, 0, 1), (0, 1, 0), (0, 0, 0)])
@pytest.mark.parametrize('with_grad', [False, True])
def test_backward_accumulate_replaces_the_gathered_gradients(mapping, with_grad):
    data = numpy.array([0.5, -1.5, 2.0])

    def inputs():
        return [Variable(data + i, grad=data.copy() if with_grad else None)
                for i in range(3)]

    xs = inputs()
    a, b, c = [xs[i] for i in mapping]
    y = MulAddAccumulating().apply((a, b, c))[0]
    y.grad = numpy.ones(3)
    y.backward()
    ys = inputs()
    a, b, c = [ys[i] for i in mapping]
    y = a * b + c
    y.grad = numpy.ones(3)
    y.backward()
    for x, expected in zip(xs, ys):
        if expected.grad is None:
            assert x.grad is None
        else:
            numpy.testing.assert_allclose(x.grad, expected.grad)
    # graph mode (chainer.grad) gives the same gradients
    xs, ys = inputs(), inputs()
    a, b, c = [xs[i] for i in mapping]
    got = chainer.grad([MulAddAccumulating().apply((a, b, c))[0]], xs, [numpy.ones(3)])
    a, b, c = [ys[i] for i in mapping]
    want = chainer.grad([a * b + c], ys, [numpy.ones(3)])
    for g, w in zip(got, want):
        assert (g is None) == (w is None)
        if g is not None:
            numpy.testing.assert_allclose(g.array, w.array)


def test_grad_wants_lists_of_gradients():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = x * x
    g = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    with pytest.raises(TypeError, match='grad_outputs must be a list or tuple'):
        chainer.grad([y], [x], grad_outputs=g)
    with pytest.raises(TypeError, match='grad_inputs must be a list or tuple'):
        chainer.grad([y], [x], [g], grad_inputs=g)


def test_bad_gradients_of_a_function_node_are_named_as_v2_names_them():
    class Bad(chainer.FunctionNode):
        def __init__(self, result):
            self.result = result

        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, indexes, grads):
            return self.result

    def run(result):
        x = chainer.Variable(numpy.ones(2, numpy.float32))
        y, = Bad(result).apply((x,))
        y.grad = numpy.ones(2, numpy.float32)
        y.backward()

    with pytest.raises(ValueError, match='number of gradients returned from backward'):
        run(())
    with pytest.raises(ValueError, match='type of gradients returned from backward'):
        run(numpy.ones(2, numpy.float32))
    with pytest.raises(ValueError, match='shape of gradients returned from backward'):
        run((chainer.Variable(numpy.ones(3, numpy.float32)),))
    with pytest.raises(TypeError, match='dtype of gradients returned from backward'):
        run((chainer.Variable(numpy.ones(2, numpy.float64)),))


def test_function_node_follows_v1_volatile_flags():
    class Double(FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, indexes, grads):
            return grads[0] * 2,

    x = Variable(numpy.ones(2, numpy.float32), volatile='on')
    y, = Double().apply((x,))
    assert y.volatile is chainer.ON and y.creator is None
    z = y * 3.0  # mixes with v1 Functions, as in v1
    assert z.volatile is chainer.ON
    w, = Double().apply((numpy.ones(2, numpy.float32),))
    assert w.volatile is chainer.AUTO
    v, = Double().apply((Variable(numpy.ones(2, numpy.float32)),))
    assert v.volatile is chainer.OFF and v.creator is not None
    with pytest.raises(ValueError):
        Double().apply((x, Variable(numpy.ones(2, numpy.float32))))


def test_check_type_forward_runs_when_defined_on_the_class_or_instance():
    from unittest import mock

    class Plain(FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

    x = Variable(numpy.ones(2, numpy.float32))
    f = Plain()
    f.check_type_forward = mock.MagicMock()
    f.apply((x,))
    assert f.check_type_forward.call_count == 1

    class Checked(Plain):
        def check_type_forward(self, in_types):
            from chainer.utils import type_check
            type_check.expect(in_types[0].ndim == 2)

    from chainer.utils import type_check
    with pytest.raises(type_check.InvalidType):
        Checked().apply((x,))
    Plain().apply((x,))  # no check defined: nothing to run
