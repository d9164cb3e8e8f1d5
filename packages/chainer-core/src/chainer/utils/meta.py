"""Final methods (v7's ``chainer.utils.meta``): a method marked :func:`final` may not be
overridden in subclasses of a class made with :func:`enable_final`."""
import warnings


def final(*args, **kwargs):
    """Marks a method as final. Use as ``@final`` or ``@final(action=...)``.

    Args:
        action (type): what overriding does: an Exception class is raised (default
            TypeError), a Warning class is warned.
    """
    def mark(f, action=TypeError):
        if not callable(f):
            raise TypeError('final decorates a method, got {!r}'.format(f))
        f.__override_action = (action,)
        return f

    if len(args) == 1 and not kwargs:
        return mark(args[0])
    if args:
        raise TypeError('final takes the method or keyword arguments only')
    return lambda f: mark(f, **kwargs)


_ACTION = '__override_action'


class _EnableFinal(type):
    def __new__(mcs, name, bases, namespace):
        for key in namespace:
            for base in bases:
                action = getattr(getattr(base, key, None), _ACTION, None)
                if action is None:
                    continue
                action, = action
                if issubclass(action, Warning):
                    warnings.warn('Overriding method {!r}.'.format(key), action)
                elif issubclass(action, Exception):
                    raise action('method {!r} is final.'.format(key))
                else:
                    raise TypeError('invalid final action: {!r}'.format(action))
        return super(_EnableFinal, mcs).__new__(mcs, name, bases, namespace)


def enable_final(base=(), meta_base=()):
    """Returns a base class whose subclasses cannot override its :func:`final`
    methods.

    Args:
        base (type or tuple of types): the bases of the returned class.
        meta_base (type or tuple of types): metaclasses to combine with (for bases
            that have a metaclass of their own).
    """
    if not isinstance(base, (list, tuple)):
        base = (base,)
    if not isinstance(meta_base, (list, tuple)):
        meta_base = (meta_base,)
    metaclass = type('base_metaclass', (_EnableFinal,) + tuple(meta_base), {})
    return metaclass('_FinalBase', tuple(base), {})
