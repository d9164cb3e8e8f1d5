"""``EarlyStoppingTrigger``: stops the training when a monitored value stops
improving."""
import operator
import warnings

from chainer import reporter
from chainer.training import util


class EarlyStoppingTrigger(object):
    """Stop trigger that fires when a reported value has not improved for
    ``patience`` checks, or when ``max_trigger`` fires.

    The monitored value is averaged over the iterations between two checks (the
    calls at which ``check_trigger`` fires).

    Args:
        check_trigger: when to compare the mean of the monitored value with the best
            one so far; a trigger or a ``(period, unit)`` tuple.
        monitor (str): key of the observation to watch.
        patience (int): number of checks without improvement before stopping (3).
        mode (str): ``'max'``, ``'min'`` or ``'auto'`` (max when the key contains
            ``'accuracy'``, else min).
        verbose (bool): print the decisions.
        max_trigger: trigger (or tuple) ending the training anyway.
        patients (int): old spelling of ``patience`` (keyword only).
    """

    def __init__(self, check_trigger=(1, 'epoch'), monitor='main/loss',
                 patience=None, mode='auto', verbose=False,
                 max_trigger=(100, 'epoch'), **kwargs):
        patients = kwargs.pop('patients', None)
        if kwargs:
            raise TypeError('unexpected keyword arguments: {}'.format(
                ', '.join(sorted(kwargs))))
        if patients is not None and patience is not None:
            raise TypeError("give only 'patience' ('patients' is its old name)")
        if patience is None:
            patience = 3 if patients is None else patients
        if mode not in ('max', 'min', 'auto'):
            raise ValueError("mode must be 'max', 'min' or 'auto', got "
                             "{!r}".format(mode))
        if mode == 'auto':
            mode = 'max' if 'accuracy' in monitor else 'min'
        self._compare = operator.gt if mode == 'max' else operator.lt
        self.best = float('-inf') if mode == 'max' else float('inf')
        self.count = 0
        self.patience = patience
        self.monitor = monitor
        self.verbose = verbose
        self.already_warning = False
        self._max_trigger = util.get_trigger(max_trigger)
        self._interval_trigger = util.get_trigger(check_trigger)
        self._summary = reporter.DictSummary()
        if verbose:
            print('early stopping: watching {} ({})'.format(monitor, mode))

    def __call__(self, trainer):
        """Returns True when the training should stop."""
        observation = trainer.observation
        if self.monitor in observation:
            self._summary.add({self.monitor: observation[self.monitor]})
        if self._max_trigger(trainer):
            return True
        if not self._interval_trigger(trainer):
            return False
        if self.monitor not in observation:
            warnings.warn('{} is not in observation'.format(self.monitor), stacklevel=2)
            return False
        value = self._summary.compute_mean()[self.monitor]
        self._summary = reporter.DictSummary()
        if self._compare(value, self.best):
            self.best = value
            self.count = 0
        else:
            self.count += 1
        if self.count >= self.patience:
            if self.verbose:
                print('Epoch {}: early stopping'.format(trainer.updater.epoch))
            return True
        return False

    def get_training_length(self):
        """The length of ``max_trigger`` as ``(period, unit)``."""
        return self._max_trigger.get_training_length()
