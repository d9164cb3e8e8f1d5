"""Validation of integer label arrays (values, which type checks cannot see)."""
import sys
import warnings

import numpy

import chainer
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
    # the reductions of t.min()/t.max() called directly (a tenth of a small loss's
    # forward went to the methods' Python wrappers)
    return t.size == 0 or (0 <= numpy.minimum.reduce(t, axis=None) and
                           numpy.maximum.reduce(t, axis=None) < n_class)


class LabelRangeWarning(UserWarning):
    """Labels outside ``[0, n_class)`` that Chainer v1 accepted were given; the
    function computes what Chainer v1 computed for them."""


def _caller_stacklevel():
    """``stacklevel`` of the first frame outside the chainer package, so that a
    warning is attributed to (and, by default, shown once for) the user's call site."""
    frame = sys._getframe(2)
    level = 2
    while frame is not None and (frame.f_globals.get('__name__') or '').startswith(
            'chainer.'):
        frame = frame.f_back
        level += 1
    return level


def lenient_labels(t, n_class, name, effect, ignore_label=None, low=None, high=None):
    """Accepts the labels Chainer v1 accepted: warns about them, or raises.

    Labels in ``[0, n_class)`` or equal to ``ignore_label`` are valid. Other labels
    in ``[low, high)`` (``None``: unbounded) were accepted by Chainer v1, which gave
    them the meaning ``effect`` describes: a :class:`LabelRangeWarning` says so (one
    message per function and call site under the default warning filters) and the
    caller computes v1's result. Labels outside ``[low, high)`` made v1 fail too:
    they raise ValueError, and so does every out-of-range label in debug mode
    (:func:`chainer.set_debug`), where v1 checked the labels.

    Args:
        t (array): integer labels.
        n_class (int): number of classes.
        name (str): what the labels are called in messages, e.g. ``'crf1d: ys'``.
        effect (str): what is done with the out-of-range labels, completing
            the sentence "as in Chainer v1 they ...".
        ignore_label (int or None): a valid label value that means "skip".
        low (int or None): the smallest label v1 accepted.
        high (int or None): one past the largest label v1 accepted.

    Returns:
        bool: whether some labels are outside ``[0, n_class)`` and not ignored (the
        caller then takes v1's path for them).
    """
    if t.size == 0 or (type(t) is numpy.ndarray and in_range(t, n_class)):
        return False
    outside = (t < 0) | (t >= n_class)
    if ignore_label is not None:
        outside &= t != ignore_label
    if not bool(outside.any()):
        return False
    if chainer.is_debug():  # v1's debug mode checked the labels and raised
        fatal = outside
        low = high = n_class
    else:
        fatal = outside & False
    if low is not None:
        fatal |= outside & (t < low)
    if high is not None:
        fatal |= outside & (t >= high)
    if bool(fatal.any()):
        first = cuda.to_cpu(t[fatal])[0]
        also = []
        if low is None or low < 0:
            also.append('(-inf, 0)' if low is None else '[{}, 0)'.format(low))
        if high is None or high > n_class:
            also.append('[{}, {})'.format(n_class, 'inf' if high is None else high))
        raise ValueError(
            '{}: every label must be in [0, {}){}{}, got {} ({} bad labels)'.format(
                name, n_class,
                '' if ignore_label is None else
                ' or equal to ignore_label={}'.format(ignore_label),
                '' if not also else
                ' (as in Chainer v1, labels in {} are also read, with a warning)'.format(
                    ' and '.join(also)),
                int(first), int(cuda.get_array_module(t).count_nonzero(fatal))))
    warnings.warn(
        '{}: labels outside [0, {}) (and not ignore_label) were given; as in Chainer '
        'v1 they {}'.format(name, n_class, effect),
        LabelRangeWarning, stacklevel=_caller_stacklevel())
    return True


def wrap_negative(t, n_class):
    """``t`` with labels in ``[-n_class, 0)`` replaced by ``n_class + t``: the row
    numpy indexing reads for them (as Chainer v1 did)."""
    xp = cuda.get_array_module(t)
    return xp.where(t < 0, t + n_class, t).astype(t.dtype, copy=False)


WRAP = 'wrap around: label -k is read as class n_class - k (numpy indexing)'
