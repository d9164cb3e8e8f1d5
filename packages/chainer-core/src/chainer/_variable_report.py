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
    device = 'CPU' if isinstance(data, numpy.ndarray) else \
        'GPU{}'.format(int(cuda.get_device(data)))
    lines = [header, '- device: {}'.format(device)]
    if volatile is not None:
        lines.append('- volatile: {}'.format(volatile))
    lines += ['- backend: {}'.format(type(data)),
              '- shape: {}'.format(data.shape),
              '- dtype: {}'.format(data.dtype),
              '- statistics: {}'.format(_stats(data)),
              '- grad: {}'.format(_grad_summary(grad))]
    return '\n'.join(lines)


def debug_print(var):
    """Lines with the name, device, volatility, array type, shape, dtype and statistics
    of the data and gradient of ``var``."""
    return describe(repr(var), var.data, var.grad, var.volatile)
