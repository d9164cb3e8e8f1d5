"""``AllreducePersistent``: the mean over the processes of a model's float persistent
values (e.g. BatchNormalization's running statistics)."""
import numpy

from chainer import cuda
from chainer.training import extension


def _float_persistents(model):
    """``(path, array)`` of every floating-point persistent array of ``model`` (its own
    and its descendants'), in path order (the same on every rank)."""
    found = []
    for link_path, link in model.namedlinks():
        for name in link._persistent:
            value = link.__dict__.get(name)
            if getattr(value, 'dtype', None) is not None and \
                    numpy.dtype(value.dtype).kind == 'f' and getattr(value, 'ndim', 0):
                found.append((link_path.rstrip('/') + '/' + name, value))
    return sorted(found, key=lambda item: item[0])


class AllreducePersistent(extension.Extension):
    """Trainer extension replacing the float persistent arrays of ``model`` (running
    means and variances of batch normalizations, ...) with their mean over the processes
    of ``comm``, in place, as ChainerMN v7's: the statistics then reflect every
    process's examples. Integer and scalar persistents (counters) are left alone.

    It runs once an epoch by default, before the evaluators (priority
    ``PRIORITY_WRITER + 1``); every process must run it at the same time.

    Args:
        model (~chainer.Link): the model.
        comm: a ChainerMN communicator.
    """

    trigger = 1, 'epoch'
    priority = extension.PRIORITY_WRITER + 1

    def __init__(self, model, comm):
        self.model = model
        self.comm = comm

    def __call__(self, trainer=None):
        """Averages the persistents (``trainer`` is not used)."""
        arrays = [value for _, value in _float_persistents(self.model)]
        if not arrays:
            return
        flat = numpy.concatenate([numpy.asarray(cuda.to_cpu(a), numpy.float64).ravel()
                                  for a in arrays])
        mean = numpy.asarray(cuda.to_cpu(self.comm.allreduce(flat))) / self.comm.size
        offset = 0
        for a in arrays:
            piece = mean[offset:offset + a.size].reshape(a.shape).astype(a.dtype)
            a[...] = piece if isinstance(a, numpy.ndarray) else cuda.to_gpu(piece)
            offset += a.size
