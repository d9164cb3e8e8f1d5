"""Link, Chain and ChainList: the building blocks of models (spec 001 §3.1.4).

A :class:`Link` owns parameters (variables) and persistent values; :class:`Chain` and
:class:`ChainList` compose links into a tree whose nodes are named by slash-separated
paths (``/encoder/l1/W``). All hierarchy traversals are written once in :class:`Link`
over ``_child_items()``, which the composite classes override.
"""
import copy as copy_module
import numbers

import numpy

from chainer import cuda
from chainer import flag
from chainer import initializers
from chainer import variable


def _normalize_shape(shape, name):
    if isinstance(shape, numbers.Integral):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)) or \
            not all(isinstance(s, numbers.Integral) for s in shape):
        raise TypeError('shape of parameter {!r} must be an int or a tuple of ints, '
                        'got {!r}'.format(name, shape))
    shape = tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError('shape of parameter {!r} must be non-negative, got {}'.format(
            name, shape))
    return shape


def _float_dtype(dtype, name):
    dtype = numpy.dtype(dtype)
    if dtype.kind != 'f':
        raise TypeError('dtype of parameter {!r} must be a floating point type, got '
                        '{}'.format(name, dtype))
    return dtype


def _shape_and_dtype(value, name):
    # Link(**params) takes a shape (float32), or a (shape, dtype) pair.
    if isinstance(value, numbers.Integral) or (
            isinstance(value, tuple) and
            all(isinstance(v, numbers.Integral) for v in value)):
        return value, numpy.float32
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return value[0], value[1]
    raise TypeError('parameter {!r} of Link(...) must be a shape or a (shape, dtype) '
                    'pair, got {!r}'.format(name, value))


def _share_variable(var):
    """A new Variable object sharing ``var``'s data array, without a gradient (as
    v1 does: a copy's backward must not add into the original's gradients)."""
    return variable.Variable(var.data, volatile=var.volatile, name=var.name)


#: ``_initial_grad``'s answer for v1's gradient of NaNs (deferred, see Variable.grad).
_NAN = object()


