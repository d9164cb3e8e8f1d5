"""The Caffe layer(s) of each Chainer function that a Caffe export supports.

Each converter reads one function of the graph (its class, attributes, inputs and
output shape) and adds to the net the layer(s) that compute the same values in
Caffe's TEST phase, their parameters as blobs. A function whose settings Caffe would
compute differently (another output size, an even LRN window, ...) is refused with a
:class:`CaffeExportError` naming it, never written as a net that computes something
else.
"""
import math

import numpy

from chainer.core_functions import basic_math
from chainer.functions.activation import elu
from chainer.functions.activation import leaky_relu
from chainer.functions.activation import relu
from chainer.functions.activation import sigmoid
from chainer.functions.activation import softmax
from chainer.functions.activation import tanh
from chainer.functions.array import concat
from chainer.functions.array import reshape
from chainer.functions.connection import convolution_2d
from chainer.functions.connection import deconvolution_2d
from chainer.functions.connection import linear
from chainer.functions.math import bias
from chainer.functions.math import scale
from chainer.functions.normalization import fixed_batch_normalization
from chainer.functions.normalization import local_response_normalization
from chainer.functions.pooling import average_pooling_2d
from chainer.functions.pooling import max_pooling_2d


class CaffeExportError(ValueError):
    """A function of the graph has no Caffe layer computing the same values."""


def _refuse(func, why):
    raise CaffeExportError('cannot export {} to Caffe: {}'.format(func.label, why))


def _operands(func, ctx, n_data):
    """Splits the inputs of ``func`` into the blob names of its first ``n_data``
    inputs (computed values) and the arrays of the others (constants: parameters or
    arrays given to the function), refusing the wrong kind in either place."""
    inputs = tuple(func.inputs)
    bottoms = []
    for x in inputs[:n_data]:
        name = ctx.names.name(x)
        if name is None:
            _refuse(func, 'its input is a constant, not computed from the exported '
                          'input')
        bottoms.append(name)
    constants = []
    for x in inputs[n_data:]:
        if ctx.names.name(x) is not None:
            _refuse(func, 'its parameters are computed from the input; Caffe holds '
                          'them as fixed blobs')
        constants.append(x.data)
    return bottoms, constants


def _output_shape(func):
    return tuple(func.outputs[0]().shape) if callable(func.outputs[0]) \
        else tuple(func.outputs[0].shape)


def _inner_product(func, ctx):
    bottoms, constants = _operands(func, ctx, 1)
    W = constants[0]
    b = constants[1] if len(constants) > 1 else None
    layer = ctx.layer('InnerProduct', func, bottoms)
    param = layer.inner_product_param
    param.num_output = W.shape[0]
    param.bias_term = b is not None
    ctx.blob(layer, W)
    if b is not None:
        ctx.blob(layer, b)


def _conv_geometry(func, param):
    kh, kw = func.inputs[1].shape[2:]
    param.kernel_h, param.kernel_w = int(kh), int(kw)
    param.stride_h, param.stride_w = (int(s) for s in func.stride)
    param.pad_h, param.pad_w = (int(p) for p in func.pad)
    if func.groups != 1:
        param.group = int(func.groups)
    return kh, kw


def _convolution(func, ctx):
    if func.cover_all:
        _refuse(func, 'cover_all=True gives an output size Caffe never computes')
    bottoms, constants = _operands(func, ctx, 1)
    W = constants[0]
    b = constants[1] if len(constants) > 1 else None
    layer = ctx.layer('Convolution', func, bottoms)
    param = layer.convolution_param
    param.num_output = W.shape[0]
    param.bias_term = b is not None
    _conv_geometry(func, param)
    if tuple(func.dilate) != (1, 1):
        param.dilation.extend(int(d) for d in func.dilate)
    ctx.blob(layer, W)
    if b is not None:
        ctx.blob(layer, b)


def _deconvolution(func, ctx):
    if tuple(func.dilate) != (1, 1):
        _refuse(func, 'a dilated deconvolution')
    bottoms, constants = _operands(func, ctx, 1)
    W = constants[0]
    b = constants[1] if len(constants) > 1 else None
    in_shape = func.inputs[0].shape
    kh, kw = W.shape[2:]
    expected = tuple(s * (n - 1) + k - 2 * p for n, s, k, p in zip(
        in_shape[2:], func.stride, (kh, kw), func.pad))
    if _output_shape(func)[2:] != expected:
        _refuse(func, 'outsize {} is not the size Caffe computes, {}'.format(
            _output_shape(func)[2:], expected))
    layer = ctx.layer('Deconvolution', func, bottoms)
    param = layer.convolution_param
    param.num_output = W.shape[1] * func.groups
    param.bias_term = b is not None
    _conv_geometry(func, param)
    ctx.blob(layer, W)
    if b is not None:
        ctx.blob(layer, b)


def _caffe_pooled_size(size, k, s, p):
    out = int(math.ceil(float(size + 2 * p - k) / s)) + 1
    if p > 0 and (out - 1) * s >= size + p:
        out -= 1  # Caffe drops a last window that would start in the padding
    return out


def _pooling(method):
    def convert(func, ctx):
        bottoms, _ = _operands(func, ctx, 1)
        in_shape = func.inputs[0].shape
        expected = tuple(_caffe_pooled_size(n, k, s, p) for n, k, s, p in zip(
            in_shape[2:], func.ksize, func.stride, func.pad))
        if _output_shape(func)[2:] != expected:
            _refuse(func, 'its output size {} is not the size Caffe computes, {} '
                          '(Caffe rounds up; cover_all=False or another pad may '
                          'fit)'.format(_output_shape(func)[2:], expected))
        if method == 1 and any(func.pad) and getattr(func, 'pad_value', 0) is None:
            _refuse(func, 'pad_value=None (Caffe averages over the padding too)')
        layer = ctx.layer('Pooling', func, bottoms)
        param = layer.pooling_param
        param.pool = method  # 0: MAX, 1: AVE
        param.kernel_h, param.kernel_w = (int(k) for k in func.ksize)
        param.stride_h, param.stride_w = (int(s) for s in func.stride)
        param.pad_h, param.pad_w = (int(p) for p in func.pad)
    return convert


