"""cuDNN graphs of the convolutions and batch normalization, for nvidia-cudnn-frontend.

Everything here describes; nothing runs. Each builder takes the ``cudnn`` module of
nvidia-cudnn-frontend and :class:`TensorDesc` descriptions of the arrays (shape, strides in
elements, dtype: read from numpy or CuPy arrays alike by :func:`describe`) and returns a
:class:`GraphSpec`: the frontend's ``pygraph`` with its operation added, and its tensors by
role (``'x'``, ``'w'``, ``'y'``, ...), the keys :mod:`cupy_kernels.cudnn_runner` binds the
device arrays to. Building a graph needs neither a device nor a driver; validating and
planning it (``graph.validate()`` onwards, in the runner) need the driver.

Conventions (Chainer's): convolution input ``x`` (n, c, d1, ...), filter ``W``
(out, c / groups, k1, ...), output ``y`` (n, out, o1, ...), cross-correlation with
symmetric padding; cuDNN reads the group count from ``c`` over the filter's second axis.
Batch normalization normalizes per channel (axis 1) over every other axis (cuDNN's
spatial mode); an (n, c) input is described as (n, c, 1, 1).
"""
import collections

import numpy

#: numpy dtype name -> (cuDNN data type name of the arrays, of the arithmetic).
DATA_TYPES = {'float16': ('HALF', 'FLOAT'), 'float32': ('FLOAT', 'FLOAT'),
              'float64': ('DOUBLE', 'DOUBLE')}

TensorDesc = collections.namedtuple('TensorDesc', 'shape strides dtype')
TensorDesc.__doc__ = '''An array as cuDNN sees it: shape, strides in elements, numpy dtype.'''

GraphSpec = collections.namedtuple('GraphSpec', 'graph tensors dtype', defaults=(None,))
GraphSpec.__doc__ = '''A frontend graph, its tensors by role (``{'x': Tensor, ...}``) and
the numpy dtype of its data (the runner's precision policy depends on it).'''


def describe(array, shape=None):
    """Returns the :class:`TensorDesc` of a numpy or CuPy array.

    Args:
        array: the array (anything with ``shape``, ``strides`` in bytes and ``dtype``).
        shape (tuple): a shape to describe instead (only for C-contiguous arrays, e.g.
            (n, c) described as (n, c, 1, 1)).

    Returns:
        TensorDesc: strides counted in elements.
    """
    dtype = numpy.dtype(array.dtype)
    if shape is not None:
        return TensorDesc(tuple(int(s) for s in shape), contiguous_strides(shape), dtype)
    strides = tuple(int(s) // dtype.itemsize for s in array.strides)
    return TensorDesc(tuple(int(s) for s in array.shape), strides, dtype)


def contiguous_strides(shape):
    """Returns the C-contiguous strides (in elements) of ``shape``."""
    strides, step = [], 1
    for extent in reversed(tuple(shape)):
        strides.append(step)
        step *= max(int(extent), 1)
    return tuple(reversed(strides))


def data_types(cudnn, dtype):
    """Returns ``(io, compute)``: the cuDNN data types of arrays of ``dtype`` and of
    their arithmetic (float for float16 data).

    Raises:
        TypeError: for a dtype cuDNN's convolutions and normalizations do not take.
    """
    name = numpy.dtype(dtype).name
    if name not in DATA_TYPES:
        raise TypeError('cuDNN graphs take float16, float32 or float64 data, got ' + name)
    io, compute = DATA_TYPES[name]
    return getattr(cudnn.data_type, io), getattr(cudnn.data_type, compute)


def conv_output_shape(x_shape, w_shape, stride, pad, dilate):
    """Returns the output shape of a convolution (no ``cover_all``): (n, out, o1, ...)
    with ``o = (d + 2 p - ((k - 1) dl + 1)) // s + 1``."""
    spatial = [(d + 2 * p - ((k - 1) * dl + 1)) // s + 1 for d, k, s, p, dl in zip(
        x_shape[2:], w_shape[2:], stride, pad, dilate)]
    return (x_shape[0], w_shape[0]) + tuple(spatial)


