"""Mixed precision helper of v7 (``chainer.utils.precision``)."""
import functools

import numpy


def _fp16_mixed_precision_helper(fn):
    """Decorates a ``forward(self, inputs)`` so that it computes in float32 when given
    float16 inputs: float16 inputs are cast to float32 and, when every float input was
    float16, the float32 outputs are cast back to float16. Other dtypes pass unchanged.
    """
    @functools.wraps(fn)
    def wrapper(self, in_data):
        all_half = all(x.dtype.kind != 'f' or x.dtype == numpy.float16 for x in in_data)
        in_data = tuple([x.astype(numpy.float32) if x.dtype == numpy.float16 else x
                         for x in in_data])
        out_data = fn(self, in_data)
        if all_half:
            out_data = tuple([
                y.astype(numpy.float16) if y is not None and y.dtype == numpy.float32
                else y for y in out_data])
        return out_data
    return wrapper
