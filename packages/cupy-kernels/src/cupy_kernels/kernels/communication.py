"""Kernels of multi-process training (chainer-mn's GPU communicators).

After the gradients of all processes are summed into one packed buffer, each element is
divided by the number of processes and written back in the gradients' dtype, in one pass:

.. math:: y_i = \\mathrm{cast}_U(x_i \\cdot scale)
"""
from cupy_kernels.kernels.spec import FLOATS, ElementwiseSpec

KERNELS = [
    ElementwiseSpec(
        'scale_cast', 'T x, float64 scale', 'U y', 'y = (U)((double)x * scale)',
        'scale_cast(x, scale, y): y = x * scale, cast to y\'s dtype (float16/32/64 either '
        'side; y may be x). chainer-mn divides all-reduced gradients by the number of '
        'processes with it, also back from a float16 all-reduce.',
        dtypes={'T': FLOATS, 'U': FLOATS}, scalars=('scale',)),
]
