"""Parameter: the variable a link owns, initialized by an initializer, possibly later
than it is made (when its shape is known from the first input)."""
import weakref

import numpy

from chainer import cuda
from chainer import flag
from chainer import initializers
from chainer.variable import _NAN_GRAD
from chainer.variable import Variable

#: Sets an attribute past :meth:`Parameter.__setattr__` (where it is not needed)
_set_attribute = object.__setattr__


class Parameter(Variable):
    """A variable that a :class:`~chainer.Link` registers as its parameter.

    Assigned to a link's attribute inside ``with link.init_scope():``, it becomes a
    parameter of the link. Its data is made by an initializer: at once when the shape
    is known, else by :meth:`initialize`. A new parameter's gradient is filled with
    NaN (so that an update before any backward is visible); :meth:`cleargrad` or
    :meth:`zerograd` before the initialization decide what it starts with instead.

    Args:
        initializer: an :class:`~chainer.Initializer`, a scalar (filled in; float32),
            an array (used as the data; its shape and dtype win) or None (NaN).
        shape (int or tuple of ints): the shape; None leaves the parameter
            uninitialized until :meth:`initialize`.
        name (str): the name.

    Attributes:
        initializer: what fills the data at initialization.
        update_rule: the :class:`~chainer.UpdateRule` an optimizer set (None before).
    """

    def __init__(self, initializer=None, shape=None, name=None):
        if initializer is None:
            initializer = initializers.NaN()
        elif numpy.isscalar(initializer):
            initializer = initializers.Constant(initializer)
        # what a later initialize() gives the gradient: NaN for a parameter made
        # uninitialized; None for one made with its data, whose gradient starts as
        # NaN here (v7: initializing it again leaves no gradient)
        self._grad_initializer = None
        self._initial_device = None
        is_array = _is_array(initializer)
        if shape is None and is_array:
            super(Parameter, self).__init__(initializer, volatile=flag.AUTO, name=name)
            self._defer_nan_grad()
        elif shape is None:
            super(Parameter, self).__init__(None, volatile=flag.AUTO, name=name)
            dtype = getattr(initializer, 'dtype', None)
            self._grad_initializer = initializers.NaN(dtype)
        else:
            xp = numpy
            if is_array:
                xp = cuda.get_array_module(initializer)
                initializer = initializers.Constant(initializer)
            data = initializers.generate_array(initializer, _as_shape(shape), xp)
            super(Parameter, self).__init__(data, volatile=flag.AUTO, name=name)
            self._defer_nan_grad()
        self.initializer = initializer
        self.update_rule = None

    def __reduce__(self):
        return _restore_parameter, (self.data, self.name, self._grad_or_none(),
                                    self.initializer, self.update_rule)

    def _grad_or_none(self):
        return None if self._grad is None else self.grad

    @property
    def is_initialized(self):
        """Whether the data array exists."""
        return self.data is not None

    @property
    def dtype(self):
        """The dtype of the data (of the initializer's, before initialization)."""
        if self.data is not None:
            return self.data.dtype
        dtype = getattr(self.initializer, 'dtype', None)
        if dtype is None:
            raise RuntimeError('the dtype of the uninitialized parameter {!r} is not '
                               'known yet: its initializer gives none'.format(self.name))
        return numpy.dtype(dtype)

    def initialize(self, shape):
        """Makes the data array of ``shape`` with the initializer (and the gradient:
        NaN, or what :meth:`cleargrad`/:meth:`zerograd` asked for)."""
        xp = numpy
        if self._initial_device is not None:
            xp = cuda.cupy
        with cuda.get_device(self._initial_device):
            data = initializers.generate_array(self.initializer, _as_shape(shape), xp)
        custom = self.__dict__.get('_custom_device')
        if custom is not None:  # a device of one's own (see to_device)
            data = custom.send(data)
        # copies made before the initialization get the same array (and a gradient)
        waiting = [p for p in self._peers() if p.data is None]
        self._take_data(data)
        for other in waiting:
            other._take_data(data)

    def _take_data(self, data):
        ginit = self._grad_initializer
        with cuda.get_device(data):
            grad = None if ginit is None else initializers.generate_array(
                ginit, data.shape, cuda.get_array_module(data)).astype(
                    data.dtype, copy=False)
        self.data = data
        self._grad = grad
        self._grad_var = None

    def __copy__(self):
        """A shallow copy sharing the data array, as in v7: the copies (those of
        :meth:`Link.copy` too) share the slot of the array, so that an array assigned
        to ``data`` (or ``array``) of one of them, or made by the initialization of
        an uninitialized one, is the array of all of them, until one is moved to
        another device (:meth:`to_cpu`, :meth:`to_gpu`, :meth:`to_device`)."""
        restore, args = self.__reduce__()
        new = restore(*args)
        new.__dict__.update((k, v) for k, v in self.__dict__.items()
                            if k != '_data_peers')
        self._share_data_with(new)
        return new

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name == 'data':
            peers = self.__dict__.get('_data_peers')
            if peers is not None:
                for ref in peers:
                    other = ref()
                    if other is not None and other is not self:
                        object.__setattr__(other, 'data', value)

    def _share_data_with(self, other):
        """Makes ``other`` (a new parameter) share the slot of this one's array."""
        peers = self.__dict__.get('_data_peers')
        if peers is None:
            peers = self.__dict__['_data_peers'] = [weakref.ref(self)]
        else:
            peers[:] = [ref for ref in peers if ref() is not None]
        peers.append(weakref.ref(other))
        other.__dict__['_data_peers'] = peers

    def _peers(self):
        """The other living parameters sharing this one's array slot."""
        peers = self.__dict__.get('_data_peers', ())
        return [p for p in (ref() for ref in peers) if p is not None and p is not self]

    def _unshare_data(self):
        """Leaves the sharing of the array slot (as v7 does when a parameter moves to
        a device: the copies keep the old array)."""
        peers = self.__dict__.pop('_data_peers', None)
        if peers is not None:
            peers[:] = [ref for ref in peers if ref() is not None and ref() is not self]

    def cleargrad(self):
        """Clears the gradient; an uninitialized parameter starts without one."""
        _set_attribute(self, '_grad', None)
        _set_attribute(self, '_grad_var', None)
        if self.data is None:
            self._grad_initializer = None

    def _zerograd(self):
        # an uninitialized parameter starts with zeros
        if self.data is None:
            self._grad_initializer = initializers.Zero(
                getattr(self.initializer, 'dtype', None))
            return
        super(Parameter, self)._zerograd()

    @property
    def device(self):
        """The device of the data (see :mod:`chainer.backend`); a device of one's
        own given to :meth:`to_device` is returned as given, also before the
        parameter is initialized."""
        custom = self.__dict__.get('_custom_device')
        if custom is not None:
            return custom
        return Variable.device.fget(self)

    def to_device(self, device):
        """Moves the data and gradient to ``device`` (v4+), and so the later
        initialization.

        Args:
            device: a device specifier (see :func:`chainer.get_device`). A
                :class:`~chainer.backend.Device` other than the host and the CUDA
                GPUs (a subclass of one's own, as v7 allows) gets the arrays through
                its ``send`` and is what :attr:`device` returns afterwards.
        """
        from chainer import backend
        device = backend.get_device(device)
        self._unshare_data()
        if isinstance(device, (backend.CpuDevice, backend.GpuDevice)):
            super(Parameter, self).to_device(device)
            return
        self._initial_device = None
        self._custom_device = device
        if self.data is not None:
            self.data = device.send(self.data)
            if self._grad is not None and self._grad is not _NAN_GRAD:
                self._grad = device.send(self._grad)

    def to_cpu(self):
        """Moves the data and gradient to the host (and so the later initialization)."""
        self._unshare_data()
        self.__dict__.pop('_custom_device', None)
        self._initial_device = None
        if self.data is not None:
            super(Parameter, self).to_cpu()

    def to_gpu(self, device=None):
        """Moves the data and gradient to a GPU (and so the later initialization)."""
        self._unshare_data()
        self.__dict__.pop('_custom_device', None)
        self._initial_device = cuda.get_device(device).id if device is not None \
            else cuda.get_device(None).id
        if self.data is not None:
            super(Parameter, self).to_gpu(device)

    def update(self):
        """Updates the data with the update rule an optimizer set (if any)."""
        if self.update_rule is not None:
            self.update_rule.update(self)


def _as_shape(shape):
    return (shape,) if isinstance(shape, (int, numpy.integer)) else tuple(shape)


def _restore_parameter(data, name, grad, initializer, update_rule):
    p = Parameter(initializer=initializer if data is None else data, name=name)
    p.initializer = initializer
    if data is not None:
        p._grad = grad
        if not _is_array(initializer):
            # a copy initialized again gets NaN there (v7's copies do)
            p._grad_initializer = initializers.NaN(getattr(initializer, 'dtype', None))
    p.update_rule = update_rule
    return p


def _is_array(value):
    return isinstance(value, numpy.ndarray) or hasattr(value, '__cuda_array_interface__')
