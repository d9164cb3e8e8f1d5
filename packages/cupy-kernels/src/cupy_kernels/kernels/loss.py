"""Softmax cross entropy: the summed loss (a reduction) and the input gradient.

The scores are ``(N, C, rest...)``, the labels ``(N, rest...)``; ``n_unit = prod(rest)``.
A label equal to ``ignore_label`` contributes nothing.
"""
from cupy_kernels.kernels.spec import ACC_PREAMBLE, INDEXES, ElementwiseSpec, ReductionSpec

_INDEX = '(_j / n_unit * n_channel + t) * n_unit + _j % n_unit'

KERNELS = [
    ReductionSpec(
        'softmax_cross_entropy_fwd',
        'S t, raw T log_y, int32 n_channel, int32 n_unit, S ignore_label', 'T out',
        't == ignore_label ? (A)0 : -(A)log_y[{}]'.format(_INDEX), 'a + b', 'out = (T)a',
        '0',
        'softmax_cross_entropy_fwd(t, log_y, n_channel, n_unit, ignore_label) -> 0-d sum '
        'of -log_y[n, t[n, u], u] over the labels that are not ignore_label (divide by the '
        'count or the batch size for the mean). log_y: C-contiguous log-softmax output.',
        reduce_type='A', preamble=ACC_PREAMBLE, dtypes={'S': INDEXES},
        scalars=('n_channel', 'n_unit', 'ignore_label')),
    ElementwiseSpec(
        'softmax_cross_entropy_bwd',
        'raw T y, raw S t, T coeff, int32 n_channel, int32 n_unit, S ignore_label', 'T gx',
        'const int c = i / n_unit % n_channel; '
        'const S label = t[i / ((ptrdiff_t)n_unit * n_channel) * n_unit + i % n_unit]; '
        'gx = label == ignore_label ? (T)0 : '
        '(T)(((A)y[i] - (c == label ? (A)1 : (A)0)) * (A)coeff)',
        'softmax_cross_entropy_bwd(y, t, coeff, n_channel, n_unit, ignore_label, gx) fills '
        'gx = coeff (y - onehot(t)), 0 where t == ignore_label; y: C-contiguous softmax '
        'output, gx: an output array of y\'s shape.',
        preamble=ACC_PREAMBLE, dtypes={'S': INDEXES},
        scalars=('coeff', 'n_channel', 'n_unit', 'ignore_label')),
]
