"""Recurrent state handling shared by the stateful links (LSTM, StatefulGRU, ...)."""
import numpy

from chainer import variable
from chainer.links import _errors


def on_link_device(link, state):
    """Returns the state variable ``state`` moved to ``link``'s device if needed.

    Link.to_cpu/to_gpu move parameters and persistent arrays only; a recurrent state
    follows the link when it is next used, whether the link or a parent was moved.
    """
    if state is None:
        return None
    on_host = isinstance(state.data, numpy.ndarray)
    if link.xp is numpy and not on_host:
        state.to_cpu()
    elif link.xp is not numpy and on_host:
        state.to_gpu(link._device_id)
    return state


def check_state(value, name):
    """Checks that a state given to ``set_state`` is a Variable (else an
    InvalidCallError: a TypeError and, as v1 asserted it, an AssertionError)."""
    if not isinstance(value, variable.Variable):
        raise _errors.InvalidCallError('{} must be a chainer.Variable, got {}'.format(
            name, type(value).__name__))
    return value


def zeros_state(link, batch, size, dtype):
    """A zero state variable of shape ``(batch, size)`` (volatile AUTO, so that it
    follows the volatility of the input it meets)."""
    return variable.Variable(link.xp.zeros((batch, size), dtype=dtype),
                             volatile='auto')
