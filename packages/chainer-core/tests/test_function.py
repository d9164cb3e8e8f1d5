"""Tests of chainer.Function: __call__, the CPU/GPU split, type
checks, graph bookkeeping and unchain."""
import gc

import numpy
import pytest

import chainer
from chainer import Variable
from chainer.utils import type_check


class SplitAndScale(chainer.Function):
    """(x) -> (2x, 3x) with forward_cpu/backward_cpu only; counts calls."""

    def __init__(self):
        self.calls = []

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f',
                          in_types[0].ndim == 1)

    def forward_cpu(self, inputs):
        self.calls.append('forward_cpu')
        x, = inputs
        self.retained = x * 2  # arrays kept by forward are visible in backward
        return self.retained, x * 3

    def backward_cpu(self, inputs, grad_outputs):
        self.calls.append('backward_cpu')
        g2, g3 = grad_outputs
        gx = numpy.zeros_like(inputs[0])
        if g2 is not None:
            gx += 2 * g2
        if g3 is not None:
            gx += 3 * g3
        return gx,


class AddTwo(chainer.Function):
    def forward(self, inputs):
        return inputs[0] + inputs[1],

    def backward(self, inputs, grad_outputs):
        return grad_outputs[0], grad_outputs[0]


def f32(*v):
    return numpy.array(v, dtype=numpy.float32)


def test_call_builds_graph_attributes():
    f = SplitAndScale()
    x = Variable(f32(1, 2))
    a, b = f(x)
    assert f.calls == ['forward_cpu']
    assert f.inputs == (x,)
    assert [o() for o in f.outputs] == [a, b]
    assert a.creator is f and b.creator is f
    assert f.rank == 0 and a.rank == 1
    assert f.label == 'SplitAndScale'
    numpy.testing.assert_array_equal(a.data, [2, 4])
    numpy.testing.assert_array_equal(f.retained, [2, 4])


def test_outputs_are_weak_references():
    f = SplitAndScale()
    a, b = f(Variable(f32(1)))
    del a
    gc.collect()
    assert f.outputs[0]() is None and f.outputs[1]() is b


def test_backward_with_one_of_two_output_grads():
    f = SplitAndScale()
    x = Variable(f32(1, 2))
    a, b = f(x)
    b.grad = f32(1, 1)
    b.backward()
    assert f.calls == ['forward_cpu', 'backward_cpu']
    numpy.testing.assert_array_equal(x.grad, [3, 3])


def test_both_outputs_combined():
    f = SplitAndScale()
    x = Variable(f32(1, 2))
    a, b = f(x)
    c = a + b  # 5x
    c.grad = f32(1, 1)
    c.backward()
    numpy.testing.assert_array_equal(x.grad, [5, 5])


def test_array_inputs_are_wrapped_as_auto_variables():
    f = AddTwo()
    y = f(f32(1, 2), Variable(f32(3, 4)))
    assert isinstance(f.inputs[0], Variable)
    assert f.inputs[0].volatile is chainer.AUTO
    assert y.creator is f


def test_outputs_of_arrays_alone_require_no_gradient_as_in_v2():
    f = SplitAndScale()
    a, _ = f(f32(1, 2))
    assert a.creator is f and not a.requires_grad  # the graph is recorded (v1, v7)
    assert a.volatile is chainer.AUTO


def test_type_check_message_names_function_and_values():
    with pytest.raises(type_check.InvalidType) as e:
        SplitAndScale()(Variable(numpy.zeros((2, 2), numpy.float32)))
    msg = str(e.value)
    assert 'Invalid operation is performed in: SplitAndScale (Forward)' in msg
    assert 'Expect: in_types[0].ndim == 1' in msg
    assert 'Actual: 2 != 1' in msg
    with pytest.raises(type_check.InvalidType, match='in_types.size'):
        SplitAndScale()(f32(1), f32(1))
    with pytest.raises(type_check.InvalidType, match='dtype.kind'):
        SplitAndScale()(numpy.array([1, 2], numpy.int32))


