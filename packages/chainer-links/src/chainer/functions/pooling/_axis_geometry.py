"""The per-axis names of a 2-d pooling's geometry, shared by the 2-d poolings and
unpooling (v1 and v7 name them so, and exporters such as onnx-chainer read them)."""


class AxisGeometry2D(object):
    """Mixin: ``kh``/``kw``, ``sy``/``sx`` and ``ph``/``pw`` read from the ``ksize``,
    ``stride`` and ``pad`` pairs of a 2-d window function."""

    kh = property(lambda self: self.ksize[0], doc='Window height (``ksize[0]``).')
    kw = property(lambda self: self.ksize[1], doc='Window width (``ksize[1]``).')
    sy = property(lambda self: self.stride[0], doc='Vertical stride (``stride[0]``).')
    sx = property(lambda self: self.stride[1], doc='Horizontal stride (``stride[1]``).')
    ph = property(lambda self: self.pad[0], doc='Vertical padding (``pad[0]``).')
    pw = property(lambda self: self.pad[1], doc='Horizontal padding (``pad[1]``).')
