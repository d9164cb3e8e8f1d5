"""Local response normalization and batch normalization kernels.

LRN over channels (window ``n``, ``half_n = n // 2``), for C-contiguous (N, C, rest...):

.. math::

    s_c = k + \\alpha \\sum_{|c' - c| \\le half_n} x_{c'}^2, \\quad y_c = x_c s_c^{-\\beta}

    g_{x_c} = g_{y_c} s_c^{-\\beta} - 2 \\alpha \\beta x_c
              \\sum_{|c' - c| \\le half_n} g_{y_{c'}} y_{c'} / s_{c'}

Batch normalization (statistics broadcast as (1, C, 1...) arrays):
``x_hat = (x - mean) inv_std``, ``y = gamma x_hat + beta``; backward with the reduced
``ggamma = sum(gy x_hat)``, ``gbeta = sum(gy)`` over ``m`` elements per channel:
``gx = gamma inv_std (gy - (x_hat ggamma + gbeta) / m)``.
"""
from cupy_kernels.kernels.spec import ACC_PREAMBLE, ElementwiseSpec

_WINDOW = ('const int c = (int)(i / rest % n_channel); const ptrdiff_t base = i - '
           '(ptrdiff_t)c * rest; const int lo = max(0, c - half_n), '
           'hi = min(n_channel - 1, c + half_n); A _s = 0; '
           'for (int j = lo; j <= hi; ++j) {{ const ptrdiff_t q = base + (ptrdiff_t)j * rest; '
           '{} }} ')

KERNELS = [
    ElementwiseSpec(
        'lrn_fwd', 'raw T x, int32 n_channel, int32 rest, int32 half_n, T k, T alpha, T beta',
        'T y, T scale',
        _WINDOW.format('const A v = (A)x[q]; _s += v * v;') +
        'const A sc = (A)k + (A)alpha * _s; scale = (T)sc; '
        'y = (T)((A)x[i] * pow(sc, -(A)beta))',
        'lrn_fwd(x, n_channel, rest, half_n, k, alpha, beta, y, scale): y and the scale '
        's (kept for the backward) of a C-contiguous x; rest = prod(shape[2:]).',
        preamble=ACC_PREAMBLE, scalars=('n_channel', 'rest', 'half_n', 'k', 'alpha', 'beta')),
    ElementwiseSpec(
        'lrn_bwd',
        'raw T x, raw T y, raw T scale, raw T gy, int32 n_channel, int32 rest, '
        'int32 half_n, T alpha, T beta', 'T gx',
        _WINDOW.format('_s += (A)gy[q] * (A)y[q] / (A)scale[q];') +
        'gx = (T)((A)gy[i] * pow((A)scale[i], -(A)beta) - '
        '2 * (A)alpha * (A)beta * (A)x[i] * _s)',
        'lrn_bwd(x, y, scale, gy, n_channel, rest, half_n, alpha, beta, gx): the input '
        'gradient; all arrays C-contiguous of one shape.',
        preamble=ACC_PREAMBLE, scalars=('n_channel', 'rest', 'half_n', 'alpha', 'beta')),
    ElementwiseSpec(
        'batch_norm_fwd', 'T x, T mean, T inv_std, T gamma, T beta', 'T x_hat, T y',
        'const A xh = ((A)x - (A)mean) * (A)inv_std; x_hat = (T)xh; '
        'y = (T)((A)gamma * xh + (A)beta)',
        'batch_norm_fwd(x, mean, inv_std, gamma, beta) -> (x_hat, y).',
        preamble=ACC_PREAMBLE),
    ElementwiseSpec(
        'batch_norm_bwd', 'T gy, T x_hat, T gamma, T inv_std, T ggamma, T gbeta, T inv_m',
        'T gx',
        'gx = (T)((A)gamma * (A)inv_std * ((A)gy - ((A)x_hat * (A)ggamma + (A)gbeta) * '
        '(A)inv_m))',
        'batch_norm_bwd(gy, x_hat, gamma, inv_std, ggamma, gbeta, inv_m) -> gx, with '
        'inv_m = 1 / (elements per channel).', preamble=ACC_PREAMBLE, scalars=('inv_m',)),
    ElementwiseSpec(
        'batch_norm_inference', 'T x, T mean, T var, T gamma, T beta, T eps', 'T y',
        'y = (T)((A)gamma * ((A)x - (A)mean) / sqrt((A)var + (A)eps) + (A)beta)',
        'batch_norm_inference(x, mean, var, gamma, beta, eps) -> y with fixed statistics '
        '(F.fixed_batch_normalization).', preamble=ACC_PREAMBLE, scalars=('eps',)),
]
