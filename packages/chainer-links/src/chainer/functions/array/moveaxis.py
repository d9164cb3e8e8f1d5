"""Moving axes of a variable to new positions: ``moveaxis``."""
from chainer.functions._axis import check_int
from chainer.functions.array._permutation import AxisPermutation
from chainer.utils import type_check


def _as_axes(axes, name):
    if isinstance(axes, (tuple, list)):
        return tuple(check_int(a, name) for a in axes)
    return (check_int(axes, name),)


class Moveaxis(AxisPermutation):
    """Moves the axes ``source`` to the positions ``destination`` (as
    :func:`numpy.moveaxis`); the other axes keep their order."""

    def __init__(self, source, destination):
        self.source = _as_axes(source, 'source')
        self.destination = _as_axes(destination, 'destination')
        if len(self.source) != len(self.destination):
            raise ValueError('source and destination must have the same number of '
                             'axes, got {} and {}'.format(self.source, self.destination))
        for name, axes in (('source', self.source), ('destination', self.destination)):
            if len(set(axes)) != len(axes):
                raise ValueError('repeated axis in {}: {}'.format(name, axes))

    def check_type_forward(self, in_types):
        super(Moveaxis, self).check_type_forward(in_types)
        ndim = type_check.eval(in_types[0].ndim)
        for name, axes in (('source', self.source), ('destination', self.destination)):
            for a in axes:
                if not -ndim <= a < ndim:
                    raise type_check.InvalidType(
                        '-ndim <= {} < ndim'.format(name),
                        '{} == {} for ndim {}'.format(name, axes, ndim))
            if len(set(a % ndim for a in axes)) != len(axes):
                raise type_check.InvalidType(
                    'distinct axes in {}'.format(name),
                    '{} == {} for ndim {}'.format(name, axes, ndim))

    def permutation(self, ndim):
        src = [a % ndim for a in self.source]
        dst = [a % ndim for a in self.destination]
        perm = [i for i in range(ndim) if i not in src]
        for d, s in sorted(zip(dst, src)):
            perm.insert(d, s)
        return tuple(perm)


def moveaxis(x, source, destination):
    """Moves axes of a variable to new positions.

    Args:
        x (~chainer.Variable or array): input variable.
        source (int or tuple of ints): original positions of the axes to move.
        destination (int or tuple of ints): their positions in the result; as many
            as ``source``.

    Returns:
        ~chainer.Variable: the variable with its axes moved (a view).
    """
    return Moveaxis(source, destination)(x)
