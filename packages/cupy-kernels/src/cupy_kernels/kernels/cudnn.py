"""cuDNN paths: convolution, pooling, softmax, activation and batch normalization through
``cupy.cudnn`` (CuPy 13 built with cuDNN; CuPy 14 dropped it).

Each entry is a Python wrapper; building it needs no device, calling it needs
``chainer.cuda.cudnn_enabled`` (CuPy's cuDNN module importable and ``CHAINER_CUDNN`` not
``0``), otherwise it raises :class:`RuntimeError` saying why. cuDNN's own constants are read
from ``cupy.cuda.cudnn`` at call time.
"""
from chainer.utils import conv as conv_utils
from chainer.utils import conv_nd as conv_nd_utils

from cupy_kernels import cudnn_support
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


def _conv_forward(cupy, parts):
    def cudnn_convolution_forward(x, W, b=None, stride=1, pad=0, dilate=1):
        """Returns ``y`` of an n-d convolution (cross-correlation) of x (n, c, dims...)
        with W (out, c, k...) plus b, by cuDNN."""
        lib = cudnn_support.module()
        nd = x.ndim - 2
        stride, pad, dilate = [conv_nd_utils.as_tuple(v, nd) for v in (stride, pad, dilate)]
        outs = tuple(conv_utils.get_conv_outsize(d, k, s, p, False, dl) for d, k, s, p, dl
                     in zip(x.shape[2:], W.shape[2:], stride, pad, dilate))
        y = cupy.empty((x.shape[0], W.shape[0]) + outs, dtype=x.dtype)
        lib.convolution_forward(x, W, b, y, pad, stride, dilate, 1, auto_tune=False,
                                tensor_core='auto')
        return y
    return cudnn_convolution_forward


def _conv_backward(cupy, parts):
    def cudnn_convolution_backward(x, W, gy, stride=1, pad=0, dilate=1):
        """Returns ``(gx, gW, gb)`` of :func:`cudnn_convolution_forward` by cuDNN."""
        lib = cudnn_support.module()
        nd = x.ndim - 2
        stride, pad, dilate = [conv_nd_utils.as_tuple(v, nd) for v in (stride, pad, dilate)]
        gW = cupy.empty_like(W)
        lib.convolution_backward_filter(x, gy, gW, pad, stride, dilate, 1,
                                        deterministic=False, auto_tune=False,
                                        tensor_core='auto')
        gx = cupy.empty_like(x)
        lib.convolution_backward_data(W, gy, None, gx, pad, stride, dilate, 1,
                                      deterministic=False, auto_tune=False,
                                      tensor_core='auto')
        gb = gy.sum(axis=tuple(a for a in range(gy.ndim) if a != 1))
        return gx, gW, gb
    return cudnn_convolution_backward


def _pool_geometry(x, ksize, stride, pad):
    nd = x.ndim - 2
    ksize = conv_nd_utils.as_tuple(ksize, nd)
    stride = ksize if stride is None else conv_nd_utils.as_tuple(stride, nd)
    return ksize, stride, conv_nd_utils.as_tuple(pad, nd)


def _pool_forward(cupy, parts):
    def cudnn_pooling_forward(x, ksize, stride=None, pad=0, mode='max'):
        """Returns ``y`` of max/average pooling by cuDNN (cover_all=False sizes)."""
        lib = cudnn_support.module()
        ksize, stride, pad = _pool_geometry(x, ksize, stride, pad)
        outs = tuple(conv_utils.get_conv_outsize(d, k, s, p, False)
                     for d, k, s, p in zip(x.shape[2:], ksize, stride, pad))
        y = cupy.empty(x.shape[:2] + outs, dtype=x.dtype)
        return lib.pooling_forward(x, y, ksize, stride, pad,
                                   _mode(_POOLING, mode, 'mode'))
    return cudnn_pooling_forward


def _pool_backward(cupy, parts):
    def cudnn_pooling_backward(x, y, gy, ksize, stride=None, pad=0, mode='max'):
        """Returns ``gx`` of :func:`cudnn_pooling_forward` by cuDNN."""
        lib = cudnn_support.module()
        ksize, stride, pad = _pool_geometry(x, ksize, stride, pad)
        return lib.pooling_backward(x, y, gy, ksize, stride, pad,
                                    _mode(_POOLING, mode, 'mode'))
    return cudnn_pooling_backward


def _softmax_algorithm(log):
    return getattr(cudnn_support.libcudnn(),
                   'CUDNN_SOFTMAX_LOG' if log else 'CUDNN_SOFTMAX_ACCURATE')


def _softmax_forward(cupy, parts):
    def cudnn_softmax_forward(x, axis=1, log=False):
        """Returns softmax (or log-softmax) of ``x`` along ``axis`` by cuDNN."""
        return cudnn_support.module().softmax_forward(x, axis, _softmax_algorithm(log))
    return cudnn_softmax_forward


def _softmax_backward(cupy, parts):
    def cudnn_softmax_backward(y, gy, axis=1, log=False):
        """Returns ``gx`` of the (log-)softmax with output ``y`` by cuDNN."""
        return cudnn_support.module().softmax_backward(y, gy, axis, _softmax_algorithm(log))
    return cudnn_softmax_backward


def _activation_forward(cupy, parts):
    def cudnn_activation_forward(x, mode, coef=0.0):
        """Returns ``y`` of relu/sigmoid/tanh/clipped_relu(coef = z)/elu(coef = alpha)."""
        return cudnn_support.module().activation_forward(
            x, _mode(_ACTIVATIONS, mode, 'mode'), coef)
    return cudnn_activation_forward


def _activation_backward(cupy, parts):
    def cudnn_activation_backward(x, y, gy, mode, coef=0.0):
        """Returns ``gx`` of :func:`cudnn_activation_forward`."""
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
        data): CuPy allocates them (passing None) so that their dtype is always the one
        cuDNN writes; :func:`cudnn_batch_normalization_backward` reads them back as they
        are.
        """
        lib = cudnn_support.module()
        for_conv, mode = _bn_mode(x)
        return lib.batch_normalization_forward_training(
            x, gamma, beta, running_mean, running_var, None, None, eps, decay,
            for_conv, mode, False)
    return cudnn_batch_normalization_forward_training


def _bn_inference(cupy, parts):
    def cudnn_batch_normalization_forward_inference(x, gamma, beta, mean, var, eps=2e-5):
        """Returns ``y`` normalized with fixed statistics by cuDNN."""
        for_conv, mode = _bn_mode(x)
        return cudnn_support.module().batch_normalization_forward_inference(
            x, gamma, beta, mean, var, eps, for_conv, mode)
    return cudnn_batch_normalization_forward_inference


def _bn_backward(cupy, parts):
    def cudnn_batch_normalization_backward(x, gamma, gy, mean, inv_std, eps=2e-5):
        """Returns ``(gx, ggamma, gbeta)`` of the training-mode forward."""
        for_conv, mode = _bn_mode(x)
        return cudnn_support.module().batch_normalization_backward(
            x, gamma, gy, mean, inv_std, eps, for_conv, mode, False)
    return cudnn_batch_normalization_backward


KERNELS = [PythonKernel(name, f, doc) for name, f, doc in (
    ('cudnn_convolution_forward', _conv_forward,
     'cudnn_convolution_forward(x, W, b=None, stride=1, pad=0, dilate=1) -> y'),
    ('cudnn_convolution_backward', _conv_backward,
     'cudnn_convolution_backward(x, W, gy, stride=1, pad=0, dilate=1) -> (gx, gW, gb)'),
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
