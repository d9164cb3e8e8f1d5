"""cuDNN paths: convolution, pooling, softmax, activation and batch normalization.

Each entry is a Python wrapper; building it needs no device, calling it needs
``chainer.cuda.cudnn_enabled``, otherwise it raises :class:`RuntimeError` saying why.
Which code runs depends on the API :mod:`cupy_kernels.cudnn_support` found:

* the convolutions and batch normalization run as cuDNN graphs through
  nvidia-cudnn-frontend (:mod:`._cudnn_frontend`) where it is installed, else through
  ``cupy.cudnn`` (CuPy 13);
* pooling, softmax and the activations run through ``cupy.cudnn`` where CuPy has it;
  with the frontend alone they run on the library's own kernels (the frontend has no
  pooling or softmax operation, and an elementwise kernel is as fast as cuDNN's
  activations), so a ``cudnn_*`` request never fails for want of an operation.

cuDNN's own constants of the ``cupy.cudnn`` path are read from ``cupy.cuda.cudnn`` at call
time.
"""
from chainer.utils import conv as conv_utils
from chainer.utils import conv_nd as conv_nd_utils

from cupy_kernels import cudnn_support
from cupy_kernels.kernels import _cudnn_frontend as frontend
from cupy_kernels.kernels.spec import PythonKernel

_ACTIVATIONS = {'relu': 'CUDNN_ACTIVATION_RELU', 'sigmoid': 'CUDNN_ACTIVATION_SIGMOID',
                'tanh': 'CUDNN_ACTIVATION_TANH',
                'clipped_relu': 'CUDNN_ACTIVATION_CLIPPED_RELU',
                'elu': 'CUDNN_ACTIVATION_ELU'}
_POOLING = {'max': 'CUDNN_POOLING_MAX',
            'average': 'CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING'}


def _mode(table, key, what):
    if key not in table:
        raise ValueError('{} must be one of {}, got {!r}'.format(what, sorted(table), key))
    return getattr(cudnn_support.libcudnn(), table[key])


def _library(name):
    """The library kernel ``name`` (through ``chainer.cuda``, which builds and caches it)."""
    from chainer import cuda
    return cuda.kernel(name)


def _require():
    if not cudnn_support.enabled():
        raise RuntimeError('cuDNN is not available: ' + cudnn_support.reason())
    return cudnn_support.api()


def _geometry(x, stride, pad, dilate):
    nd = x.ndim - 2
    return [conv_nd_utils.as_tuple(v, nd) for v in (stride, pad, dilate)]


def _groups(x, W, groups):
    groups = int(groups)
    if groups < 1 or x.shape[1] != W.shape[1] * groups or W.shape[0] % groups:
        raise ValueError('x {} and W {} are not a convolution of {} groups'.format(
            x.shape, W.shape, groups))
    return groups


