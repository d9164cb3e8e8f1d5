"""A stand-in for nvidia-cudnn-frontend's ``cudnn`` module that records the graphs built
with it: what :mod:`cupy_kernels.cudnn_graphs` asks of the frontend is checked without
the wheel (and its 1.4 GB of cuDNN and CUTLASS)."""
import enum
import types


class DataType(enum.Enum):
    HALF = 'half'
    FLOAT = 'float'
    DOUBLE = 'double'


class Tensor(object):
    """A graph tensor: its attributes, settable the frontend's chained way."""

    def __init__(self, name='', dim=None, stride=None, data_type=None, **kwargs):
        self.name, self.dim, self.stride, self.data_type = name, dim, stride, data_type
        self.output = False
        self.pass_by_value = kwargs.get('is_pass_by_value', False)

    def set_output(self, flag):
        self.output = flag
        return self

    def set_data_type(self, data_type):
        self.data_type = data_type
        return self

    def set_dim(self, dim):
        self.dim = list(dim)
        return self

    def set_stride(self, stride):
        self.stride = list(stride)
        return self


class Graph(object):
    """A pygraph that records each operation as ``(op, inputs and attributes)``."""

    def __init__(self, **context):
        self.context, self.ops, self.tensors = context, [], []

    def tensor(self, **kwargs):
        t = Tensor(**kwargs)
        self.tensors.append(t)
        return t

    def _op(self, op, n_outputs, kwargs):
        self.ops.append((op, kwargs))
        outs = tuple(Tensor(name='{}:{}'.format(op, i)) for i in range(n_outputs))
        return outs[0] if n_outputs == 1 else outs

    def conv_fprop(self, **kwargs):
        return self._op('conv_fprop', 1, kwargs)

    def conv_dgrad(self, **kwargs):
        return self._op('conv_dgrad', 1, kwargs)

    def conv_wgrad(self, **kwargs):
        return self._op('conv_wgrad', 1, kwargs)

    def batchnorm(self, **kwargs):
        return self._op('batchnorm', 5, kwargs)

    def batchnorm_inference(self, **kwargs):
        return self._op('batchnorm_inference', 1, kwargs)

    def batchnorm_backward(self, **kwargs):
        return self._op('batchnorm_backward', 3, kwargs)


def module():
    """Returns a fresh stand-in ``cudnn`` module."""
    return types.SimpleNamespace(pygraph=Graph, data_type=DataType)
