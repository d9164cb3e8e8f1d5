"""Triggers: callables deciding, from the trainer's state, when an event fires."""
from chainer.training.triggers import interval  # noqa: F401
from chainer.training.triggers import manual_schedule_trigger  # noqa: F401
from chainer.training.triggers import minmax_value_trigger  # noqa: F401
from chainer.training.triggers.interval import IntervalTrigger
from chainer.training.triggers.manual_schedule_trigger import ManualScheduleTrigger
from chainer.training.triggers.minmax_value_trigger import (BestValueTrigger,
                                                            MaxValueTrigger,
                                                            MinValueTrigger)

__all__ = ['BestValueTrigger', 'IntervalTrigger', 'ManualScheduleTrigger',
           'MaxValueTrigger', 'MinValueTrigger']
