"""Trainer extensions: the :class:`Extension` base class, :func:`make_extension` and
the standard priorities."""

#: Priority of extensions that write records to the observation dictionary.
PRIORITY_WRITER = 300
#: Priority of extensions that edit records already in the observation dictionary.
PRIORITY_EDITOR = 200
#: Priority of extensions that only read records (or do not use them at all).
PRIORITY_READER = 100


class _CallNotDefined(TypeError, NotImplementedError):
    """Raised when an Extension subclass does not define ``__call__``: a TypeError,
    and the NotImplementedError that v7 code expects."""


class Extension(object):
    """Base class of trainer extensions.

    An extension is a callable taking the trainer. The class attributes give the
    defaults used by :meth:`Trainer.extend <chainer.training.Trainer.extend>`.

    Attributes:
        trigger: default trigger, ``(1, 'iteration')``.
        priority (int): default priority, :data:`PRIORITY_READER`.
        invoke_before_training (bool): v1's default flag to call the extension once
            just before the training loop starts (False); v7 code passes
            ``call_before_training`` to ``Trainer.extend`` instead.
        name (str or None): the name under which the trainer registered the
            extension (set by ``extend``).
    """

    trigger = 1, 'iteration'
    priority = PRIORITY_READER
    invoke_before_training = False  # documented by v1 (v7 removed it)
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
        raise _CallNotDefined('{} does not define __call__(trainer): an Extension '
                              'subclass must override it'.format(type(self).__name__))

    def initialize(self, trainer):
        """Called once by the trainer before the training loop (after a resume, with
        the restored state); does nothing by default."""
        pass

    def on_error(self, trainer, exc, tb):
        """Called when the training loop stops on an exception, before
        :meth:`finalize`; does nothing by default.

        Args:
            trainer: the trainer.
            exc (Exception): the exception.
            tb: its traceback.
        """
        pass

    def finalize(self):
        """Called at the end of the training loop (also after an error); does
        nothing by default."""
        pass

    def serialize(self, serializer):
        """Serializes the extension state; nothing by default."""
        pass


def make_extension(trigger=None, default_name=None, priority=None,
                   invoke_before_training=False, finalizer=None, initializer=None,
                   on_error=None, **kwargs):
    """Decorator making a function a trainer extension by setting its attributes.

    Args:
        trigger: default trigger; ``(1, 'iteration')`` when None.
        default_name (str): default name; the function's ``__name__`` when None.
        priority (int): default priority; :data:`PRIORITY_READER` when None.
        invoke_before_training (bool): v1's default flag to call the extension
            before the training loop (v7 code passes ``call_before_training`` to
            ``Trainer.extend`` instead).
        finalizer (callable): called (without arguments) at the end of the
            training loop.
        initializer (callable): called with the trainer before the training loop.
        on_error (callable): called as ``on_error(trainer, exc, tb)`` when the loop
            stops on an exception.

    Returns:
        The decorator, which returns the function itself with the attributes set
        (``initialize``, ``on_error`` and ``finalize`` are None when not given).
    """
    if kwargs:
        raise TypeError('make_extension got unexpected keyword arguments: {}'.format(
            ', '.join(sorted(kwargs))))
    for label, value in (('finalizer', finalizer), ('initializer', initializer),
                         ('on_error', on_error)):
        if value is not None and not callable(value):
            raise TypeError('{} must be callable, got {!r}'.format(label, value))

    def decorator(ext):
        if not callable(ext):
            raise TypeError('make_extension decorates callables, got {!r}'.format(ext))
        ext.trigger = (1, 'iteration') if trigger is None else trigger
        ext.default_name = default_name or ext.__name__
        ext.priority = PRIORITY_READER if priority is None else priority
        ext.invoke_before_training = invoke_before_training
        ext.initialize = initializer
        ext.on_error = on_error
        ext.finalize = finalizer
        return ext

    return decorator
