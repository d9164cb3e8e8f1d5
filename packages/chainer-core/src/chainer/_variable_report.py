"""The text :meth:`chainer.Variable.debug_print` returns."""
import numpy

from chainer import cuda


def _stats(a):
    if a is None:
        return 'None'
    if a.size == 0:
        return 'empty'
    xp = cuda.get_array_module(a)
    return 'mean={0:.8f}, std={1:.8f}'.format(float(xp.mean(a)), float(xp.std(a)))


def _grad_summary(grad):
    if grad is None:
        return 'None'
    if grad.size and not cuda.get_array_module(grad).any(grad):
        return '0'  # v1 reports an all-zero gradient (e.g. after zerograd) as 0
    return _stats(grad)


def describe(header, data, grad, volatile=None):
    """Lines with ``header`` and the device, volatility (left out when None), array
    type, shape, dtype and statistics of ``data`` and ``grad``."""
    if data is None:  # a Variable or Parameter without data yet
        device = backend = shape = dtype = None
    else:
        device = 'CPU' if isinstance(data, numpy.ndarray) else \
            'GPU{}'.format(int(cuda.get_device(data)))
        backend, shape, dtype = type(data), data.shape, data.dtype
    lines = [header, '- device: {}'.format(device)]
    if volatile is not None:
        lines.append('- volatile: {}'.format(volatile))
    lines += ['- backend: {}'.format(backend),
              '- shape: {}'.format(shape),
              '- dtype: {}'.format(dtype),
              '- statistics: {}'.format(_stats(data)),
              '- grad: {}'.format(_grad_summary(grad))]
    return '\n'.join(lines)


def debug_print(var):
    """Lines with the name, device, volatility, array type, shape, dtype and statistics
    of the data and gradient of ``var``."""
    return describe(var.summary(), var.data, var.grad, var.volatile)


def _host_data(var):
    data = var.data
    if data is None or isinstance(data, numpy.ndarray):
        return data
    return cuda.to_cpu(data)


def _prefix(var):
    return 'variable ' + var.name if var.name else 'variable'


def variable_repr(var):
    """``repr`` of a Variable: ``variable NAME(<the data as numpy.array_repr
    writes it, without the dtype>)``; an empty array other than shape (0,) shows
    its shape, and a Variable without data shows ``None``."""
    data = _host_data(var)
    prefix = _prefix(var)
    if data is None:
        body = 'None'
    elif data.size > 0 or data.shape == (0,):
        body = numpy.array2string(data, separator=', ', prefix=prefix + '(')
    else:
        body = '[], shape={!r}'.format(data.shape)
    return '{}({})'.format(prefix, body)


def variable_str(var):
    """``str`` of a Variable: ``variable NAME(<the data as numpy.array_str
    writes it>)``, or ``variable NAME(None)`` without data."""
    data = _host_data(var)
    prefix = _prefix(var)
    if data is None:
        body = 'None'
    else:
        body = numpy.array2string(data, separator=' ', prefix=prefix + '(')
    return '{}({})'.format(prefix, body)
