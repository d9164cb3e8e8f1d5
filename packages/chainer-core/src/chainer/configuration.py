"""Configuration: the global settings of Chainer and their per-thread overrides.

``chainer.global_config`` holds the process-wide value of every key;
``chainer.config`` reads a key's value in the current thread: the value that
:func:`using_config` (or an assignment to ``chainer.config.<key>``) set in this thread,
else the global one. The keys that Chainer itself reads, their defaults and the
environment variables that set them at import time are listed in
:data:`chainer.configuration.DEFAULTS`.

Reading a key is on the path of every function call, so it costs no more than reading
an attribute: a :class:`LocalConfig` is an instance of a class of its own whose class
attributes mirror its global configuration, and the thread's own values live in the
instance (a :class:`threading.local`). Assigning a global value updates those class
attributes; a thread that set the key itself keeps its own value.
"""
import contextlib
import sys
import threading
import weakref


class _Deviations(object):
    """How many settings (the global one and each thread's own) of a watched key hold
    a value other than its usual one, per key.

    The keys read on every function call (``enable_backprop``, ``debug``) are read
    from the thread's configuration only while this count is not zero: reading a
    thread-local value costs several times a plain attribute.
    """

    def __init__(self, usual):
        self._usual = usual
        self._lock = threading.Lock()
        for key in usual:
            setattr(self, key, 0)

    def change(self, key, old, new):
        usual = self._usual.get(key, _MISSING)
        if usual is _MISSING:
            return
        delta = (new is not _MISSING and new != usual) - \
            (old is not _MISSING and old != usual)
        if delta:
            with self._lock:
                setattr(self, key, getattr(self, key) + delta)


_MISSING = object()
#: Per hot key, how many settings differ from its usual value (see _Deviations).
deviations = _Deviations({'enable_backprop': True, 'debug': False})


class GlobalConfig(object):
    """The process-wide configuration: a plain object with one attribute per key.

    Every :class:`LocalConfig` made on it falls back to its values for the keys that
    its thread did not set.
    """

    def __init__(self):
        object.__setattr__(self, '_locals', weakref.WeakSet())

    def __setattr__(self, name, value):
        if self is global_config:
            deviations.change(name, self.__dict__.get(name, _MISSING), value)
        object.__setattr__(self, name, value)
        for local in self._locals:
            setattr(local._fallback_class, name, value)

    def __delattr__(self, name):
        if self is global_config:
            deviations.change(name, self.__dict__.get(name, _MISSING), _MISSING)
        object.__delattr__(self, name)
        for local in self._locals:
            if name in vars(local._fallback_class):
                delattr(local._fallback_class, name)

    def show(self, file=sys.stdout):
        """Prints every key and its value, one per line, in the order of the keys.

        Args:
            file: the file-like object written to (default: standard output).
        """
        _print_entries(self._entries(), file)

    def _entries(self):
        return {k: v for k, v in vars(self).items() if not k.startswith('_')}


class LocalConfig(threading.local):
    """The configuration as seen by the current thread.

    Reading a key gives the value this thread set (by assignment or inside
    :func:`using_config`), else the value of the global configuration it was made on.
    Deleting a key removes the thread's own value, so that the global one shows again.

    Args:
        global_config (GlobalConfig): the configuration it falls back to.
    """

    def __new__(cls, global_config, *args, **kwargs):
        # A class per instance: its class attributes are the global values, which
        # attribute lookup reads after the thread's own without any Python code.
        fallback = type(cls.__name__, (cls,), dict(vars(global_config)))
        fallback._locals_of = global_config
        self = threading.local.__new__(fallback, global_config)
        global_config._locals.add(self)
        return self

    def __init__(self, global_config):
        pass

    @property
    def _fallback_class(self):
        return type(self)

    # No __getattr__: its mere presence makes every read several times slower.

    def __setattr__(self, name, value):
        if self is config:
            deviations.change(name, self.__dict__.get(name, _MISSING), value)
        threading.local.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name not in self.__dict__:
            raise AttributeError('chainer.config: {!r} is not set in this thread'
                                 .format(name))
        if self is config:
            deviations.change(name, self.__dict__[name], _MISSING)
        threading.local.__delattr__(self, name)

    def __reduce__(self):
        raise TypeError('chainer.config cannot be pickled')

    def show(self, file=sys.stdout):
        """Prints every key and its value as seen by this thread, one per line.

        Args:
            file: the file-like object written to (default: standard output).
        """
        entries = type(self)._locals_of._entries()
        entries.update({k: v for k, v in self.__dict__.items()
                        if not k.startswith('_')})
        _print_entries(entries, file)


def _print_entries(entries, file):
    if not entries:
        return
    width = max(len(k) for k in entries)
    for key in sorted(entries):
        file.write('{}{}\n'.format(key.ljust(width + 1), entries[key]))


@contextlib.contextmanager
def using_config(name, value, config=None):
    """Context in which the configuration key ``name`` has ``value`` in this thread.

    On exit the key gets back what it was: the thread's previous value, or the global
    one when the thread had not set it.

    Args:
        name (str): the key, e.g. ``'train'`` or ``'enable_backprop'``.
        value: its value inside the context.
        config (LocalConfig): the configuration changed (default: ``chainer.config``).

    Example::

        with chainer.using_config('train', False):
            y = model(x)   # dropout is the identity, batch normalization uses the
                           # population statistics
    """
    if config is None:
        config = globals()['config']
    previous = config.__dict__.get(name, _MISSING)
    setattr(config, name, value)
    try:
        yield
    finally:
        if previous is _MISSING:
            if name in config.__dict__:
                delattr(config, name)
        else:
            setattr(config, name, previous)


#: The process-wide configuration (see :mod:`chainer.configuration`).
global_config = None
config = None
global_config = GlobalConfig()
#: The configuration of the current thread (see :mod:`chainer.configuration`).
config = LocalConfig(global_config)


def _apply_defaults():
    from chainer._config_defaults import apply_defaults
    apply_defaults(global_config)


_apply_defaults()
