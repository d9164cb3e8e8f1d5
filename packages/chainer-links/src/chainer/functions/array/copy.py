"""Device-to-device copy of a variable: ``copy``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _to_device(array, device_id):
    """Copies ``array`` to the host (``device_id < 0``) or to GPU ``device_id``.

    A host array copied to the host is copied too (``copy`` never aliases its input).
    """
    if device_id < 0:
        host = cuda.to_cpu(array)
        return host.copy() if host is array else host
    return cuda.to_gpu(array, device=device_id)


def _device_id(array):
    return int(cuda.get_device(array).id)


def _device_number(dst):
    """The device id of a device specifier: -1 for the host, else the GPU id.

    An int is an id (as in Chainer v1); anything else is a v7 device specifier
    (``'@numpy'``, ``'@cupy:0'``, a :class:`~chainer.backend.Device`, a CuPy device)
    resolved by :func:`chainer.get_device`.
    """
    if isinstance(dst, (int, numpy.integer)) and not isinstance(dst, bool):
        return int(dst)
    if dst is cuda.DummyDevice:  # the host's stand-in for a CUDA device (v7)
        return -1
    from chainer import backend
    device = backend.get_device(dst)
    if device.xp is numpy:
        return -1
    return int(device.device.id)


class Copy(function.Function):
    """Copies the input array to the device ``out_device`` (-1 is the host)."""

    def __init__(self, out_device):
        self.out_device = _device_number(out_device)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, xs):
        return _to_device(xs[0], self.out_device),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Copy(self.out_device)(*a))
        # The gradient goes back to wherever the input lives.
        return _to_device(gys[0], _device_id(xs[0])),


def copy(x, dst):
    """Copies the input variable onto the specified device.

    Copies the array of ``x`` onto the device ``dst``; ``dst == -1`` means host
    memory. Host-to-device, device-to-device and device-to-host copies are
    supported (devices other than the host need the ``cupy-kernels`` backend).
    Backward copies the gradient back to the device of ``x``.

    Args:
        x (~chainer.Variable): variable to be copied.
        dst (int or device specifier): the target device: -1 for the host, a GPU
            id, or a v7 device specifier such as ``'@numpy'``, ``'@cupy:1'`` or a
            :class:`~chainer.backend.Device`; ``cuda.DummyDevice`` means the host.

    Returns:
        ~chainer.Variable: the copied variable.
    """
    return Copy(dst)(x)