def _check_geometry(x_shape, w_shape, stride, pad, dilate):
    nd = len(x_shape) - 2
    if nd < 1 or len(w_shape) != nd + 2:
        raise ValueError('x {} and W {} must have the same number (>= 1) of spatial '
                         'axes'.format(x_shape, w_shape))
    for name, values in (('stride', stride), ('pad', pad), ('dilate', dilate)):
        if len(values) != nd:
            raise ValueError('{} {} does not have {} entries'.format(name, values, nd))
    if w_shape[1] < 1 or x_shape[1] % w_shape[1] or w_shape[0] % (x_shape[1] // w_shape[1]):
        raise ValueError('W {} does not group the {} channels of x'.format(
            w_shape, x_shape[1]))


def _new_graph(cudnn, dtype):
    io, compute = data_types(cudnn, dtype)
    return cudnn.pygraph(io_data_type=io, intermediate_data_type=compute,
                         compute_data_type=compute)


def _tensor(cudnn, graph, name, desc):
    return graph.tensor(name=name, dim=list(desc.shape), stride=list(desc.strides),
                        data_type=data_types(cudnn, desc.dtype)[0])


def _output(tensor, shape, dtype_type):
    tensor.set_output(True).set_data_type(dtype_type)
    tensor.set_dim(list(shape)).set_stride(list(contiguous_strides(shape)))
    return tensor


def _conv_args(stride, pad, dilate):
    return dict(padding=list(pad), stride=list(stride), dilation=list(dilate))


def conv_forward(cudnn, x, w, stride, pad, dilate):
    """The graph of ``y = conv(x, W)`` (no bias: the runner adds it).

    Args:
        cudnn: the frontend module.
        x, w (TensorDesc): the input and the filter.
        stride, pad, dilate (tuple of int): one entry per spatial axis.

    Returns:
        GraphSpec: tensors ``x``, ``w``, ``y`` (``y`` C-contiguous).
    """
    _check_geometry(x.shape, w.shape, stride, pad, dilate)
    graph = _new_graph(cudnn, x.dtype)
    tx, tw = _tensor(cudnn, graph, 'x', x), _tensor(cudnn, graph, 'w', w)
    ty = graph.conv_fprop(image=tx, weight=tw, name='conv_fprop',
                          **_conv_args(stride, pad, dilate))
    _output(ty, conv_output_shape(x.shape, w.shape, stride, pad, dilate),
            data_types(cudnn, x.dtype)[0])
    return GraphSpec(graph, {'x': tx, 'w': tw, 'y': ty}, x.dtype)


def conv_backward_data(cudnn, gy, w, x_shape, stride, pad, dilate):
    """The graph of ``gx`` (the input gradient) of :func:`conv_forward`.

    Args:
        gy, w (TensorDesc): the output gradient and the filter.
        x_shape (tuple): the input's shape (ambiguous from ``gy`` for a stride > 1).

    Returns:
        GraphSpec: tensors ``gy``, ``w``, ``gx``.
    """
    _check_geometry(tuple(x_shape), w.shape, stride, pad, dilate)
    graph = _new_graph(cudnn, gy.dtype)
    tgy, tw = _tensor(cudnn, graph, 'gy', gy), _tensor(cudnn, graph, 'w', w)
    tgx = graph.conv_dgrad(loss=tgy, filter=tw, name='conv_dgrad',
                           **_conv_args(stride, pad, dilate))
    _output(tgx, tuple(x_shape), data_types(cudnn, gy.dtype)[0])
    return GraphSpec(graph, {'gy': tgy, 'w': tw, 'gx': tgx}, gy.dtype)


def conv_backward_filter(cudnn, x, gy, w_shape, stride, pad, dilate):
    """The graph of ``gW`` (the filter gradient) of :func:`conv_forward`.

    Args:
        x, gy (TensorDesc): the input and the output gradient.
        w_shape (tuple): the filter's shape.

    Returns:
        GraphSpec: tensors ``x``, ``gy``, ``gw``.
    """
    _check_geometry(x.shape, tuple(w_shape), stride, pad, dilate)
    graph = _new_graph(cudnn, x.dtype)
    tx, tgy = _tensor(cudnn, graph, 'x', x), _tensor(cudnn, graph, 'gy', gy)
    tgw = graph.conv_wgrad(image=tx, loss=tgy, name='conv_wgrad',
                           **_conv_args(stride, pad, dilate))
    _output(tgw, tuple(w_shape), data_types(cudnn, x.dtype)[0])
    return GraphSpec(graph, {'x': tx, 'gy': tgy, 'gw': tgw}, x.dtype)


def bn_shape(shape):
    """Returns the shape batch normalization graphs see: (n, c) as (n, c, 1, 1), others
    unchanged (per-channel statistics over every axis but 1)."""
    shape = tuple(int(s) for s in shape)
    return shape + (1, 1) if len(shape) == 2 else shape


def param_dtype(dtype):
    """Returns the dtype of batch normalization's per-channel tensors for data of
    ``dtype``: float64 for float64 data, else float32 (also for float16 data)."""
    return numpy.dtype(numpy.float64 if numpy.dtype(dtype) == numpy.float64
                       else numpy.float32)


def _param_desc(x):
    shape = (1, x.shape[1]) + (1,) * (len(x.shape) - 2)
    return TensorDesc(shape, contiguous_strides(shape), param_dtype(x.dtype))


def _scalar(cudnn, graph, name):
    # a host value passed with each execution (float32 for every data type)
    return graph.tensor(name=name, dim=[1, 1, 1, 1], stride=[1, 1, 1, 1],
                        data_type=cudnn.data_type.FLOAT, is_pass_by_value=True)


def bn_training(cudnn, x):
    """The graph of training-mode batch normalization of ``x`` (C-contiguous, already in
    :func:`bn_shape`): ``y``, the batch ``mean`` and ``inv_std``, and the updated running
    statistics. Per-channel tensors (``gamma``, ``beta``, the statistics) have
    :func:`param_dtype`.

    Returns:
        GraphSpec: tensors ``x``, ``gamma``, ``beta``, ``running_mean``, ``running_var``,
        ``eps``, ``momentum`` (pass-by-value scalars), ``y``, ``mean``, ``inv_std``,
        ``next_mean``, ``next_var``.
    """
    graph = _new_graph(cudnn, x.dtype)
    param = _param_desc(x)
    t = {'x': _tensor(cudnn, graph, 'x', x)}
    for name in ('gamma', 'beta', 'running_mean', 'running_var'):
        t[name] = _tensor(cudnn, graph, name, param)
    t['eps'], t['momentum'] = _scalar(cudnn, graph, 'eps'), _scalar(cudnn, graph, 'momentum')
    outs = graph.batchnorm(input=t['x'], scale=t['gamma'], bias=t['beta'],
                           in_running_mean=t['running_mean'],
                           in_running_var=t['running_var'], epsilon=t['eps'],
                           momentum=t['momentum'], name='batchnorm')
    io, param_type = data_types(cudnn, x.dtype)[0], data_types(cudnn, param.dtype)[0]
    for role, tensor in zip(('y', 'mean', 'inv_std', 'next_mean', 'next_var'), outs):
        shape = x.shape if role == 'y' else param.shape
        t[role] = _output(tensor, shape, io if role == 'y' else param_type)
    return GraphSpec(graph, t, x.dtype)


def bn_inference(cudnn, x):
    """The graph of ``y = gamma (x - mean) inv_std + beta`` with fixed statistics (the
    runner passes ``inv_std = 1 / sqrt(var + eps)``).

    Returns:
        GraphSpec: tensors ``x``, ``mean``, ``inv_std``, ``gamma``, ``beta``, ``y``.
    """
    graph = _new_graph(cudnn, x.dtype)
    param = _param_desc(x)
    t = {'x': _tensor(cudnn, graph, 'x', x)}
    for name in ('mean', 'inv_std', 'gamma', 'beta'):
        t[name] = _tensor(cudnn, graph, name, param)
    y = graph.batchnorm_inference(input=t['x'], mean=t['mean'], inv_variance=t['inv_std'],
                                  scale=t['gamma'], bias=t['beta'], name='bn_inference')
    t['y'] = _output(y, x.shape, data_types(cudnn, x.dtype)[0])
    return GraphSpec(graph, t, x.dtype)


def bn_backward(cudnn, x):
    """The graph of the gradients of :func:`bn_training`: ``gx``, ``ggamma``, ``gbeta``
    from ``gy``, ``x``, ``gamma`` and the saved ``mean`` and ``inv_std``.

    Returns:
        GraphSpec: tensors ``gy``, ``x``, ``gamma``, ``mean``, ``inv_std``, ``gx``,
        ``ggamma``, ``gbeta``.
    """
    graph = _new_graph(cudnn, x.dtype)
    param = _param_desc(x)
    t = {'gy': _tensor(cudnn, graph, 'gy', x), 'x': _tensor(cudnn, graph, 'x', x)}
    for name in ('gamma', 'mean', 'inv_std'):
        t[name] = _tensor(cudnn, graph, name, param)
    outs = graph.batchnorm_backward(grad=t['gy'], input=t['x'], scale=t['gamma'],
                                    mean=t['mean'], inv_variance=t['inv_std'],
                                    name='bn_backward')
    io, param_type = data_types(cudnn, x.dtype)[0], data_types(cudnn, param.dtype)[0]
    for role, tensor in zip(('gx', 'ggamma', 'gbeta'), outs):
        t[role] = _output(tensor, x.shape if role == 'gx' else param.shape,
                          io if role == 'gx' else param_type)
    return GraphSpec(graph, t, x.dtype)
