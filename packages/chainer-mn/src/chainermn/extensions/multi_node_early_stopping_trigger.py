"""``MultiNodeEarlyStoppingTrigger``: early stopping that every process decides alike."""
from chainer.training.triggers import EarlyStoppingTrigger
from chainermn.extensions.observation_aggregator import ObservationAggregator


class MultiNodeEarlyStoppingTrigger(object):
    """:class:`~chainer.training.triggers.EarlyStoppingTrigger` on the mean over all
    processes of the monitored value (ChainerMN v7's), so every process stops at the same
    iteration.

    At each check the values every process observed since the previous check are
    averaged (by an :class:`ObservationAggregator`, into ``monitor + suffix``) and the
    early-stopping rule runs on that mean.

    Args:
        comm: a ChainerMN communicator.
        check_trigger: how often to check, ``(period, 'epoch' or 'iteration')``.
        monitor (str): the observation to watch.
        patience (int): checks without improvement before stopping (``patients``
            is accepted as its old name).
        mode (str): ``'max'``, ``'min'`` or ``'auto'``.
        verbose (bool): print when stopping.
        max_trigger: the longest training, ``(period, unit)``.
        suffix (str): added to ``monitor`` for the averaged value's key.
    """

    def __init__(self, comm, *, check_trigger=(1, 'epoch'), monitor='main/loss',
                 patience=None, mode='auto', verbose=False, max_trigger=(100, 'epoch'),
                 suffix='_aggregated', **kwargs):
        aggregated = monitor + suffix
        self.actual_trigger = EarlyStoppingTrigger(
            check_trigger=check_trigger, monitor=aggregated, patience=patience, mode=mode,
            verbose=verbose, max_trigger=max_trigger, **kwargs)
        self.aggregator = ObservationAggregator(comm, monitor, aggregated_key=aggregated,
                                                comm_trigger=check_trigger)

    def __call__(self, trainer):
        """Aggregates this iteration's value and returns whether to stop."""
        self.aggregator(trainer)
        return self.actual_trigger(trainer)

    def get_training_length(self):
        """The longest training, ``max_trigger`` (the trainer's length)."""
        return self.actual_trigger.get_training_length()