class Link(object):
    """Building block of model definitions: parameters plus persistent values.

    Parameters are variables registered with :meth:`add_param` (or given to the
    constructor); persistent values (arrays, scalars, ...) are registered with
    :meth:`add_persistent`. Both are attributes of the link and are what
    serialization saves and loads; other attributes belong to the user program.
    Links typically implement ``__call__``; Link itself does not.

    Args:
        params: shapes of initial parameters, keyed by name; a value is a shape
            (int or tuple of ints; dtype float32) or a ``(shape, dtype)`` pair. The
            parameters are NaN-filled.

    Attributes:
        name (str): name of this link, given by the parent chain (None at the root).
    """

    def __init__(self, **params):
        self._params = []
        self._persistent = []
        self._uninitialized_params = {}
        self._cpu = True
        self._device_id = None
        self.name = None
        for name, value in params.items():
            shape, dtype = _shape_and_dtype(value, name)
            self.add_param(name, shape, dtype=dtype)

    @property
    def xp(self):
        """Array module of this link: :mod:`numpy` on the host, cupy on a GPU."""
        return numpy if self._cpu else cuda.cupy

    def _check_new_attribute(self, name, what):
        if not isinstance(name, str):
            raise TypeError('name of a {} must be a str, got {!r}'.format(what, name))
        if name in self.__dict__ and name not in self._uninitialized_params:
            raise AttributeError('cannot register a new {} {!r}: attribute exists'
                                 .format(what, name))

    def add_param(self, name, shape, dtype=numpy.float32, initializer=None):
        """Registers a parameter variable, set as the attribute ``name``.

        The parameter variable's volatile flag is AUTO, so that it can be combined
        with volatile and non-volatile inputs alike. The data is filled by
        ``initializer`` (see
        :func:`chainer.initializers.init_weight` for the accepted kinds: an
        initializer, a scalar or an array); without one, data and gradient are NaN
        arrays, so that use before initialization is visible. Registering a name
        given to :meth:`add_uninitialized_param` initializes that parameter.

        Args:
            name (str): name of the parameter and of the attribute.
            shape (int or tuple of ints): shape of the parameter array.
            dtype: floating point data type of the parameter array, unless the
                initializer has a ``dtype`` of its own, which wins (as in v1).
            initializer: how to fill the data (None: NaN).
        """
        self._check_new_attribute(name, 'parameter')
        shape = _normalize_shape(shape, name)
        # As in v1, an initializer built for a dtype decides the parameter's dtype.
        dtype = _float_dtype(initializers.helper._dtype_of(initializer, dtype), name)
        xp = self.xp
        with self._device():
            data = xp.full(shape, numpy.nan, dtype=dtype)
            if initializer is not None:
                try:
                    initializers.init_weight(data, initializer)
                except (TypeError, ValueError) as e:
                    raise type(e)('initializer of parameter {!r}: {}'.format(
                        name, e)) from e
            grad = self._initial_grad(name, data)
        # AUTO, as in Chainer v1: a parameter meets volatile inputs (evaluation with
        # volatile='on', spec 001 §2.2.3) as well as non-volatile ones.
        param = variable.Variable(data, volatile=flag.AUTO, name=name,
                                  grad=None if grad is _NAN else grad)
        if grad is _NAN:
            param._defer_nan_grad()
        self.__dict__[name] = param
        self._uninitialized_params.pop(name, None)
        self._params.append(name)

    def _initial_grad(self, name, data):
        # v1: a parameter initialized after cleargrads()/zerograds() starts with the
        # gradient those asked for (None or zeros), so that the first backward, which
        # creates it, accumulates into no NaN.
        pending = self._uninitialized_params.get(name)
        if pending is not None and pending._cleared:
            return None
        xp = cuda.get_array_module(data)
        if pending is not None and pending._zeroed:
            return xp.zeros_like(data)
        return _NAN  # allocated on first use: loading a model needs no gradient memory

    def add_uninitialized_param(self, name):
        """Registers a parameter whose shape is fixed later (on the first call).

        The attribute ``name`` is None until :meth:`add_param` is called with the
        same name, typically in the first forward computation once the input size is
        known. Until then the parameter is skipped by params(), copies and saving;
        loading a file that holds it initializes it with the stored shape.

        Args:
            name (str): name of the parameter and of the attribute.
        """
        self._check_new_attribute(name, 'uninitialized parameter')
        if name in self._uninitialized_params:
            raise AttributeError('cannot register a new uninitialized parameter {!r}: '
                                 'attribute exists'.format(name))
        self.__dict__[name] = None
        self._uninitialized_params[name] = _UninitializedParam()

    @property
    def has_uninitialized_params(self):
        """True when this link or a link below it has uninitialized parameters."""
        return any(link._uninitialized_params for link in self.links())

    def add_persistent(self, name, value):
        """Registers a persistent value (array, scalar, ...), set as attribute ``name``.

        Persistent values are saved and loaded by serialization and moved by
        :meth:`to_cpu`/:meth:`to_gpu` (arrays only).
        """
        self._check_new_attribute(name, 'persistent value')
        self.__dict__[name] = value
        self._persistent.append(name)

    def _device(self):
        if self._cpu or self._device_id is None:
            return cuda.DummyDevice
        return cuda.get_device(self._device_id)

    # Hierarchy ------------------------------------------------------------------

    def _child_items(self):
        """(name, child link) pairs; a plain Link has none."""
        return ()

    def children(self):
        """Returns a generator of the child links (in registration order)."""
        for _, child in self._child_items():
            yield child

    def namedlinks(self, skipself=False):
        """Returns a generator of (path, link) pairs of the hierarchy.

        The path of this link is ``'/'``; a child's is ``'/<name>'`` and so on down.

        Args:
            skipself (bool): start with the first child instead of this link.
        """
        if not skipself:
            yield '/', self
        for name, child in self._child_items():
            prefix = '/' + name
            yield prefix, child
            for path, link in child.namedlinks(skipself=True):
                yield prefix + path, link

    def links(self, skipself=False):
        """Returns a generator of all links of the hierarchy (see namedlinks)."""
        for _, link in self.namedlinks(skipself):
            yield link

    def namedparams(self):
        """Returns a generator of (path, parameter) pairs, paths relative to this link
        (``'/W'``, ``'/l1/b'``)."""
        d = self.__dict__
        for name in self._params:
            yield '/' + name, d[name]
        for name, child in self._child_items():
            prefix = '/' + name
            for path, param in child.namedparams():
                yield prefix + path, param

    def params(self):
        """Returns a generator of all parameters of the hierarchy."""
        for _, param in self.namedparams():
            yield param

    # Copy -----------------------------------------------------------------------

    def copy(self):
        """Copies the link hierarchy.

        The copy is shallow, except that parameter variables are new objects that
        share the data arrays with the original ones and, as in v1, start without
        gradients; the name of the copied root is reset to None.

        Returns:
            Link: the copied link.
        """
        ret = copy_module.copy(self)
        ret._params = list(self._params)
        ret._persistent = list(self._persistent)
        ret._uninitialized_params = {
            name: copy_module.copy(pending)
            for name, pending in self._uninitialized_params.items()}
        ret.name = None
        d = ret.__dict__
        for name in ret._params:
            d[name] = _share_variable(d[name])
        ret._copy_children()
        return ret

    def _copy_children(self):
        """Replaces the children of a fresh shallow copy by their copies."""

    # Parameter-wise operations --------------------------------------------------

    def _paired_params(self, link):
        # Parameters of self and link matched by path, with a clear error on a
        # structural mismatch.
        src = dict(link.namedparams())
        for path, param in self.namedparams():
            if path not in src:
                raise ValueError('source link has no parameter {!r}'.format(path))
            yield param, src[path]

    def copyparams(self, link):
        """Copies the data arrays of all parameters from ``link`` (same structure),
        across host and devices. Gradients are not copied. A parameter still
        uninitialized here is initialized with the shape and dtype of its initialized
        counterpart in ``link``, as in v1."""
        self._initialize_like(link)
        for dst, src in self._paired_params(link):
            dst.copydata(src)

    def _initialize_like(self, link):
        src = dict(link.namedparams())
        for path, sub in self.namedlinks():
            prefix = '' if path == '/' else path
            for name in list(sub._uninitialized_params):
                counterpart = src.get(prefix + '/' + name)
                if counterpart is not None:
                    sub.add_param(name, counterpart.shape, dtype=counterpart.dtype)

    def addgrads(self, link):
        """Adds the gradient arrays of ``link``'s parameters to this link's,
        across host and devices."""
        for dst, src in self._paired_params(link):
            dst.addgrad(src)

    def zerograds(self):
        """Fills all gradient arrays with zeros (cleargrads is cheaper); parameters
        initialized later start with zero gradients too."""
        for param in self.params():
            param.zerograd()
        self._mark_uninitialized(zeroed=True)

    def cleargrads(self):
        """Sets all gradient arrays to None; call it before each backward pass.
        Parameters initialized later start without a gradient too."""
        for param in self.params():
            param.cleargrad()
        self._mark_uninitialized(cleared=True)

    def _mark_uninitialized(self, cleared=False, zeroed=False):
        for link in self.links():
            for pending in link._uninitialized_params.values():
                pending._cleared = cleared
                pending._zeroed = zeroed

    # Devices --------------------------------------------------------------------

    def to_cpu(self):
        """Copies parameters and persistent arrays of the hierarchy to the host.

        Each child's own ``to_cpu`` is called, so a link that keeps extra device
        state (e.g. a recurrent state) can override it and call ``super()``.
        Attributes that are not registered are not handled.

        Returns:
            self
        """
        if not self._cpu:
            d = self.__dict__
            for name in self._params:
                d[name].to_cpu()
            for name in self._persistent:
                value = d[name]
                if not cuda._is_host(value) and \
                        hasattr(value, '__cuda_array_interface__'):
                    d[name] = cuda.to_cpu(value)
            self._cpu = True
            self._device_id = None
        for child in self.children():
            child.to_cpu()
        return self

    def to_gpu(self, device=None):
        """Copies parameters and persistent arrays of the hierarchy to a GPU.

        Each child's own ``to_gpu`` is called (see :meth:`to_cpu`).

        Args:
            device: device id (or device); the current device when omitted.

        Returns:
            self
        """
        cuda.check_cuda_available()
        if self._cpu:
            d = self.__dict__
            for name in self._params:
                d[name].to_gpu(device)
            for name in self._persistent:
                value = d[name]
                if isinstance(value, numpy.ndarray):
                    d[name] = cuda.to_gpu(value, device)
            self._cpu = False
            self._device_id = device
        for child in self.children():
            child.to_gpu(device)
        return self

    # Serialization --------------------------------------------------------------

    def serialize(self, serializer):
        """Saves or loads the parameters and persistent values of the hierarchy.

        Each child is serialized through ``serializer[child_name]``. Uninitialized
        parameters are not saved; on loading, one present in the source is
        initialized with the stored shape and dtype.

        Args:
            serializer (~chainer.AbstractSerializer): serializer or deserializer.
        """
        from chainer import serializer as serializer_module
        d = self.__dict__
        for name in self._params:
            serializer_module._parameter(serializer, name, d[name].data)
        for name in self._persistent:
            d[name] = serializer(name, d[name])
        if self._uninitialized_params and \
                isinstance(serializer, serializer_module.Deserializer):
            self._load_uninitialized_params(serializer)
        for name, child in self._child_items():
            child.serialize(serializer[name])

    def _load_uninitialized_params(self, deserializer):
        from chainer import serializer as serializer_module
        for name in list(self._uninitialized_params):
            try:
                value = serializer_module._parameter(deserializer, name, None)
            except KeyError:
                # Saved before the first call: it stays uninitialized.
                continue
            if value is None:  # not in a non-strict source, or a validating pass
                continue
            self.add_param(name, value.shape, dtype=value.dtype)
            if self._cpu:
                numpy.copyto(self.__dict__[name].data, value)
            else:
                self.__dict__[name].data.set(numpy.asarray(value))