def _lrn(func, ctx):
    if func.n % 2 != 1:
        _refuse(func, 'n={} (Caffe sums over an odd window, centered)'.format(func.n))
    bottoms, _ = _operands(func, ctx, 1)
    layer = ctx.layer('LRN', func, bottoms)
    param = layer.lrn_param
    param.local_size = int(func.n)
    param.alpha = float(func.alpha) * func.n  # Caffe divides alpha by local_size
    param.beta = float(func.beta)
    param.k = float(func.k)


def _batch_normalization(func, ctx):
    if getattr(func, 'axis', None) not in (None, (0, 2, 3), (0, 2), (0,)):
        _refuse(func, 'normalization over axis {}'.format(func.axis))
    bottoms, (gamma, beta, mean, var) = _operands(func, ctx, 1)
    if gamma.ndim != 1:
        _refuse(func, 'per-element statistics (Caffe keeps one per channel)')
    norm = ctx.layer('BatchNorm', func, bottoms)
    norm.batch_norm_param.use_global_stats = True
    norm.batch_norm_param.eps = float(func.eps)
    ctx.blob(norm, mean)
    ctx.blob(norm, var)
    ctx.blob(norm, numpy.ones(1, numpy.float32))  # the scale factor of the stats
    scale = ctx.layer('Scale', func, [norm.top[0]])
    scale.scale_param.axis = 1
    scale.scale_param.bias_term = True
    ctx.blob(scale, gamma)
    ctx.blob(scale, beta)


def _plain(caffe_type, fill=None):
    def convert(func, ctx):
        bottoms, _ = _operands(func, ctx, len(func.inputs))
        layer = ctx.layer(caffe_type, func, bottoms)
        if fill is not None:
            fill(func, layer)
    return convert


def _softmax_axis(func, layer):
    if func.axis != 1:
        layer.softmax_param.axis = int(func.axis)


def _concat_axis(func, layer):
    layer.concat_param.axis = int(func.axis)


def _reshape(func, layer):
    shape = func.shape
    if 0 in shape:  # Caffe reads 0 as "copy this axis"
        shape = _output_shape(func)
    layer.reshape_param.shape.dim.extend(int(n) for n in shape)


def _add(func, ctx):
    if len(func.inputs) != 2 or any(ctx.names.name(x) is None for x in func.inputs):
        _refuse(func, 'a constant operand (Caffe adds computed blobs only)')
    shapes = [tuple(x.shape) for x in func.inputs]
    if shapes[0] != shapes[1]:
        _refuse(func, 'operands of shapes {} and {} broadcast; Caffe Eltwise adds '
                      'blobs of one shape'.format(*shapes))
    bottoms, _ = _operands(func, ctx, 2)
    layer = ctx.layer('Eltwise', func, bottoms)
    layer.eltwise_param.operation = 1  # SUM


def _broadcast(caffe_type, field):
    """Scale and Bias: the second operand, broadcast from ``axis``, is a blob of the
    layer when it is a constant (a parameter), else its second bottom."""
    def convert(func, ctx):
        x, y = func.inputs
        second = ctx.names.name(y)
        bottoms, constants = _operands(func, ctx, 1 if second is None else 2)
        layer = ctx.layer(caffe_type, func, bottoms)
        param = getattr(layer, field)
        param.axis = int(func.axis)
        if second is None:
            param.num_axes = int(constants[0].ndim)
            ctx.blob(layer, constants[0])
    return convert


CONVERTERS = {
    linear.LinearFunction: _inner_product,
    convolution_2d.Convolution2DFunction: _convolution,
    deconvolution_2d.Deconvolution2DFunction: _deconvolution,
    max_pooling_2d.MaxPooling2D: _pooling(0),
    average_pooling_2d.AveragePooling2D: _pooling(1),
    local_response_normalization.LocalResponseNormalization: _lrn,
    fixed_batch_normalization.FixedBatchNormalization: _batch_normalization,
    relu.ReLU: _plain('ReLU'),
    leaky_relu.LeakyReLU: _plain(
        'ReLU', lambda f, layer: setattr(layer.relu_param, 'negative_slope',
                                         float(f.slope))),
    elu.ELU: _plain('ELU', lambda f, layer: setattr(layer.elu_param, 'alpha',
                                                   float(f.alpha))),
    sigmoid.Sigmoid: _plain('Sigmoid'),
    tanh.Tanh: _plain('TanH'),
    softmax.Softmax: _plain('Softmax', _softmax_axis),
    concat.Concat: _plain('Concat', _concat_axis),
    reshape.Reshape: _plain('Reshape', _reshape),
    basic_math.Add: _add,
    scale.Scale: _broadcast('Scale', 'scale_param'),
    bias.Bias: _broadcast('Bias', 'bias_param'),
}

#: The Chainer functions an export writes, by label (for messages and docs).
SUPPORTED = sorted(cls.__name__ for cls in CONVERTERS)


def converter_of(func):
    """The converter of ``func``; raises :class:`CaffeExportError` when there is
    none."""
    for cls in type(func).__mro__:
        convert = CONVERTERS.get(cls)
        if convert is not None:
            return convert
    raise CaffeExportError(
        'cannot export {} to Caffe: no Caffe layer is written for it (supported: '
        '{})'.format(func.label, ', '.join(SUPPORTED)))
