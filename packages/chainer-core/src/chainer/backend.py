"""The device API of Chainer v4+: device objects, device specifiers and array modules.

A device is named by a *device specifier*, accepted wherever v7 takes a device
(:func:`get_device`, :func:`using_device`, ``to_device``):

* a :class:`Device` (returned as it is);
* ``'@numpy'``, ``-1`` or any negative int (or its string, ``'-1'``), :mod:`numpy`, or
  ``(numpy,)``: the host, :class:`CpuDevice`;
* ``'@cupy:N'``, an int ``N >= 0`` (or ``'N'``), ``(cupy, N)``, or a CUDA device object
  (``chainer.cuda.Device(N)``): GPU ``N``, :class:`GpuDevice`, which needs the
  ``cupy-kernels`` backend (without it the error says what to install);
* ``'@intel64'``: the iDeep device, which this project does not provide (RuntimeError).

Strings without ``'@'`` (``'native:0'``, ``'cuda:0'``) and ``chainerx`` objects name
ChainerX devices: ChainerX is not part of this project, so they raise RuntimeError saying
so. Anything else raises TypeError or ValueError naming the specifier.
"""
import types as _types

import numpy

import chainer
from chainer import cuda
from chainer._array_types import get_array_types, get_cpu_array_types  # noqa: F401
from chainer._array_types import is_arrays_compatible  # noqa: F401
from chainer._backend import Device  # noqa: F401
from chainer.backends import _chainerx, _cpu
from chainer.backends._chainerx import ChainerxDevice, from_chx, to_chx  # noqa: F401
from chainer.backends._cpu import CpuDevice
from chainer.backends._cuda_device import GpuDevice, _is_gpu_array
from chainer.backends.intel64 import Intel64Device

_SPEC_FORMS = ("a Device, '@numpy', '@cupy:N', '@intel64', an int (N >= 0 for GPU N, "
               "negative for the host), numpy, (numpy,), (cupy, N) or a CUDA device object")


def _module_name(obj):
    return obj.__name__ if isinstance(obj, _types.ModuleType) else None


def _from_int(device_id):
    return CpuDevice() if device_id < 0 else GpuDevice.from_device_id(device_id)


def _from_string(spec):
    try:
        device_id = int(spec)
    except ValueError:
        pass
    else:
        return _from_int(device_id)
    if not spec.startswith('@'):
        raise RuntimeError(
            'cannot use the device specifier {!r}: a string without "@" names a ChainerX '
            'device, and {}'.format(spec, _chainerx._REASON))
    module, colon, rest = spec[1:].partition(':')
    if module == 'chainerx':
        raise RuntimeError('cannot use the device specifier {!r}: {}'.format(
            spec, _chainerx._REASON))
    if module == 'numpy' and not colon:
        return CpuDevice()
    if module == 'intel64' and not colon:
        return Intel64Device()
    if module == 'cupy' and colon:
        try:
            device_id = int(rest)
        except ValueError:
            device_id = None
        if device_id is not None and device_id >= 0 and rest.strip() == rest:
            return GpuDevice.from_device_id(device_id)
    raise ValueError('invalid device specifier {!r}: a string starting with "@" is '
                     "'@numpy', '@cupy:N' (N >= 0) or '@intel64'".format(spec))


def _from_tuple(spec):
    module = _module_name(spec[0]) if spec else None
    if module == 'numpy' and len(spec) == 1:
        return CpuDevice()
    if module == 'cupy' and len(spec) == 2:
        return GpuDevice.from_device_id(spec[1])
    raise ValueError('invalid device specifier {!r}: a tuple is (numpy,) or (cupy, N) '
                     '(ChainerX tuples such as ("native", 0) are not supported)'.format(spec))


