"""Link hooks: callbacks around the forward computation of links (Chainer v4+).

A :class:`LinkHook` is used globally as a context manager (``with hook:`` makes it
act on every link called in this thread) or locally by ``link.add_hook(hook)``.
"""
import collections
import threading

_state = threading.local()


def _global_hooks():
    hooks = getattr(_state, 'hooks', None)
    if hooks is None:
        hooks = _state.hooks = collections.OrderedDict()
    return hooks


def _hooks_for(link):
    """The hooks acting on a call of ``link``: global first, then local (empty when
    none, the common case costing two lookups)."""
    hooks = getattr(_state, 'hooks', None)
    local = link.__dict__.get('_local_link_hooks')
    if not local:
        return hooks
    if not hooks:
        return local
    merged = collections.OrderedDict(hooks)
    merged.update(local)
    return merged


class _ForwardPreprocessCallbackArgs(object):
    """What :meth:`LinkHook.forward_preprocess` is given: ``link``,
    ``forward_name`` (``'forward'``), ``args`` and ``kwargs`` of the call."""

    def __init__(self, link, forward_name, args, kwargs):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs


class _ForwardPostprocessCallbackArgs(_ForwardPreprocessCallbackArgs):
    """What :meth:`LinkHook.forward_postprocess` is given: the preprocess fields and
    ``out``, the forward's result."""

    def __init__(self, link, forward_name, args, kwargs, out):
        super(_ForwardPostprocessCallbackArgs, self).__init__(
            link, forward_name, args, kwargs)
        self.out = out


def _call_with_hooks(link, hooks, forward, args, kwargs):
    hooks = list(hooks.values())
    pre = _ForwardPreprocessCallbackArgs(link, 'forward', args, kwargs)
    for hook in hooks:
        hook.forward_preprocess(pre)
    out = forward(*args, **kwargs)
    post = _ForwardPostprocessCallbackArgs(link, 'forward', args, kwargs, out)
    for hook in hooks:
        hook.forward_postprocess(post)
    return out


class LinkHook(object):
    """Base class of link hooks: override the callbacks you need.

    As a context manager it acts on every link called in the current thread; with
    :meth:`chainer.Link.add_hook` on one link. ``added``/``deleted`` are given the
    link, or None for the global registration.

    Attributes:
        name (str): the key under which the hook is registered (the class name
            unless a subclass or instance sets another).
    """

    name = 'LinkHook'

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if 'name' not in cls.__dict__:
            cls.name = cls.__name__

    def __enter__(self):
        hooks = _global_hooks()
        if self.name in hooks:
            raise KeyError('link hook {!r} already exists'.format(self.name))
        hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *exc_info):
        self.deleted(None)
        del _global_hooks()[self.name]

    def added(self, link):
        """Called when the hook is registered (``link`` None: globally)."""

    def deleted(self, link):
        """Called when the hook is unregistered (``link`` None: globally)."""

    def forward_preprocess(self, args):
        """Called before a link's forward, with ``args.link``, ``args.args``,
        ``args.kwargs`` and ``args.forward_name``."""

    def forward_postprocess(self, args):
        """Called after a link's forward; ``args.out`` is its result."""
