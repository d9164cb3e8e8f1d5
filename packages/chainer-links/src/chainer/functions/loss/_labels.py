"""Validation of integer label arrays (values, which type checks cannot see)."""
import numpy

from chainer import cuda


def check_labels(t, n_class, name='t', ignore_label=None):
    """Raises ValueError unless every label is in ``[0, n_class)`` or ``ignore_label``.

    Reading ``x[t]`` with an out-of-range label would silently read another row (or
    garbage on the GPU), so labels are checked before any gather. On the GPU this
    costs one device synchronization.

    Args:
        t (array): integer labels.
        n_class (int): number of classes.
        name (str): argument name used in the message.
        ignore_label (int or None): a label value that is allowed and means "skip".
    """
    if t.size == 0:
        return
    if type(t) is numpy.ndarray and in_range(t, n_class):
        return  # the common case on the host: two reductions, no temporaries
    xp = cuda.get_array_module(t)
    bad = (t < 0) | (t >= n_class)
    if ignore_label is not None:
        bad &= t != ignore_label
    if bool(bad.any()):
        first = cuda.to_cpu(t[bad])[0]
        allowed = 'in [0, {})'.format(n_class)
        if ignore_label is not None:
            allowed += ' or equal to ignore_label={}'.format(ignore_label)
        raise ValueError('{}: every label must be {}, got {} ({} bad labels)'.format(
            name, allowed, int(first), int(xp.count_nonzero(bad))))


def in_range(t, n_class):
    """Whether every label of the host array ``t`` is in ``[0, n_class)`` (min and max
    only: no temporaries)."""
    return t.size == 0 or (0 <= t.min() and t.max() < n_class)