def get_device(device_spec):
    """Returns the :class:`Device` named by a device specifier (see the module
    documentation for every accepted form).

    Args:
        device_spec: the device specifier.

    Returns:
        Device: a :class:`CpuDevice` or a :class:`GpuDevice` (a :class:`Device` given
        is returned as it is).

    Raises:
        RuntimeError: for a GPU without the CUDA backend or device (saying what to
            install), and for iDeep and ChainerX devices (not part of this project).
        ValueError: for a malformed string or tuple, or a negative GPU id in a tuple.
        TypeError: for an object that is no device specifier.
    """
    if isinstance(device_spec, Device):
        return device_spec
    if isinstance(device_spec, (int, numpy.integer)) and not isinstance(device_spec, bool):
        return _from_int(int(device_spec))
    if isinstance(device_spec, str):
        return _from_string(device_spec)
    if isinstance(device_spec, tuple):
        return _from_tuple(device_spec)
    module = _module_name(device_spec)
    if module == 'numpy':
        return CpuDevice()
    if module == 'chainer.backends.intel64':
        return Intel64Device()
    if module == 'chainerx' or type(device_spec).__module__.split('.')[0] == 'chainerx':
        raise RuntimeError('cannot use the device specifier {!r}: {}'.format(
            device_spec, _chainerx._REASON))
    if type(device_spec).__module__.split('.')[0] == 'cupy':
        cuda._require_backend('the device {!r}'.format(device_spec))
        if isinstance(device_spec, cuda.Device):
            return GpuDevice(device_spec)
    raise TypeError('invalid device specifier {!r} (of type {}): expected {}'.format(
        device_spec, type(device_spec).__name__, _SPEC_FORMS))


def using_device(device_spec):
    """Returns a context manager in which the device named by ``device_spec`` is the
    current one (the current CUDA device for a GPU; nothing to select for the host).

    Args:
        device_spec: a device specifier (see :func:`get_device`).

    Returns:
        A context manager (``with chainer.using_device('@cupy:1'): ...``).

    Raises:
        The errors of :func:`get_device`, at the call.
    """
    return get_device(device_spec).create_context()


def get_array_module(*args):
    """Returns the array module for the arguments: :mod:`cupy` when any of them (or the
    data of a :class:`~chainer.Variable` among them) is a CuPy array, else :mod:`numpy`.

    Args:
        args: arrays, Variables or other values.

    Returns:
        module: :mod:`numpy` or :mod:`cupy`.
    """
    variable_class = chainer.variable.Variable
    for arg in args:
        if isinstance(arg, variable_class):
            arg = arg.data
        if _is_gpu_array(arg):
            return cuda.cupy
    return numpy


def get_device_from_array(*arrays):
    """Returns the device of the first GPU array among ``arrays``, else
    :class:`CpuDevice` (for numpy arrays and for anything that is not an array).

    Unlike :func:`get_array_module`, Variables are not looked through: pass
    ``variable.array``.

    Args:
        arrays: arrays or other objects.

    Returns:
        Device
    """
    for array in arrays:
        device = GpuDevice.from_array(array)
        if device is not None:
            return device
    return CpuDevice()


def _check_array(obj, role):
    if isinstance(obj, numpy.ndarray) or _is_gpu_array(obj):
        return
    raise TypeError('cannot copy {} an object of type {}: copyto takes numpy or CuPy '
                    'arrays'.format(role, type(obj).__name__))


def copyto(dst, src):
    """Copies the elements of ``src`` into ``dst``, across devices where needed (host
    to GPU, GPU to host, GPU to GPU), casting to ``dst``'s dtype as
    :func:`numpy.copyto` does and broadcasting ``src`` to ``dst``'s shape.

    Args:
        dst (numpy.ndarray or cupy.ndarray): the destination array.
        src (numpy.ndarray or cupy.ndarray): the source array.

    Raises:
        TypeError: when either is not an array.
    """
    _check_array(src, 'from')
    _check_array(dst, 'to')
    if isinstance(dst, numpy.ndarray):
        numpy.copyto(dst, _cpu._array_to_cpu(src))
    elif isinstance(src, numpy.ndarray):
        if src.dtype == dst.dtype and src.shape == dst.shape and \
                (dst.flags.c_contiguous or dst.flags.f_contiguous):
            dst.set(src)
        else:
            cuda.cupy.copyto(dst, cuda.to_gpu(src, dst.device))
    else:
        cuda.cupy.copyto(dst, src)