def _conv_forward(cupy, parts):
    def cudnn_convolution_forward(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
        """Returns ``y`` of an n-d convolution (cross-correlation) of x (n, c, dims...)
        with W (out, c / groups, k...) plus b, by cuDNN."""
        groups = _groups(x, W, groups)
        stride, pad, dilate = _geometry(x, stride, pad, dilate)
        if _require() == 'frontend':
            return frontend.conv_forward(cupy, x, W, b, stride, pad, dilate, groups)
        lib = cudnn_support.module()
        outs = tuple(conv_utils.get_conv_outsize(d, k, s, p, False, dl) for d, k, s, p, dl
                     in zip(x.shape[2:], W.shape[2:], stride, pad, dilate))
        y = cupy.empty((x.shape[0], W.shape[0]) + outs, dtype=x.dtype)
        deterministic, autotune = frontend.runner.switches()
        lib.convolution_forward(x, W, b, y, pad, stride, dilate, groups,
                                auto_tune=autotune, tensor_core='auto')
        return y
    return cudnn_convolution_forward


def _conv_backward(cupy, parts):
    def cudnn_convolution_backward(x, W, gy, stride=1, pad=0, dilate=1, groups=1):
        """Returns ``(gx, gW, gb)`` of :func:`cudnn_convolution_forward` by cuDNN
        (``chainer.config.cudnn_deterministic``: deterministic algorithms only)."""
        groups = _groups(x, W, groups)
        stride, pad, dilate = _geometry(x, stride, pad, dilate)
        if _require() == 'frontend':
            return frontend.conv_backward(cupy, x, W, gy, stride, pad, dilate, groups)
        lib = cudnn_support.module()
        deterministic, autotune = frontend.runner.switches()
        gW = cupy.empty_like(W)
        lib.convolution_backward_filter(x, gy, gW, pad, stride, dilate, groups,
                                        deterministic=deterministic, auto_tune=autotune,
                                        tensor_core='auto')
        gx = cupy.empty_like(x)
        lib.convolution_backward_data(W, gy, None, gx, pad, stride, dilate, groups,
                                      deterministic=deterministic, auto_tune=autotune,
                                      tensor_core='auto')
        gb = gy.sum(axis=tuple(a for a in range(gy.ndim) if a != 1))
        return gx, gW, gb
    return cudnn_convolution_backward


def _pool_geometry(x, ksize, stride, pad):
    nd = x.ndim - 2
    ksize = conv_nd_utils.as_tuple(ksize, nd)
    stride = ksize if stride is None else conv_nd_utils.as_tuple(stride, nd)
    return ksize, stride, conv_nd_utils.as_tuple(pad, nd)


def _legacy():
    """True when ``cupy.cudnn`` serves pooling/softmax/activation; False when only the
    frontend is there (then the library kernels do)."""
    _require()
    return cudnn_support.has_cupy_cudnn()


def _pool_forward(cupy, parts):
    def cudnn_pooling_forward(x, ksize, stride=None, pad=0, mode='max'):
        """Returns ``y`` of max/average pooling by cuDNN (cover_all=False sizes)."""
        _check(_POOLING, mode)
        ksize, stride, pad = _pool_geometry(x, ksize, stride, pad)
        if not _legacy():
            if mode == 'max':
                return _library('max_pooling_fwd')(x, ksize, stride, pad, cover_all=False)[0]
            return _library('average_pooling_fwd')(x, ksize, stride, pad)
        outs = tuple(conv_utils.get_conv_outsize(d, k, s, p, False)
                     for d, k, s, p in zip(x.shape[2:], ksize, stride, pad))
        y = cupy.empty(x.shape[:2] + outs, dtype=x.dtype)
        return cudnn_support.module().pooling_forward(x, y, ksize, stride, pad,
                                                      _mode(_POOLING, mode, 'mode'))
    return cudnn_pooling_forward


def _pool_backward(cupy, parts):
    def cudnn_pooling_backward(x, y, gy, ksize, stride=None, pad=0, mode='max'):
        """Returns ``gx`` of :func:`cudnn_pooling_forward` by cuDNN (with the library's
        kernels, max pooling finds the maxima again)."""
        _check(_POOLING, mode)
        ksize, stride, pad = _pool_geometry(x, ksize, stride, pad)
        if not _legacy():
            if mode == 'max':
                _, indexes = _library('max_pooling_fwd')(x, ksize, stride, pad,
                                                         cover_all=False)
                return _library('max_pooling_bwd')(gy, indexes, x.shape, ksize, stride,
                                                   pad, cover_all=False)
            return _library('average_pooling_bwd')(gy, x.shape, ksize, stride, pad)
        return cudnn_support.module().pooling_backward(x, y, gy, ksize, stride, pad,
                                                       _mode(_POOLING, mode, 'mode'))
    return cudnn_pooling_backward


def _softmax_algorithm(log):
    return getattr(cudnn_support.libcudnn(),
                   'CUDNN_SOFTMAX_LOG' if log else 'CUDNN_SOFTMAX_ACCURATE')


def _softmax_forward(cupy, parts):
    def cudnn_softmax_forward(x, axis=1, log=False):
        """Returns softmax (or log-softmax) of ``x`` along ``axis`` by cuDNN."""
        if not _legacy():
            return _library('log_softmax_fwd' if log else 'softmax_fwd')(x, axis)
        return cudnn_support.module().softmax_forward(x, axis, _softmax_algorithm(log))
    return cudnn_softmax_forward


def _softmax_backward(cupy, parts):
    def cudnn_softmax_backward(y, gy, axis=1, log=False):
        """Returns ``gx`` of the (log-)softmax with output ``y`` by cuDNN."""
        if not _legacy():
            return _library('log_softmax_bwd' if log else 'softmax_bwd')(y, gy, axis)
        return cudnn_support.module().softmax_backward(y, gy, axis, _softmax_algorithm(log))
    return cudnn_softmax_backward


#: mode -> (forward kernel, backward kernel, what the backward reads: 'x' or 'y',
#: whether ``coef`` is a parameter) of the library, for the frontend-only case.
_ACTIVATION_KERNELS = {'relu': ('relu_fwd', 'relu_bwd', 'y', False),
                       'sigmoid': ('sigmoid_fwd', 'sigmoid_bwd', 'y', False),
                       'tanh': ('tanh_fwd', 'tanh_bwd', 'y', False),
                       'clipped_relu': ('clipped_relu_fwd', 'clipped_relu_bwd', 'x', True),
                       'elu': ('elu_fwd', 'elu_bwd', 'x', True)}


def _check(table, mode):
    if mode not in table:
        raise ValueError('mode must be one of {}, got {!r}'.format(sorted(table), mode))


def _activation_forward(cupy, parts):
    def cudnn_activation_forward(x, mode, coef=0.0):
        """Returns ``y`` of relu/sigmoid/tanh/clipped_relu(coef = z)/elu(coef = alpha)."""
        _check(_ACTIVATIONS, mode)
        if not _legacy():
            name, _, _, with_coef = _ACTIVATION_KERNELS[mode]
            return _library(name)(*((x, coef) if with_coef else (x,)))
        return cudnn_support.module().activation_forward(
            x, _mode(_ACTIVATIONS, mode, 'mode'), coef)
    return cudnn_activation_forward


def _activation_backward(cupy, parts):
    def cudnn_activation_backward(x, y, gy, mode, coef=0.0):
        """Returns ``gx`` of :func:`cudnn_activation_forward`."""
        _check(_ACTIVATIONS, mode)
        if not _legacy():
            _, name, reads, with_coef = _ACTIVATION_KERNELS[mode]
            args = ((x if reads == 'x' else y), gy) + ((coef,) if with_coef else ())
            return _library(name)(*args)
        return cudnn_support.module().activation_backward(
            x, y, gy, _mode(_ACTIVATIONS, mode, 'mode'), coef)
    return cudnn_activation_backward


def _bn_mode(x):
    # spatial mode (per channel over N and the spatial axes) for conv features
    lib = cudnn_support.libcudnn()
    return (x.ndim == 4, lib.CUDNN_BATCHNORM_SPATIAL if x.ndim == 4
            else lib.CUDNN_BATCHNORM_PER_ACTIVATION)


def _bn_training(cupy, parts):
    def cudnn_batch_normalization_forward_training(x, gamma, beta, running_mean,
                                                   running_var, eps=2e-5, decay=0.9):
        """Returns ``(y, mean, inv_std)``; updates the running statistics in place.

        ``mean`` and ``inv_std`` are in cuDNN's parameter dtype (float32 for float16
        data, float64 for float64 data) and of shape (c,);
        :func:`cudnn_batch_normalization_backward` reads them back as they are.
        """
        if _require() == 'frontend':
            return frontend.bn_forward_training(cupy, x, gamma, beta, running_mean,
                                                running_var, eps, decay)
        lib = cudnn_support.module()
        for_conv, mode = _bn_mode(x)
        # CuPy allocates mean/inv_std (None) in the dtype cuDNN writes
        return lib.batch_normalization_forward_training(
            x, gamma, beta, running_mean, running_var, None, None, eps, decay,
            for_conv, mode, False)
    return cudnn_batch_normalization_forward_training


def _bn_inference(cupy, parts):
    def cudnn_batch_normalization_forward_inference(x, gamma, beta, mean, var, eps=2e-5):
        """Returns ``y`` normalized with fixed statistics by cuDNN."""
        if _require() == 'frontend':
            return frontend.bn_forward_inference(cupy, x, gamma, beta, mean, var, eps)
        for_conv, mode = _bn_mode(x)
        return cudnn_support.module().batch_normalization_forward_inference(
            x, gamma, beta, mean, var, eps, for_conv, mode)
    return cudnn_batch_normalization_forward_inference


def _bn_backward(cupy, parts):
    def cudnn_batch_normalization_backward(x, gamma, gy, mean, inv_std, eps=2e-5):
        """Returns ``(gx, ggamma, gbeta)`` of the training-mode forward."""
        if _require() == 'frontend':
            return frontend.bn_backward(cupy, x, gamma, gy, mean, inv_std, eps)
        for_conv, mode = _bn_mode(x)
        return cudnn_support.module().batch_normalization_backward(
            x, gamma, gy, mean, inv_std, eps, for_conv, mode, False)
    return cudnn_batch_normalization_backward


KERNELS = [PythonKernel(name, f, doc) for name, f, doc in (
    ('cudnn_convolution_forward', _conv_forward,
     'cudnn_convolution_forward(x, W, b=None, stride=1, pad=0, dilate=1, groups=1) -> y'),
    ('cudnn_convolution_backward', _conv_backward,
     'cudnn_convolution_backward(x, W, gy, stride=1, pad=0, dilate=1, groups=1) -> '
     '(gx, gW, gb)'),
    ('cudnn_pooling_forward', _pool_forward,
     "cudnn_pooling_forward(x, ksize, stride=None, pad=0, mode='max') -> y"),
    ('cudnn_pooling_backward', _pool_backward,
     "cudnn_pooling_backward(x, y, gy, ksize, stride=None, pad=0, mode='max') -> gx"),
    ('cudnn_softmax_forward', _softmax_forward,
     'cudnn_softmax_forward(x, axis=1, log=False) -> y'),
    ('cudnn_softmax_backward', _softmax_backward,
     'cudnn_softmax_backward(y, gy, axis=1, log=False) -> gx'),
    ('cudnn_activation_forward', _activation_forward,
     'cudnn_activation_forward(x, mode, coef=0.0) -> y'),
    ('cudnn_activation_backward', _activation_backward,
     'cudnn_activation_backward(x, y, gy, mode, coef=0.0) -> gx'),
    ('cudnn_batch_normalization_forward_training', _bn_training,
     'cudnn_batch_normalization_forward_training(x, gamma, beta, running_mean, '
     'running_var, eps=2e-5, decay=0.9) -> (y, mean, inv_std)'),
    ('cudnn_batch_normalization_forward_inference', _bn_inference,
     'cudnn_batch_normalization_forward_inference(x, gamma, beta, mean, var, eps=2e-5)'),
    ('cudnn_batch_normalization_backward', _bn_backward,
     'cudnn_batch_normalization_backward(x, gamma, gy, mean, inv_std, eps=2e-5) -> '
     '(gx, ggamma, gbeta)'),
)]
