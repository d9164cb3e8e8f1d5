"""Caching of values computed with Chainer functions (v7's ``chainer.utils.cache``)."""
import functools


class cached_property(object):
    """A read-only property computed once per object and per backprop mode.

    The value is cached separately for ``chainer.config.enable_backprop`` True and
    False: a value computed in ``no_backprop_mode`` has no graph, so it is not reused
    where a graph is needed (and the other way round). Used by distributions whose
    derived quantities (``log_scale``, ...) several methods read.

    Args:
        func (callable): computes the value from the object.
    """

    def __init__(self, func):
        functools.update_wrapper(self, func)
        self.func = func

    def __get__(self, obj, cls):
        if obj is None:
            return self
        from chainer.configuration import config
        caches = obj.__dict__.setdefault(self.__name__, {})
        mode = bool(config.enable_backprop)
        if mode not in caches:
            caches[mode] = self.func(obj)
        return caches[mode]

    def __set__(self, obj, value):
        raise AttributeError('attribute {!r} of {} is read-only'.format(
            self.__name__, type(obj).__name__))
