"""The iDeep (Intel64) backend names of Chainer v4+, without iDeep.

iDeep (``ideep4py``) is not part of this project, and no array here is an iDeep array:
:func:`is_ideep_available` and :func:`should_use_ideep` return False, and
:func:`inputs_all_ready` returns False, so code written for v7 takes its numpy path, as
v7 does on a machine without iDeep. Asking for the device itself (``Intel64Device()``,
``chainer.get_device('@intel64')``, ``to_intel64()``) raises RuntimeError saying so.
"""
import numpy

from chainer import _backend

_REASON = ('iDeep (ideep4py) is not part of this project: the host device is '
           "chainer.get_device('@numpy')")

_USE_LEVELS = ('==always', '>=auto')


class mdarray(object):
    """Stands for ``ideep4py.mdarray`` in type tests: no array is an instance of it."""


class Intel64Device(_backend.Device):
    """The host device with iDeep arrays (``'@intel64'``); iDeep is not provided, so
    creating one raises.

    Raises:
        RuntimeError: always here, with the reason (see :func:`check_ideep_available`).
    """

    #: Name (device specifier) of the device.
    name = '@intel64'
    #: Array module of the device.
    xp = numpy
    #: Array classes the device computes on.
    supported_array_types = (numpy.ndarray, mdarray)

    __hash__ = _backend.Device.__hash__

    def __init__(self):
        check_ideep_available()

    @staticmethod
    def from_array(array):
        """Returns an :class:`Intel64Device` for an iDeep array; None otherwise (always,
        as no iDeep array exists here)."""
        if isinstance(array, mdarray):
            return Intel64Device()
        return None

    def __eq__(self, other):
        return isinstance(other, Intel64Device)

    def __repr__(self):
        return '<{}>'.format(type(self).__name__)

    def send_array(self, array):
        """Returns ``array`` as a host (numpy) array."""
        from chainer.backends import _cpu
        return _cpu._array_to_cpu(array)


def is_ideep_available():
    """Returns whether iDeep can be used: always False (iDeep is not part of this
    project)."""
    return False


def check_ideep_available():
    """Raises RuntimeError saying why iDeep cannot be used (here: it is not part of this
    project)."""
    raise RuntimeError('iDeep is not available: ' + _REASON)


def should_use_ideep(level):
    """Returns whether a function should take its iDeep path at ``level``
    (``'==always'`` or ``'>=auto'``): always False without iDeep, whatever
    ``chainer.config.use_ideep`` says, as in v7.

    Args:
        level (str): the iDeep use level of the caller.

    Returns:
        bool: False.
    """
    return False


def inputs_all_ready(inputs, supported_ndim=(2, 4)):
    """Returns whether ``inputs`` (arrays or Variables) are ready for an iDeep primitive
    of ``supported_ndim`` dimensions: always False without iDeep, as in v7.

    Args:
        inputs (sequence): arrays or variables to check.
        supported_ndim (tuple of int): the dimensions the primitive takes.

    Returns:
        bool: False.
    """
    return False
