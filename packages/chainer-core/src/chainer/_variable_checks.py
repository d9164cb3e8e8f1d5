"""What a Variable checks about its data and gradients, and the errors it raises."""
import numpy

from chainer import _graph


def _grad_mismatch(var, grad):
    """``(error type, message)`` when ``grad`` cannot be ``var``'s gradient, else None."""
    if type(grad) is not type(var.data) and not (
            isinstance(grad, numpy.ndarray) and isinstance(var.data, numpy.ndarray)):
        return TypeError, 'type of data and grad mismatch: {} != {}'.format(
            type(var.data), type(grad))
    if grad.dtype != var.data.dtype:
        return TypeError, 'dtype of data and grad mismatch: {} != {}'.format(
            var.data.dtype, grad.dtype)
    if grad.shape != var.data.shape:
        return ValueError, 'shape of data and grad mismatch: {} != {}'.format(
            var.data.shape, grad.shape)
    return None


def _blame(func):
    """The part of a bad-gradient message naming the function at fault, as in v1, with
    where it was applied when debug mode recorded it."""
    text = 'Function `{}` ({}) has a bug: its backward returned a bad gradient.\n'.format(
        type(func).__name__, func.label)
    if func.stack:
        text += _graph.stack_text(func)
    return text


def _check_grad_type(var, grad, func=None):
    """Raises TypeError/ValueError unless ``grad`` fits ``var`` (``func``: the function
    whose backward computed it, named in the message)."""
    if grad is None or var.data is None:
        return
    mismatch = _grad_mismatch(var, grad)
    if mismatch is not None:
        error_type, message = mismatch
        if func is None:
            raise error_type(message)
        if not func._is_v1:  # v2+ words, and its ValueError
            message = '{} of gradients returned from backward is incorrect: {}'.format(
                message.split(' ', 1)[0], message)
            error_type = _graph.BadGradientError
        raise error_type(_blame(func) + message)


def _as_data_array(data):
    """Returns ``data`` as the data array of a Variable: numpy arrays (and subclasses)
    and GPU arrays as they are, a numpy scalar as a 0-d array (a scalar could not
    receive an array gradient), None for a variable without data yet."""
    if data is None or isinstance(data, numpy.ndarray) or \
            hasattr(data, '__cuda_array_interface__'):
        return data
    if isinstance(data, numpy.generic):
        return numpy.asarray(data)
    raise TypeError('Variable data must be a numpy.ndarray or a GPU array, got '
                    '{}'.format(type(data).__name__))


class UnsupportedOperatorError(TypeError, NotImplementedError):
    """Raised by the comparison operators and ``bool()`` of a Variable: a TypeError as
    Chainer v2+ raises, and a NotImplementedError as v1 raised."""


class _NanGrad(object):
    """The value of ``Variable._grad`` standing for a gradient of NaNs not allocated yet
    (see ``Variable._defer_nan_grad``)."""
    __slots__ = ()

    def __repr__(self):
        return '<NaN gradient, allocated on first use>'


_NAN_GRAD = _NanGrad()
