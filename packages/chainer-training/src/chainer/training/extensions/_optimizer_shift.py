"""Base of the extensions that schedule an optimizer attribute over calls."""
from chainer.training import extension


class OptimizerShift(extension.Extension):
    """Sets ``optimizer.<attr>`` to :meth:`value_at` of the number of calls so far.

    The value for the current count is applied by :meth:`initialize` before the
    training loop (also after a resume, from the restored count), and each call then
    advances the count by one and applies the next value. Only the count is
    serialized.

    Args:
        attr (str): name of the optimizer attribute.
        optimizer: the optimizer to adjust; the updater's ``'main'`` one when None.
    """

    def __init__(self, attr, optimizer=None):
        if not isinstance(attr, str):
            raise TypeError('attr must be the name of an optimizer attribute (str), got '
                            '{!r}'.format(attr))
        self._attr = attr
        self._optimizer = optimizer
        self._t = 0

    def _get_optimizer(self, trainer):
        optimizer = self._optimizer or trainer.updater.get_optimizer('main')
        if not hasattr(optimizer, self._attr):
            raise AttributeError('{} has no attribute {!r} to shift'.format(
                type(optimizer).__name__, self._attr))
        return optimizer

    def value_at(self, t, optimizer):
        """The attribute value after ``t`` calls (subclasses define it)."""
        raise TypeError('{} must define value_at'.format(type(self).__name__))

    def _apply(self, trainer):
        optimizer = self._get_optimizer(trainer)
        setattr(optimizer, self._attr, self.value_at(self._t, optimizer))

    def initialize(self, trainer):
        """Applies the value of the current count (0, or the restored one)."""
        self._apply(trainer)

    def __call__(self, trainer):
        self._t += 1
        self._apply(trainer)

    def serialize(self, serializer):
        """Saves or loads the call count."""
        self._t = serializer('_t', self._t)
