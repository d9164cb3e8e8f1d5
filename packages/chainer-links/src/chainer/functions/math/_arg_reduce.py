"""Base of ``argmax``/``argmin``: index of the extreme element, not differentiable."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions._axis import check_axis
from chainer.utils import type_check


class ArgReduce(function.Function):
    """Index (int32) of the extreme element over ``axis`` (all axes when None).

    Subclasses set ``reducer``, the name of the array-module function
    (``'argmax'`` or ``'argmin'``). The output is an index, so no gradient flows
    back to the input.
    """

    reducer = None

    def __init__(self, axis=None):
        if axis is not None and (isinstance(axis, bool) or
                                 not isinstance(axis, (int, numpy.integer))):
            raise TypeError('axis must be None or an int, got {!r}'.format(axis))
        self.axis = None if axis is None else int(axis)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        if self.axis is not None:
            check_axis(self.axis, in_types[0].ndim)

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        index = getattr(xp, self.reducer)(x, axis=self.axis)
        return xp.asarray(index, dtype=numpy.int32),

    def backward(self, inputs, grad_outputs):
        return None,
