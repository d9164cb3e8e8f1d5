"""Link: the building block of models (Chain and ChainList, in :mod:`chainer.chain`,
are importable from here too, as in every Chainer version).

A :class:`Link` owns parameters and persistent values; :class:`Chain` and
:class:`ChainList` compose links into a tree whose nodes are named by slash-separated
paths (``/encoder/l1/W``). All hierarchy traversals are written once in :class:`Link`
over ``_child_items()``, which the composite classes override.
"""
import contextlib
import copy as copy_module
import warnings

import numpy

from chainer import _link_params as _lp
from chainer import cuda
from chainer import initializers
from chainer import link_hook
from chainer.parameter import Parameter


class Link(object):
    """Building block of model definitions: parameters plus persistent values.

    Parameters (:class:`~chainer.Parameter` objects) are registered with
    :meth:`add_param`, given to the constructor, or assigned to attributes inside
    ``with self.init_scope():``; persistent values (arrays, scalars, ...) are
    registered with :meth:`add_persistent`. Both are attributes of the link and are
    what serialization saves and loads; other attributes belong to the user program.
    Calling a link calls its :meth:`forward` (v2+ style, with the link hooks); a v1
    link that defines ``__call__`` itself keeps working.

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
        self._within_init_scope = False
        self._local_link_hooks = None
        self.name = None
        for name, value in params.items():
            shape, dtype = _lp.shape_and_dtype(value, name)
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

    def add_param(self, name, shape=None, dtype=numpy.float32, initializer=None):
        """Registers a parameter (a :class:`~chainer.Parameter`) as the attribute
        ``name``.

        The parameter's volatile flag is AUTO, so that it can be combined with
        volatile and non-volatile inputs alike. The data is filled by
        ``initializer`` (see :func:`chainer.initializers.init_weight` for the
        accepted kinds: an initializer, a scalar or an array); without one, data and
        gradient are NaN arrays, so that use before initialization is visible.
        Registering a name given to :meth:`add_uninitialized_param` initializes that
        parameter. With ``shape=None`` (v2+) the parameter stays uninitialized until
        its :meth:`~chainer.Parameter.initialize` is called.

        Args:
            name (str): name of the parameter and of the attribute.
            shape (int or tuple of ints): shape of the parameter array, or None.
            dtype: floating point data type of the parameter array, unless the
                initializer has a ``dtype`` of its own, which wins (as in v1).
            initializer: how to fill the data (None: NaN).
        """
        self._check_new_attribute(name, 'parameter')
        dtype = _lp.float_dtype(initializers.helper._dtype_of(initializer, dtype), name)
        if shape is None and name not in self._uninitialized_params:
            if initializer is None:
                initializer = initializers.NaN(dtype)
            param = Parameter(initializer, name=name)
            if not self._cpu:
                param.to_gpu(self._device_id)
            self.__dict__[name] = param
            self._params.append(name)
            return
        shape = _lp.normalize_shape(shape, name)
        with self._device():
            data = self.xp.full(shape, numpy.nan, dtype=dtype)
            if initializer is not None:
                _lp.fill(data, initializer, name)
            grad = self._initial_grad(name, data)
        self.__dict__[name] = _lp.make_parameter(data, name, grad, initializer)
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
        return _lp.NAN  # allocated on first use: loading a model needs no gradient memory

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
        self._uninitialized_params[name] = _lp.UninitializedParam()

    @property
    def has_uninitialized_params(self):
        """True when this link or a link below it has uninitialized parameters."""
        return any(link._uninitialized_params for link in self.links()) or \
            any(param.data is None for param in self.params())

    def add_persistent(self, name, value):
        """Registers a persistent value (array, scalar, ...), set as attribute ``name``.

        Persistent values are saved and loaded by serialization and moved by
        :meth:`to_cpu`/:meth:`to_gpu` (arrays only).
        """
        self._check_new_attribute(name, 'persistent value')
        self.__dict__[name] = value
        self._persistent.append(name)

    def register_persistent(self, name):
        """Registers the existing attribute ``name`` as a persistent value."""
        if not hasattr(self, name):
            raise AttributeError('cannot register {!r} as persistent: the link has no '
                                 'such attribute'.format(name))
        if name not in self._persistent:
            self._persistent.append(name)

    # v2+ registration by assignment ----------------------------------------------

    @property
    def within_init_scope(self):
        """True inside ``with self.init_scope():``."""
        return self.__dict__.get('_within_init_scope', False)

    @contextlib.contextmanager
    def init_scope(self):
        """Context in which Parameters (and, in a Chain, links) assigned to
        attributes are registered; elsewhere an assignment sets a plain attribute."""
        previous = self.within_init_scope
        self.__dict__['_within_init_scope'] = True
        try:
            yield
        finally:
            self.__dict__['_within_init_scope'] = previous

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_init_scope') and isinstance(value, Parameter):
            value.name = name
            if not self._cpu:
                value.to_gpu(self._device_id)
            if name not in self._params:
                self._params.append(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        for registry in (self._params, self._persistent):
            if name in registry:
                registry.remove(name)
        object.__delattr__(self, name)

    # Calls and link hooks ---------------------------------------------------------

    def __call__(self, *args, **kwargs):
        """Calls :meth:`forward` (which a subclass defines), around the link hooks
        in effect: the global ones (``with hook:``) and :attr:`local_link_hooks`."""
        hooks = link_hook._hooks_for(self)
        if not hooks:
            return self.forward(*args, **kwargs)
        return link_hook._call_with_hooks(self, hooks, args, kwargs)

    @property
    def local_link_hooks(self):
        """Ordered dict of the link hooks registered to this link (by name)."""
        if self.__dict__.get('_local_link_hooks') is None:
            import collections
            self.__dict__['_local_link_hooks'] = collections.OrderedDict()
        return self._local_link_hooks

    def add_hook(self, hook, name=None):
        """Registers ``hook`` (a :class:`~chainer.LinkHook`) to this link under
        ``name`` (default ``hook.name``) and calls ``hook.added(self)``.

        Returns:
            self
        """
        if not isinstance(hook, link_hook.LinkHook):
            raise TypeError('hook must be a chainer.LinkHook, got {}'.format(
                type(hook).__name__))
        name = hook.name if name is None else name
        hooks = self.local_link_hooks
        if name in hooks:
            raise KeyError('link hook {!r} already exists'.format(name))
        hooks[name] = hook
        hook.added(self)
        return self

    def delete_hook(self, name):
        """Unregisters the link hook ``name`` and calls its ``deleted(self)``."""
        hooks = self.local_link_hooks
        if name not in hooks:
            raise KeyError('link hook {!r} does not exist'.format(name))
        hooks[name].deleted(self)
        del hooks[name]

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

    def namedparams(self, include_uninit=True):
        """Returns a generator of (path, parameter) pairs, paths relative to this link
        (``'/W'``, ``'/l1/b'``).

        Args:
            include_uninit (bool): also give the parameters registered without a
                shape whose data is not made yet (v1's ``add_uninitialized_param``
                ones, None until initialized, are never given).
        """
        d = self.__dict__
        for name in self._params:
            param = d[name]
            if include_uninit or param.data is not None:
                yield '/' + name, param
        for name, child in self._child_items():
            prefix = '/' + name
            for path, param in child.namedparams(include_uninit):
                yield prefix + path, param

    def params(self, include_uninit=True):
        """Returns a generator of all parameters of the hierarchy (see
        :meth:`namedparams`)."""
        for _, param in self.namedparams(include_uninit):
            yield param

    def count_params(self):
        """The number of scalars in the initialized parameters of the hierarchy
        (uninitialized ones count nothing and are named in a warning)."""
        total = 0
        for path, param in self.namedparams():
            if param.data is None:
                warnings.warn('parameter {!r} is not initialized: count_params '
                              'counts it as 0'.format(path))
            else:
                total += param.data.size
        return total

    # Copy -----------------------------------------------------------------------

    def copy(self, mode='share'):
        """Copies the link hierarchy.

        With ``mode='share'`` (v1's only behaviour) the copy is shallow, except that
        parameters are new objects that share the data arrays with the original ones
        and, as in v1, start without gradients. ``'copy'`` copies everything deeply;
        ``'init'`` does so and refills every initialized parameter by its
        initializer. The name of the copied root is reset to None.

        Returns:
            Link: the copied link.
        """
        if mode in ('copy', 'init'):
            ret = copy_module.deepcopy(self)
            ret.name = None
            if mode == 'init':
                for param in ret.params(include_uninit=False):
                    _lp.reinitialize(param)
            return ret
        if mode != 'share':
            raise ValueError("mode must be 'share', 'copy' or 'init', got {!r}".format(
                mode))
        ret = copy_module.copy(self)
        ret._params = list(self._params)
        ret._persistent = list(self._persistent)
        ret._uninitialized_params = {
            name: copy_module.copy(pending)
            for name, pending in self._uninitialized_params.items()}
        ret.name = None
        d = ret.__dict__
        for name in ret._params:
            d[name] = _lp.share(d[name])
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
            if param.data is not None and src[path].data is not None:
                yield param, src[path]

    def copyparams(self, link, copy_persistent=True):
        """Copies the data arrays of all parameters from ``link`` (same structure),
        across host and devices. Gradients are not copied. A parameter still
        uninitialized here is initialized with the shape and dtype of its initialized
        counterpart in ``link``, as in v1.

        Args:
            link (Link): the source.
            copy_persistent (bool): also copy the persistent arrays (in place) and
                other persistent values of the hierarchy.
        """
        self._initialize_like(link)
        for dst, src in self._paired_params(link):
            dst.copydata(src)
        if copy_persistent:
            sources = dict(link.namedlinks())
            for path, sub in self.namedlinks():
                other = sources.get(path)
                if other is not None:
                    sub._copy_persistent_from(other)

    def _copy_persistent_from(self, other):
        d, od = self.__dict__, other.__dict__
        for name in self._persistent:
            if name not in od:
                continue
            value = od[name]
            target = d[name]
            if hasattr(target, 'shape') and hasattr(value, 'shape') and \
                    target.shape == value.shape:
                if isinstance(target, numpy.ndarray):
                    numpy.copyto(target, cuda.to_cpu(value))
                else:
                    target.set(cuda.to_cpu(value))
            else:
                d[name] = copy_module.copy(value)

    def repeat(self, n_repeat, mode='init'):
        """A :class:`~chainer.Sequential` of ``n_repeat`` copies of this link (see
        :meth:`copy` for ``mode``); an empty one for ``n_repeat <= 0``."""
        from chainer.sequential import Sequential
        return Sequential(*[self.copy(mode) for _ in range(max(n_repeat, 0))])

    def _initialize_like(self, link):
        src = dict(link.namedparams())
        for path, sub in self.namedlinks():
            prefix = '' if path == '/' else path
            for name in list(sub._uninitialized_params):
                counterpart = src.get(prefix + '/' + name)
                if counterpart is not None and counterpart.data is not None:
                    sub.add_param(name, counterpart.shape, dtype=counterpart.dtype)
            for name in sub._params:
                param = sub.__dict__[name]
                counterpart = src.get(prefix + '/' + name)
                if param.data is None and counterpart is not None and \
                        counterpart.data is not None:
                    param.initialize(counterpart.shape)

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
        loading = isinstance(serializer, serializer_module.Deserializer)
        for name in self._params:
            param = d[name]
            if param.data is not None:
                serializer_module._parameter(serializer, name, param.data)
            elif loading:
                self._load_into_uninitialized(serializer, param)
        for name in self._persistent:
            d[name] = serializer(name, d[name])
        if self._uninitialized_params and loading:
            self._load_uninitialized_params(serializer)
        for name, child in self._child_items():
            child.serialize(serializer[name])

    def _load_into_uninitialized(self, deserializer, param):
        from chainer import serializer as serializer_module
        try:
            value = serializer_module._parameter(deserializer, param.name, None)
        except KeyError:
            return
        if value is not None:
            param.initialize(value.shape)
            param.copydata(Parameter(numpy.asarray(cuda.to_cpu(value))))

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


from chainer.chain import Chain, ChainList  # noqa: E402,F401  (v1-v7 import path)
