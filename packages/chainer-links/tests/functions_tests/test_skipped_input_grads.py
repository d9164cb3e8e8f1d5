"""Built-in functions skip the gradients nobody can read (issue 15): an input passed as an
array (not a Variable) gets no gradient, and its costly part (a GEMM, col2im) is not
computed; the other gradients are bit for bit those of an all-Variable call, and
Variables keep theirs (``chainer.Function._input_grads_needed``)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.connection import _conv_gemm
from chainer.utils import conv_nd


def _r(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


#: name -> (function of the inputs, input shapes)
CASES = {
    'linear': (F.linear, [(4, 3, 2), (5, 6), (5,)]),
    'convolution_2d': (lambda x, W, b: F.convolution_2d(x, W, b, pad=1),
                       [(2, 3, 5, 5), (4, 3, 3, 3), (4,)]),
    'convolution_nd': (lambda x, W, b: F.convolution_nd(x, W, b, stride=2),
                       [(2, 2, 5, 4, 4), (3, 2, 2, 2, 2), (3,)]),
    'dilated_convolution_2d': (lambda x, W, b: F.dilated_convolution_2d(x, W, b, dilate=2),
                               [(2, 3, 7, 7), (4, 3, 3, 3), (4,)]),
    'deconvolution_2d': (lambda x, W, b: F.deconvolution_2d(x, W, b, stride=2),
                         [(2, 3, 3, 3), (3, 4, 3, 3), (4,)]),
    'deconvolution_nd': (lambda x, W, b: F.deconvolution_nd(x, W, b),
                         [(2, 3, 5), (3, 2, 3), (2,)]),
    'depthwise_convolution_2d': (F.depthwise_convolution_2d,
                                 [(2, 3, 5, 5), (2, 3, 3, 3), (6,)]),
    'bilinear': (F.bilinear, [(4, 3), (4, 2), (3, 2, 5)]),
    'bilinear_linear_terms': (F.bilinear, [(4, 3), (4, 2), (3, 2, 5), (3, 5), (2, 5), (5,)]),
    'batch_matmul': (lambda a, b: F.batch_matmul(a, b, transa=True),
                     [(3, 4, 2), (3, 4, 5)]),
    'matmul': (lambda a, b: F.matmul(a, b, transb=True), [(3, 4), (5, 4)]),
}


def _backprop(case, data, as_array):
    """Applies the case to Variables of ``data`` (the inputs at ``as_array`` as plain
    arrays) and backpropagates a fixed gradient; returns the input Variables (None for
    arrays), the function node and what its backward returned."""
    func, _ = CASES[case]
    inputs = [d if i in as_array else chainer.Variable(d.copy()) for i, d in enumerate(data)]
    y = func(*inputs)
    node = y.creator
    returned = []
    backward = node.backward

    def recording_backward(in_data, grad_outputs):
        returned.extend(backward(in_data, grad_outputs))
        return tuple(returned)

    node.backward = recording_backward
    y.grad = numpy.linspace(-1, 1, y.size, dtype=numpy.float32).reshape(y.shape)
    y.backward()
    return [None if i in as_array else v for i, v in enumerate(inputs)], node, returned


@pytest.mark.parametrize('case', sorted(CASES))
def test_an_input_passed_as_an_array_gets_no_gradient_the_others_are_unchanged(case):
    data = [_r(*shape) for shape in CASES[case][1]]
    full, _, _ = _backprop(case, data, ())
    for skipped in range(len(data)):
        variables, node, returned = _backprop(case, data, (skipped,))
        assert returned[skipped] is None  # not computed
        assert node.inputs[skipped].grad is None
        for i, v in enumerate(variables):
            if i != skipped:
                assert v.grad is not None
                # bit for bit: the same operations as without the skip
                assert v.grad.tobytes() == full[i].grad.tobytes(), (case, skipped, i)


@pytest.mark.parametrize('case', sorted(CASES))
def test_all_inputs_as_arrays_compute_nothing(case):
    data = [_r(*shape) for shape in CASES[case][1]]
    y = CASES[case][0](*data)
    assert not y.requires_grad  # (v2+: no input can receive a gradient)
    _, node, returned = _backprop(case, data, tuple(range(len(data))))
    assert returned == [None] * len(data)


def _count_calls(monkeypatch, module, name):
    calls = []
    original = getattr(module, name)

    def counting(*args, **kwargs):
        calls.append(name)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


@pytest.mark.parametrize('case, module, name', [
    ('convolution_2d', _conv_gemm, 'transposed_correlate'),
    ('dilated_convolution_2d', _conv_gemm, 'transposed_correlate'),
    ('convolution_nd', _conv_gemm, 'transposed_correlate'),
    ('deconvolution_2d', _conv_gemm, 'correlate'),
    ('depthwise_convolution_2d', conv_nd, 'col2im_nd'),
])
def test_the_image_gradient_of_a_convolution_is_not_computed_for_an_array(
        case, module, name, monkeypatch):
    # the numpy path's functions (the oneDNN path: test_onednn_conv.py)
    monkeypatch.setenv('CHAINER_USE_ONEDNN', 'never')
    data = [_r(*shape) for shape in CASES[case][1]]
    calls = _count_calls(monkeypatch, module, name)
    _backprop(case, data, (0,))
    assert calls == []
    variables, _, _ = _backprop(case, data, ())
    if calls == []:  # a leaf Variable's image gradient is computed when first read
        variables[0].grad
    assert calls == [name]


def test_the_weight_gradient_of_a_convolution_is_not_computed_for_an_array(monkeypatch):
    monkeypatch.setenv('CHAINER_USE_ONEDNN', 'never')
    data = [_r(*shape) for shape in CASES['convolution_2d'][1]]
    calls = _count_calls(monkeypatch, _conv_gemm, 'weight_grad')
    _backprop('convolution_2d', data, (1,))
    assert calls == []


def test_linear_runs_one_gemm_for_an_array_input():
    class CountingArray(numpy.ndarray):
        """An output gradient counting the matrix products it takes part in."""
        products = []

        def dot(self, other, out=None):
            CountingArray.products.append('dot')
            return numpy.ndarray.dot(self.view(numpy.ndarray), other)

        def __array_ufunc__(self, ufunc, method, *args, **kwargs):
            if ufunc is numpy.matmul:
                CountingArray.products.append('matmul')
            args = [a.view(numpy.ndarray) if isinstance(a, CountingArray) else a
                    for a in args]
            return getattr(ufunc, method)(*args, **kwargs)

    x, W = _r(8, 6), chainer.Variable(_r(5, 6))
    for data, expected in ((x, ['matmul']), (chainer.Variable(x), ['matmul', 'dot'])):
        CountingArray.products = []
        y = F.linear(data, W)
        y.grad = numpy.ones(y.shape, numpy.float32).view(CountingArray)
        y.backward()
        assert CountingArray.products == ['matmul']  # the weight's
        if isinstance(data, chainer.Variable):
            data.grad  # a leaf Variable's gradient: computed when first read
        assert CountingArray.products == expected
