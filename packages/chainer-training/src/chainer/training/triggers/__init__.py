"""Triggers: callables deciding, from the trainer's state, when an event fires."""
from chainer.training.triggers.interval_trigger import IntervalTrigger
from chainer.training.triggers.manual_schedule_trigger import ManualScheduleTrigger
from chainer.training.triggers.minmax_value_trigger import (BestValueTrigger,
                                                            MaxValueTrigger,
                                                            MinValueTrigger)

__all__ = ['BestValueTrigger', 'IntervalTrigger', 'ManualScheduleTrigger',
           'MaxValueTrigger', 'MinValueTrigger']
