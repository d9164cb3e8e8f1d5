"""Base of the extensions that schedule an optimizer attribute over calls."""
import numpy

from chainer import serializer as serializer_module
from chainer.training import extension


class OptimizerShift(extension.Extension):
    """Sets ``optimizer.<attr>`` to :meth:`value_at` of its count of shifts.

    The value of the current count is applied before the training loop, by
    :meth:`initialize` (also after a resume, from the restored count) and by the call
    the trainer makes before training (``invoke_before_training`` is True, as
    documented for Chainer v1). A call at a later iteration advances the count by one
    and applies the next value; a call at the iteration of the previous one (such as the
    one before training) applies the current value again without advancing. Only the
    count (``_t``) and the last value applied (``_last_value``, as v7 saves it) are
    serialized. A :meth:`value_at` of None leaves the attribute as it is.

    Args:
        attr (str): name of the optimizer attribute.
        optimizer: the optimizer to adjust; the updater's ``'main'`` one when None.
    """

    invoke_before_training = True

    def __init__(self, attr, optimizer=None):
        if not isinstance(attr, str):
            raise TypeError('attr must be the name of an optimizer attribute (str), got '
                            '{!r}'.format(attr))
        self._attr = attr
        self._optimizer = optimizer
        self._t = 0
        self._applied_at = None  # the iteration of the last application
        self._last_value = None

    def _get_optimizer(self, trainer):
        optimizer = self._optimizer if self._optimizer is not None else \
            trainer.updater.get_optimizer('main')
        if not hasattr(optimizer, self._attr):
            raise AttributeError('{} has no attribute {!r} to shift'.format(
                type(optimizer).__name__, self._attr))
        return optimizer

    def value_at(self, t, optimizer):
        """The attribute value after ``t`` shifts (subclasses define it)."""
        raise TypeError('{} must define value_at'.format(type(self).__name__))

    def _apply(self, trainer):
        optimizer = self._get_optimizer(trainer)
        value = self.value_at(self._t, optimizer)
        if value is not None:
            setattr(optimizer, self._attr, value)
            self._last_value = value
        self._applied_at = trainer.updater.iteration

    def initialize(self, trainer):
        """Applies the value of the current count (0, or the restored one)."""
        self._apply(trainer)

    def __call__(self, trainer):
        if self._applied_at is not None and trainer.updater.iteration != self._applied_at:
            self._t += 1
        self._apply(trainer)

    #: Whether Chainer v1 had this extension: its snapshots count the call before
    #: training too (``_t`` is one more than the shifts made), and hold no
    #: ``_last_value``.
    _in_v1 = False

    def serialize(self, serializer):
        """Saves or loads the count of shifts (and the last value, which a
        snapshot of v1 lacks: its count, one more than the shifts made, is taken
        back by one)."""
        t = serializer('_t', self._t)
        v1_file = False
        try:
            last = serializer('_last_value', numpy.nan if self._last_value is None
                              else float(self._last_value))
        except KeyError:
            last, v1_file = None, True
        if serializer_module._is_validating(serializer) or \
                not isinstance(serializer, serializer_module.Deserializer):
            return
        if last is not None and numpy.isfinite(float(last)):
            self._last_value = float(last)
        if v1_file and self._in_v1 and t is not None:
            t = max(int(t) - 1, 0)
        if t is not None:
            self._t = t
