"""Triggers: callables deciding, from the trainer's state, when an event fires."""
from chainer.training.triggers import early_stopping_trigger  # noqa: F401
from chainer.training.triggers import interval  # noqa: F401
from chainer.training.triggers import manual_schedule_trigger  # noqa: F401
from chainer.training.triggers import minmax_value_trigger  # noqa: F401
from chainer.training.triggers import once_trigger  # noqa: F401
from chainer.training.triggers import time_trigger  # noqa: F401
from chainer.training.triggers.early_stopping_trigger import EarlyStoppingTrigger
from chainer.training.triggers.interval import IntervalTrigger
from chainer.training.triggers.manual_schedule_trigger import ManualScheduleTrigger
from chainer.training.triggers.minmax_value_trigger import (BestValueTrigger,
                                                            MaxValueTrigger,
                                                            MinValueTrigger)
from chainer.training.triggers.once_trigger import OnceTrigger
from chainer.training.triggers.time_trigger import TimeTrigger

__all__ = ['BestValueTrigger', 'EarlyStoppingTrigger', 'IntervalTrigger',
           'ManualScheduleTrigger', 'MaxValueTrigger', 'MinValueTrigger', 'OnceTrigger',
           'TimeTrigger']