def test_type_check_can_be_disabled_per_function():
    f = SplitAndScale()
    f.type_check_enable = False
    a, b = f(Variable(numpy.zeros((2, 2), numpy.float32)))
    assert a.shape == (2, 2)


def test_default_backward_gives_no_gradient():
    class Fwd(chainer.Function):
        def forward_cpu(self, inputs):
            return inputs[0] + 1,

    x = Variable(f32(1))
    y = Fwd()(x)
    y.backward()
    assert x.grad is None


def test_forward_dispatch_errors_are_clear():
    class Nothing(chainer.Function):
        pass

    with pytest.raises(TypeError, match='neither forward nor forward_cpu'):
        Nothing()(f32(1))

    class NotTuple(chainer.Function):
        def forward(self, inputs):
            return inputs[0]

    with pytest.raises(TypeError, match='tuple'):
        NotTuple()(f32(1))


def test_forward_override_takes_precedence_over_split():
    class Both(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 5,

        def backward(self, inputs, gys):
            return gys[0] * 5,

    x = Variable(f32(1))
    y = Both()(x)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [5])


def test_rank_is_the_largest_input_rank():
    x = Variable(f32(1))
    deep = x * 1.0 * 1.0 * 1.0
    y = deep + x
    assert deep.rank == 3 and y.creator.rank == 3 and y.rank == 4


def test_unchain_removes_references():
    x = Variable(f32(1, 2))
    f = SplitAndScale()
    a, b = f(x)
    f.unchain()
    assert f.inputs is None
    assert a.creator is None and b.creator is None


def test_local_function_hooks_is_an_ordered_dict():
    f = SplitAndScale()
    assert len(f.local_function_hooks) == 0
    h1, h2 = chainer.FunctionHook(), chainer.FunctionHook()
    f.add_hook(h1, 'one')
    f.add_hook(h2, 'two')
    assert list(f.local_function_hooks) == ['one', 'two']


def test_function_hook_call_dispatches_to_preprocess():
    seen = []

    class H(chainer.FunctionHook):
        def forward_preprocess(self, function, in_data):
            seen.append('forward')

        def backward_preprocess(self, function, in_data, out_grad):
            seen.append('backward')

    h = H()
    f = SplitAndScale()
    h(f, (f32(1),))
    h(f, (f32(1),), (f32(1),))
    assert seen == ['forward', 'backward']


def test_variable_inputs_with_mismatched_flags_raise():
    with pytest.raises(ValueError):
        chainer.core_functions.basic_math.Add()(
            Variable(f32(1), volatile='on'), Variable(f32(1), volatile='off'))


class _DeviceArray(object):
    """Stands for a GPU array: not a numpy array, but one that carries
    ``__cuda_array_interface__`` (the dispatch looks at nothing else)."""

    __cuda_array_interface__ = {'shape': (2,), 'typestr': '<f4', 'version': 2}


def test_forward_and_backward_dispatch_on_the_array_type():
    """As documented for v1, ``forward``/``backward`` delegate to the ``_cpu`` or ``_gpu``
    variant by the type of the arrays (a GPU array in inputs or grads picks _gpu)."""
    calls = []

    class Split(chainer.Function):
        def forward_cpu(self, inputs):
            calls.append('forward_cpu')
            return inputs

        def forward_gpu(self, inputs):
            calls.append('forward_gpu')
            return inputs

        def backward_cpu(self, inputs, grads):
            calls.append('backward_cpu')
            return grads

        def backward_gpu(self, inputs, grads):
            calls.append('backward_gpu')
            return grads

    host = numpy.zeros(2, numpy.float32)
    device = _DeviceArray()
    f = Split()
    f.forward((host,))
    f.forward((device,))
    f.backward((host,), (host,))
    f.backward((host,), (device,))
    f.backward((device,), (None,))
    assert calls == ['forward_cpu', 'forward_gpu', 'backward_cpu', 'backward_gpu',
                     'backward_gpu']
    # the defaults: no GPU forward is a clear error, default backwards give None
    with pytest.raises(TypeError, match='no GPU implementation'):
        chainer.Function().forward_gpu((device,))
    assert chainer.Function().backward((device,), (device,)) == (None,)
