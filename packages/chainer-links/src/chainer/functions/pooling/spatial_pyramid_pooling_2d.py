"""Spatial pyramid pooling."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions.pooling.max_pooling_2d import MaxPooling2D
from chainer.utils import type_check


def _level_window(size, level):
    # k = ceil(b / 2^i), p = (2^i k - b) / 2 : 2^i windows cover the axis.
    bins = 2 ** level
    k = -(-size // bins)
    return k, (bins * k - size) // 2


class SpatialPyramidPooling2D(function.Function):
    """Pools the input at ``pyramid_height`` levels (``2^i x 2^i`` bins at level ``i``),
    flattens each level and concatenates them along the channel axis.

    Args:
        x_shape (tuple): shape of the input (its height and width set the windows).
        pyramid_height (int): number of pyramid levels.
        pooling_class: :class:`MaxPooling2D` (the only pooling supported, as documented).
        use_cudnn (bool or None): passed to the pooling functions (cuDNN on the GPU).
    """

    def __init__(self, x_shape, pyramid_height, pooling_class, use_cudnn=None):
        if pooling_class is not MaxPooling2D:
            raise ValueError('pooling_class must be MaxPooling2D (the only pooling '
                             'supported), got {!r}'.format(pooling_class))
        if int(pyramid_height) < 1:
            raise ValueError('pyramid_height must be a positive int, got {!r}'.format(
                pyramid_height))
        if len(x_shape) < 2:
            raise ValueError('x_shape must be (n, c, h, w), got {!r}'.format(x_shape))
        self.x_shape = tuple(x_shape)
        self.pyramid_height = int(pyramid_height)
        self.poolers = []
        for level in range(self.pyramid_height):
            # (the last two axes; a wrong ndim is reported by the type check)
            kh, ph = _level_window(x_shape[-2], level)
            kw, pw = _level_window(x_shape[-1], level)
            self.poolers.append(pooling_class((kh, kw), (kh, kw), (ph, pw), cover_all=True,
                                              use_cudnn=use_cudnn))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            x_type.shape[2] == self.x_shape[-2],
            x_type.shape[3] == self.x_shape[-1],
        )

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        ys = [p.forward(inputs)[0] for p in self.poolers]
        self.out_shapes = [y.shape for y in ys]
        flat = [y.reshape(len(x), -1) for y in ys]
        return xp.concatenate(flat, axis=1).reshape(len(x), -1, 1, 1),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return self._variable_grad(inputs, grad_outputs[0]),
        gy = grad_outputs[0].reshape(len(inputs[0]), -1)
        gx = None
        start = 0
        for pooler, shape in zip(self.poolers, self.out_shapes):
            size = shape[1] * shape[2] * shape[3]
            g = gy[:, start:start + size].reshape(shape)
            start += size
            g_level = pooler.backward(inputs, (g,))[0]
            if gx is None:
                gx = g_level.copy()
            else:
                gx += g_level
        return gx,

    def _variable_grad(self, inputs, gy):
        # the same sum of the levels' gradients, from differentiable functions (each
        # level's max pooling backward builds its own node in a double backprop)
        import chainer.functions as F
        gy = F.reshape(gy, (len(inputs[0]), -1))
        gx = None
        start = 0
        for pooler, shape in zip(self.poolers, self.out_shapes):
            size = shape[1] * shape[2] * shape[3]
            g = F.reshape(gy[:, start:start + size], shape)
            start += size
            g_level = pooler.backward(inputs, (g,))[0]
            gx = g_level if gx is None else gx + g_level
        return gx


def spatial_pyramid_pooling_2d(x, pyramid_height, pooling_class=None, use_cudnn=None,
                               pooling=None):
    """Spatial pyramid pooling function.

    At level ``i`` (zero-based) the input is pooled with window and stride
    ``k^{(i)} = ceil(b / 2^i)`` and padding ``p^{(i)} = (2^i k^{(i)} - b) / 2`` per axis
    (``b`` the input height or width), which yields ``2^i x 2^i`` bins; all levels are
    flattened and concatenated. (When an axis is shorter than ``2^i`` this rule gives
    fewer bins at that level, as in Chainer.)

    Args:
        x (~chainer.Variable): input of shape ``(batchsize, c, height, width)``.
        pyramid_height (int): number of pyramid levels.
        pooling_class: :class:`MaxPooling2D` (the only pooling available, as documented;
            v1's argument).
        use_cudnn (bool or None): passed to the pooling functions (cuDNN on the GPU).
        pooling (str): ``'max'`` (v3+'s argument naming the pooling; the only one
            available). One of ``pooling`` and ``pooling_class`` must be given.

    Returns:
        ~chainer.Variable: output of shape ``(batchsize, c * sum_{h<H} 2^{2h}, 1, 1)``.
        Differentiable twice (as max pooling is).

    Raises:
        ValueError: for a pooling other than max, or none given.

    See: Spatial Pyramid Pooling in Deep Convolutional Networks for Visual Recognition.
    """
    if pooling is not None:
        if pooling != 'max':
            raise ValueError("pooling must be 'max' (the only pooling supported), got "
                             "{!r}".format(pooling))
        if pooling_class is not None and pooling_class is not MaxPooling2D:
            raise ValueError('give either pooling or pooling_class, not both')
        pooling_class = MaxPooling2D
    elif pooling_class is None:
        raise ValueError("spatial_pyramid_pooling_2d needs pooling='max' (or v1's "
                         "pooling_class=MaxPooling2D)")
    return SpatialPyramidPooling2D(x.shape, pyramid_height, pooling_class, use_cudnn)(x)