class _UninitializedParam(object):
    """What a parameter registered by :meth:`Link.add_uninitialized_param` remembers
    until it is initialized: whether its gradient was cleared or zeroed meanwhile
    (attribute names as in v1)."""

    def __init__(self):
        self._cleared = False
        self._zeroed = False


class Chain(Link):
    """Composable link with an object-like interface: named child links.

    Child links are given to the constructor or registered by :meth:`add_link`; each
    is an attribute of the chain and its ``name`` is set. Chains nest into a tree.

    Args:
        links: child links, keyed by name.
    """

    def __init__(self, **links):
        super(Chain, self).__init__()
        self._children = []
        for name, link in links.items():
            self.add_link(name, link)

    def __getitem__(self, name):
        """Equivalent to ``getattr(self, name)``."""
        return getattr(self, name)

    def add_link(self, name, link):
        """Registers ``link`` as the child ``name`` (also set as attribute ``name``).

        Raises:
            AttributeError: when the chain already has an attribute ``name``.
            ValueError: when ``link`` already has a name (it belongs to a parent).
        """
        if not isinstance(link, Link):
            raise TypeError('add_link expects a chainer.Link, got {}'.format(
                type(link).__name__))
        self._check_new_attribute(name, 'link')
        if link.name is not None:
            raise ValueError('cannot register link {!r} as {!r}: it already has the '
                             'name {!r}'.format(link, name, link.name))
        link.name = name
        self.__dict__[name] = link
        self._children.append(name)

    def _child_items(self):
        d = self.__dict__
        return [(name, d[name]) for name in self._children]

    def _copy_children(self):
        self._children = list(self._children)
        d = self.__dict__
        for name in self._children:
            child = d[name].copy()
            child.name = name
            d[name] = child


class ChainList(Link):
    """Composable link with a list-like interface: children indexed 0, 1, ...

    Args:
        links: initial child links.
    """

    def __init__(self, *links):
        super(ChainList, self).__init__()
        self._children = []
        for link in links:
            self.add_link(link)

    def __getitem__(self, index):
        """Returns the child at ``index``."""
        return self._children[index]

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        """Returns the number of children."""
        return len(self._children)

    def add_link(self, link):
        """Appends ``link`` as a child (its name becomes its index as a str).

        Raises:
            ValueError: when ``link`` already has a name (it belongs to a parent).
        """
        if not isinstance(link, Link):
            raise TypeError('add_link expects a chainer.Link, got {}'.format(
                type(link).__name__))
        if link.name is not None:
            raise ValueError('cannot append link {!r}: it already has the name {!r}'
                             .format(link, link.name))
        link.name = str(len(self._children))
        self._children.append(link)

    def _child_items(self):
        return [(str(i), child) for i, child in enumerate(self._children)]

    def _copy_children(self):
        children = []
        for i, child in enumerate(self._children):
            child = child.copy()
            child.name = str(i)
            children.append(child)
        self._children = children
