"""The v1 module ``chainer.training.trigger``: its names live in
:mod:`chainer.training.util` and :mod:`chainer.training.triggers.interval` since v1.18,
and v1 kept them here for code written before (``training.trigger.IntervalTrigger``)."""
from chainer.training.triggers.interval import IntervalTrigger
from chainer.training.util import _never_fire_trigger, get_trigger  # noqa: F401

__all__ = ['IntervalTrigger', 'get_trigger']
