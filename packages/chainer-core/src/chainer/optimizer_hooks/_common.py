"""Helpers shared by the optimizer hooks."""
import collections

import numpy

from chainer import cuda


def check_number(value, name):
    """Returns ``value`` after checking that it is a real number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, numpy.number)):
        raise TypeError('{} must be a number, got {!r}'.format(name, value))
    return value


def check_non_negative(value, name, hook, why):
    """Returns ``value`` after checking that it is a number, not negative and not
    NaN (0 and infinity are accepted); ValueError naming ``hook``, ``name`` and
    ``why`` a negative value is wrong otherwise."""
    check_number(value, name)
    if not value >= 0:  # also catches NaN
        raise ValueError('{}: {} must be non-negative (0 or more), got {!r}: {}'.format(
            hook, name, value, why))
    return value


def params_with_grad(opt):
    """Yields the target's parameters that hold a data and a gradient array."""
    for param in opt.target.params():
        if param.grad is not None and param.data is not None:
            yield param


def targets(opt_or_rule, param):
    """The parameters one hook call acts on: ``[param]`` for a per-parameter call
    (``hook(rule, param)``), else every parameter of the optimizer's target."""
    if param is not None:
        if param.data is None or param.grad is None:
            return []
        return [param]
    return list(params_with_grad(opt_or_rule))


def sum_sqnorm(arrays):
    """Sum of squares of all elements of ``arrays`` (one host sync per device)."""
    per_device = collections.defaultdict(list)
    for a in arrays:
        dev = cuda.get_device(a)
        with dev:
            flat = a.ravel()
            if flat.dtype == numpy.float16:  # float16 squares overflow at 256
                flat = flat.astype(numpy.float32)
            per_device[int(dev)].append(flat.dot(flat).astype(numpy.float64))
    total = 0.0
    for values in per_device.values():
        total += float(sum(values))
    return total
