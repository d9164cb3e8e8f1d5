"""Link: the building block of models (Chain and ChainList, in :mod:`chainer.chain`,
are importable from here too, as in every Chainer version).

A :class:`Link` owns parameters and persistent values; :class:`Chain` and
:class:`ChainList` compose links into a tree whose nodes are named by slash-separated
paths (``/encoder/l1/W``). All hierarchy traversals are written once in :class:`Link`
over ``_child_items()``, which the composite classes override.
"""
import contextlib
import warnings

import numpy

from chainer import _link_copy
from chainer import _link_device
from chainer import _link_params as _lp
from chainer import _link_serialize
from chainer import _per_class
from chainer import cuda
from chainer import initializers
from chainer import link_hook
from chainer import variable
from chainer._resident import DeviceResident
from chainer.parameter import Parameter

_NOT_INITIALIZED = 'Link.__init__() has not been called.'


class Link(_link_copy.CopyMixin, _link_device.DeviceMixin, DeviceResident):
    """Building block of model definitions: parameters plus persistent values.

    Parameters (:class:`~chainer.Parameter` objects) are registered with
    :meth:`add_param`, given to the constructor, or assigned to attributes inside
    ``with self.init_scope():``; persistent values (arrays, scalars, ...) are
    registered with :meth:`add_persistent`. Both are attributes of the link and are
    what serialization saves and loads; other attributes belong to the user program.
    Calling a link calls its :meth:`forward` (v2+ style, with the link hooks); a v1
    link that defines ``__call__`` itself keeps working.

    A link is a :class:`~chainer.DeviceResident`: :meth:`to_device` moves the
    hierarchy to any device and :attr:`device` tells where it is; v1's
    :meth:`to_cpu`/:meth:`to_gpu` keep their v1 behaviour and warn nothing (a
    subclass may override them, as v1 links do, without a DeprecationWarning).

    Args:
        params: shapes of initial parameters, keyed by name; a value is a shape
            (int or tuple of ints; dtype float32) or a ``(shape, dtype)`` pair. The
            parameters are NaN-filled.

    Attributes:
        name (str): name of this link, given by the parent chain (None at the root).
    """

    #: Overriding to_cpu/to_gpu is v1's way of moving extra state: no warning.
    _legacy_to_methods_deprecated = False

    def __init__(self, **params):
        super(Link, self).__init__()
        self._params = set()  # names; iterated in sorted order, as in v7
        self._persistent = set()
        self._uninitialized_params = {}
        self._within_init_scope = False
        self._local_link_hooks = None
        self.name = None
        for name, value in params.items():
            shape, dtype = _lp.shape_and_dtype(value, name)
            self.add_param(name, shape, dtype=dtype)

    def __str__(self):
        """``ClassName(key=value, ...)`` from :attr:`printable_specs`."""
        return '{}({})'.format(type(self).__name__, ', '.join(
            '{}={}'.format(key, value) for key, value in self.printable_specs))

    @property
    def printable_specs(self):
        """(keyword, value) pairs describing the link in ``str(link)``, typically
        the constructor's arguments; a subclass overrides it (a generator here
        yielding nothing)."""
        return iter(())

    def _check_new_attribute(self, name, what):
        if '_params' not in self.__dict__:
            raise RuntimeError(_NOT_INITIALIZED)
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
                initializer has a ``dtype`` of its own, which wins (as in v1). With an
                initializer, the default float32 follows ``chainer.config.dtype``
                (v4+: float16 under ``chainer.mixed16``); float32 unless configured.
            initializer: how to fill the data (None: NaN).
        """
        self._check_new_attribute(name, 'parameter')
        dtype = _lp.float_dtype(initializers.helper._dtype_of(
            initializer, _lp.configured_dtype(initializer, dtype)), name)
        if shape is None and name not in self._uninitialized_params:
            if initializer is None:
                initializer = initializers.NaN(dtype)
            param = Parameter(initializer, name=name)
            _link_device.place_parameter(self, param)
            self.__dict__[name] = param
            self._params.add(name)
            return
        shape = _lp.normalize_shape(shape, name)
        with _link_device.scope(self):
            data = self.xp.full(shape, numpy.nan, dtype=dtype)
            if initializer is not None:
                _lp.fill(data, initializer, name)
            grad = self._initial_grad(name, data)
        self.__dict__[name] = _lp.make_parameter(data, name, grad, initializer)
        self._uninitialized_params.pop(name, None)
        self._params.add(name)

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
        self._persistent.add(name)
        self._params.discard(name)

    def register_persistent(self, name):
        """Registers the existing attribute ``name`` as a persistent value; a
        parameter of that name stops being one.

        Raises:
            AttributeError: when the link has no attribute ``name``.
        """
        if not hasattr(self, name):
            raise AttributeError('cannot register non-existent attribute {} as a '
                                 'persistent value'.format(name))
        self._params.discard(name)
        self._persistent.add(name)

    # v2+ registration by assignment ----------------------------------------------

    @property
    def within_init_scope(self):
        """True inside ``with self.init_scope():``."""
        return self.__dict__.get('_within_init_scope', False)

    @contextlib.contextmanager
    def init_scope(self):
        """Context in which Parameters (and, in a Chain, links) assigned to
        attributes are registered; elsewhere an assignment sets a plain attribute."""
        if '_params' not in self.__dict__:
            raise RuntimeError(_NOT_INITIALIZED)
        previous = self.within_init_scope
        self.__dict__['_within_init_scope'] = True
        try:
            yield
        finally:
            self.__dict__['_within_init_scope'] = previous

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_init_scope') and isinstance(value, Parameter):
            value.name = name
            _link_device.place_parameter(self, value)
            self._params.add(name)
            self._persistent.discard(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        self._params.discard(name)
        self._persistent.discard(name)
        object.__delattr__(self, name)

    # Calls and link hooks ---------------------------------------------------------

    def __call__(self, *args, **kwargs):
        """Calls :meth:`forward` (which a subclass defines), around the link hooks
        in effect: the global ones (``with hook:``) and :attr:`local_link_hooks`."""
        if '_params' not in self.__dict__:
            raise RuntimeError(_NOT_INITIALIZED)
        hooks = link_hook._hooks_for(self)
        # A mixin placed after Link may bring the forward computation as its
        # __call__ (v7 prefers it to forward).
        cls = self.__class__
        call = _MIXIN_CALLS.get(id(cls), _UNKNOWN)
        if call is _UNKNOWN:
            call = _per_class.remember(_MIXIN_CALLS, cls, _call_after_link(cls))
        if call is None:
            forward = self.forward
        else:  # bound as attribute lookup binds it (a plain callable stays as it is)
            bind = getattr(type(call), '__get__', None)
            forward = call if bind is None else bind(call, self, cls)
        if not hooks:
            return forward(*args, **kwargs)
        return link_hook._call_with_hooks(self, hooks, forward, args, kwargs)

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
        if not skipself:
            yield self
        for _, child in self._child_items():
            yield from child.links()

    def namedparams(self, include_uninit=True):
        """Returns a generator of (path, parameter) pairs, paths relative to this link
        (``'/W'``, ``'/l1/b'``).

        Args:
            include_uninit (bool): also give the parameters registered without a
                shape whose data is not made yet (v1's ``add_uninitialized_param``
                ones, None until initialized, are never given).
        """
        d = self.__dict__
        for name in sorted(self._params):
            param = d[name]
            if include_uninit or param.data is not None:
                yield '/' + name, param
        for name, child in self._child_items():
            prefix = '/' + name
            for path, param in child.namedparams(include_uninit):
                yield prefix + path, param

    def params(self, include_uninit=True):
        """Returns a generator of all parameters of the hierarchy (see
        :meth:`namedparams`: the same order, without making the paths)."""
        d = self.__dict__
        for name in sorted(self._params):
            param = d[name]
            if include_uninit or param.data is not None:
                yield param
        for _, child in self._child_items():
            yield from child.params(include_uninit)

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

    # Gradients ------------------------------------------------------------------

    def addgrads(self, link):
        """Adds the gradient arrays of ``link``'s parameters to this link's,
        across host and devices. A parameter still uninitialized here whose
        counterpart is initialized is first initialized with its shape (v7)."""
        src = dict(link.namedparams())
        for path, dst in self.namedparams():
            other = src.get(path)
            if other is None or other.data is None:
                continue
            if dst.data is None:
                # v7: the destination takes the source's shape (its gradient is
                # what cleargrads/zerograds asked for, so the sum is well defined).
                dst.initialize(other.shape)
            dst.addgrad(other)

    def zerograds(self):
        """Fills all gradient arrays with zeros (cleargrads is cheaper); parameters
        initialized later start with zero gradients too.

        .. deprecated:: v1.15
           Use :meth:`cleargrads` instead (a DeprecationWarning, as in v1.24 and v7).
        """
        warnings.warn('Link.zerograds is deprecated: use Link.cleargrads',
                      DeprecationWarning, stacklevel=2)
        self._zerograds()

    def _zerograds(self):
        for param in self.params():
            variable.zero_grad(param)
        self._mark_uninitialized(zeroed=True)

    def cleargrads(self):
        """Sets all gradient arrays to None; call it before each backward pass.
        Parameters initialized later start without a gradient too."""
        for param in self.params():
            param.cleargrad()
        self._mark_uninitialized(cleared=True)

    def enable_update(self):
        """Enables the update rules of all parameters of the hierarchy (those an
        optimizer has set; see :attr:`~chainer.UpdateRule.enabled`)."""
        for param in self.params():
            if getattr(param, 'update_rule', None) is not None:
                param.update_rule.enabled = True

    def disable_update(self):
        """Disables the update rules of all parameters of the hierarchy, so that an
        optimizer leaves them as they are."""
        for param in self.params():
            if getattr(param, 'update_rule', None) is not None:
                param.update_rule.enabled = False

    @property
    def update_enabled(self):
        """True when some parameter of the hierarchy has an enabled update rule."""
        return any(getattr(param, 'update_rule', None) is not None and
                   param.update_rule.enabled for param in self.params())

    def _mark_uninitialized(self, cleared=False, zeroed=False):
        for link in self.links():
            for pending in link._uninitialized_params.values():
                pending._cleared = cleared
                pending._zeroed = zeroed

    # Serialization --------------------------------------------------------------

    def serialize(self, serializer):
        """Saves or loads the parameters and persistent values of the hierarchy.

        Each child is serialized through ``serializer[child_name]``. An
        uninitialized parameter is passed as None (saved as an entry standing for
        None); on loading, one whose entry holds an array is initialized with its
        shape and dtype and gets its values.

        Args:
            serializer (~chainer.AbstractSerializer): serializer or deserializer.
        """
        _link_serialize.serialize_own(self, serializer)
        for name, child in self._child_items():
            child.serialize(serializer[name])


from chainer.chain import Chain, ChainList  # noqa: E402,F401  (v1-v7 import path)


#: Per Link subclass, the ``__call__`` a class after Link in its MRO defines (a mixin
#: bringing the forward computation), or None: what ``super(Link, self).__call__``
#: finds, looked up once per class (keyed by its id, see :mod:`chainer._per_class`).
_MIXIN_CALLS = {}
_UNKNOWN = object()


def _call_after_link(cls):
    mro = cls.__mro__
    for klass in mro[mro.index(Link) + 1:]:
        call = klass.__dict__.get('__call__')
        if call is not None:
            return call
    return None
