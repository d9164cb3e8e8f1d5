"""The device abstraction of Chainer v4+: :class:`Device`, the base of every device class.

A device names where arrays live and which array module computes on them: the host
(:class:`chainer.backend.CpuDevice`, numpy), a CUDA GPU (:class:`chainer.backend.GpuDevice`,
CuPy through the ``cupy-kernels`` backend), and the v7 names for iDeep and ChainerX, which
this project does not provide. This module holds only the base class and the helper that
applies a per-array conversion to an array or to a list/tuple of arrays.
"""


def _convert_arrays(arrays, convert):
    """Applies ``convert`` to an array, or to each item of a list or tuple of arrays.

    Items that are None stay None; an array object met several times in the container
    is converted once, and every position holding it gets the same result. The
    container type (list or tuple) is kept.
    """
    if not isinstance(arrays, (list, tuple)):
        return convert(arrays)
    done = {}
    out = []
    for array in arrays:
        if array is None:
            out.append(None)
            continue
        key = id(array)
        if key not in done:
            done[key] = convert(array)
        out.append(done[key])
    return type(arrays)(out)


class _NullContext(object):
    """The context of a device that needs no selection (the host)."""

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc_value, traceback):
        return None


_null_context = _NullContext()


class Device(object):
    """Base class of the unified device objects (Chainer v4+).

    Concrete devices define the class or instance attributes ``xp`` (the array module,
    e.g. :mod:`numpy`), ``name`` (a unique device specifier string such as
    ``'@numpy'`` or ``'@cupy:0'``, which is also ``str(device)``) and
    ``supported_array_types`` (the array classes the device computes on), the method
    ``send_array(array)`` (one array onto the device) and ``__eq__``. A subclass that
    defines ``__eq__`` sets ``__hash__ = Device.__hash__`` to stay hashable by name.

    Devices are not context managers: ``with device:`` raises RuntimeError; use
    :func:`chainer.using_device` (or :meth:`create_context`) instead.
    """

    def __str__(self):
        return self.name

    def __hash__(self):
        return hash(self.name)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __enter__(self):
        """Refuses ``with device:``: the device must be applied with
        :func:`chainer.using_device`.

        Raises:
            RuntimeError: always, saying what to use instead.
        """
        raise RuntimeError(
            'A Device object is not a context manager: use chainer.using_device({!r}) '
            'or device.create_context() instead of "with device:"'.format(str(self)))

    def __exit__(self, exc_type, exc_value, traceback):
        """Counterpart of :meth:`__enter__` (never reached, as entering fails)."""
        return None

    def create_context(self):
        """Returns a context manager in which this device is the current one.

        The host and devices without a notion of "current" return a context that does
        nothing; a GPU device returns one that selects its CUDA device.
        :func:`chainer.using_device` calls this.
        """
        return _null_context

    def use(self):
        """Makes this device the current one of the calling thread (a no-op for the
        host)."""

    def send(self, arrays):
        """Transfers an array, or a list/tuple of arrays, to this device.

        Args:
            arrays: an array (numpy, or CuPy with the GPU backend), None, or a list or
                tuple of them.

        Returns:
            The transferred array(s), in the same container type; arrays already on
            the device are returned as they are (no copy), None stays None.
        """
        return _convert_arrays(arrays, self.send_array)

    def send_array(self, array):
        """Transfers one array to this device: an array of
        :attr:`supported_array_types` is returned unchanged; a concrete device
        overrides this to convert the others.

        Raises:
            TypeError: for an array this device cannot take.
        """
        if self.is_array_supported(array):
            return array
        raise TypeError('{} cannot take an array of type {}'.format(
            self, type(array).__name__))

    def is_array_supported(self, array):
        """Returns whether ``array`` can be computed on this device as it is (its type
        is one of :attr:`supported_array_types`; a GPU device also requires the array
        to live on its own GPU).

        Args:
            array: any object.

        Returns:
            bool
        """
        return isinstance(array, self.supported_array_types)
