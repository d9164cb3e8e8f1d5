"""Trainer extensions: the :class:`Extension` base class, :func:`make_extension` and
the standard priorities."""

#: Priority of extensions that write records to the observation dictionary.
PRIORITY_WRITER = 300
#: Priority of extensions that edit records already in the observation dictionary.
PRIORITY_EDITOR = 200
#: Priority of extensions that only read records (or do not use them at all).
PRIORITY_READER = 100


class Extension(object):
    """Base class of trainer extensions.

    An extension is a callable taking the trainer. The class attributes give the
    defaults used by :meth:`Trainer.extend <chainer.training.Trainer.extend>`.

    Attributes:
        trigger: default trigger, ``(1, 'iteration')``.
        priority (int): default priority, :data:`PRIORITY_READER`.
        invoke_before_training (bool): default flag to call the extension once just
            before the training loop starts (False).
        name (str or None): the name under which the trainer registered the
            extension (set by ``extend``).
    """

    trigger = 1, 'iteration'
    priority = PRIORITY_READER
    invoke_before_training = False
    name = None

    @property
    def default_name(self):
        """Default name of the extension: the name of its class."""
        return type(self).__name__

    def __call__(self, trainer):
        """Invokes the extension (subclasses override this).

        Args:
            trainer (~chainer.training.Trainer): the trainer calling it.
        """
        raise TypeError('{} does not define __call__(trainer): an Extension subclass '
                        'must override it'.format(type(self).__name__))

    def initialize(self, trainer):
        """Called once by the trainer before the training loop (after a resume, with
        the restored state); does nothing by default."""
        pass

    def finalize(self):
        """Called at the end of the training loop; does nothing by default."""
        pass

    def serialize(self, serializer):
        """Serializes the extension state; nothing by default."""
        pass


def make_extension(trigger=None, default_name=None, priority=None,
                   invoke_before_training=False, finalizer=None):
    """Decorator making a function a trainer extension by setting its attributes.

    Args:
        trigger: default trigger; ``(1, 'iteration')`` when None.
        default_name (str): default name; the function's ``__name__`` when None.
        priority (int): default priority; :data:`PRIORITY_READER` when None.
        invoke_before_training (bool): default flag to call the extension before the
            training loop.
        finalizer (callable): called (without arguments) at the end of the training
            loop.

    Returns:
        The decorator, which returns the function itself with the attributes set.
    """
    if finalizer is not None and not callable(finalizer):
        raise TypeError('finalizer must be callable, got {!r}'.format(finalizer))

    def decorator(ext):
        if not callable(ext):
            raise TypeError('make_extension decorates callables, got {!r}'.format(ext))
        ext.trigger = (1, 'iteration') if trigger is None else trigger
        ext.default_name = default_name or ext.__name__
        ext.priority = PRIORITY_READER if priority is None else priority
        ext.invoke_before_training = invoke_before_training
        ext.finalize = finalizer
        return ext

    return decorator
