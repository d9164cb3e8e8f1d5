"""Max and average pooling, forward and backward, n-d (2-d is ``nd == 2``).

Max pooling records, per output, the flat window offset of its maximum (``indexes``,
int32; padding never wins); its backward gathers, per input element, the ``gy`` of every
window that picked it. Average pooling divides the window sum by the full window size
(padding counts as zeros, as in Chainer v1); its backward spreads ``gy / prod(k)``.
"""
from chainer.utils import conv as conv_utils
from chainer.utils import conv_nd as conv_nd_utils

from cupy_kernels.kernels import _window
from cupy_kernels.kernels.spec import ACC_PREAMBLE, ElementwiseSpec, PythonKernel

#: Spatial dimensionalities built into the library (compile-checked).
NDIMS = (1, 2, 3)
_GROUPS = ('dim', 'out', 'k', 's', 'p')


def _names(nd):
    return tuple('{}_{}'.format(g, a) for g in _GROUPS for a in range(nd))


def _forward_spec(nd, kind):
    in_offset = _window.flat('_nc', 'xi', 'dim', nd)
    if kind == 'max':
        body = ('const A v = (A)x[{}]; const int kf = {}; '
                'if (_arg < 0 || v > _acc) {{ _acc = v; _arg = kf; }}').format(
                    in_offset, _window.window_index(nd))
        outs, tail = 'T y, int32 indexes', ' y = (T)_acc; indexes = _arg'
    else:
        body = '_acc += (A)x[{}];'.format(in_offset)
        outs, tail = 'T y', ' y = (T)(_acc * (A)coeff)'
    op = ('ptrdiff_t _r = i; ' + _window.unravel('oi', 'out', nd) +
          ' const ptrdiff_t _nc = _r; A _acc = 0; int _arg = -1; ' +
          _window.gather_loops(nd, body) + tail)
    extra = '' if kind == 'max' else ', T coeff'
    return ElementwiseSpec(
        '{}_pooling_{}d_fwd'.format(kind, nd),
        'raw T x, {}{}'.format(_window.params(nd, _GROUPS), extra), outs, op,
        '{} pooling forward over a C-contiguous (n, c, dim...) input.'.format(kind),
        preamble=ACC_PREAMBLE, scalars=_names(nd) + (('coeff',) if kind != 'max' else ()))


def _backward_spec(nd, kind):
    out_offset = _window.flat('_nc', 'oi', 'out', nd)
    if kind == 'max':
        body = 'if (indexes[{0}] == {1}) _acc += (A)gy[{0}];'.format(
            out_offset, _window.window_index(nd))
        ins = 'raw T gy, raw int32 indexes'
        tail = ' gx = (T)_acc'
    else:
        body = '_acc += (A)gy[{}];'.format(out_offset)
        ins = 'raw T gy'
        tail = ' gx = (T)(_acc * (A)coeff)'
    op = ('ptrdiff_t _r = i; ' + _window.unravel('xi', 'dim', nd, shift='p') +
          ' const ptrdiff_t _nc = _r; A _acc = 0; ' + _window.scatter_loops(nd, body) + tail)
    extra = '' if kind == 'max' else ', T coeff'
    return ElementwiseSpec(
        '{}_pooling_{}d_bwd'.format(kind, nd),
        '{}, {}{}'.format(ins, _window.params(nd, _GROUPS), extra), 'T gx', op,
        '{} pooling backward: gx (n, c, dim...) from C-contiguous gy.'.format(kind),
        preamble=ACC_PREAMBLE, scalars=_names(nd) + (('coeff',) if kind != 'max' else ()))


def _geometry(x_shape, ksize, stride, pad, cover_all):
    nd = len(x_shape) - 2
    ksize = conv_nd_utils.as_tuple(ksize, nd)
    stride = ksize if stride is None else conv_nd_utils.as_tuple(stride, nd)
    pad = conv_nd_utils.as_tuple(pad, nd)
    dims = tuple(x_shape[2:])
    outs = tuple(conv_utils.get_conv_outsize(d, k, s, p, cover_all)
                 for d, k, s, p in zip(dims, ksize, stride, pad))
    if any(o <= 0 for o in outs):
        raise ValueError('input of spatial size {} is too small for ksize={}, stride={}, '
                         'pad={}'.format(dims, ksize, stride, pad))
    scalars = [int(v) for t in (dims, outs, ksize, stride, pad) for v in t]
    return nd, outs, scalars, ksize


_extra = {}


def _kernel(cupy, parts, kind, nd, direction):
    name = '{}_pooling_{}d_{}'.format(kind, nd, direction)
    if name in parts:
        return parts[name]
    if (cupy, name) not in _extra:
        make = _forward_spec if direction == 'fwd' else _backward_spec
        _extra[cupy, name] = make(nd, kind).build(cupy)
    return _extra[cupy, name]


def _coeff(dtype, ksize):
    size = 1
    for k in ksize:
        size *= k
    return dtype.type(1.0 / size)


def _max_fwd(cupy, parts):
    def max_pooling_fwd(x, ksize, stride=None, pad=0, cover_all=True):
        """Returns ``(y, indexes)`` of max pooling an (n, c, dim...) array."""
        nd, outs, scalars, _ = _geometry(x.shape, ksize, stride, pad, cover_all)
        y = cupy.empty(x.shape[:2] + outs, dtype=x.dtype)
        indexes = cupy.empty(y.shape, dtype='i')
        kernel = _kernel(cupy, parts, 'max', nd, 'fwd')
        kernel(cupy.ascontiguousarray(x), *(scalars + [y, indexes]))
        return y, indexes
    return max_pooling_fwd


def _max_bwd(cupy, parts):
    def max_pooling_bwd(gy, indexes, x_shape, ksize, stride=None, pad=0, cover_all=True):
        """Returns ``gx`` of max pooling from ``gy`` and the forward's ``indexes``."""
        nd, outs, scalars, _ = _geometry(x_shape, ksize, stride, pad, cover_all)
        gx = cupy.empty(tuple(x_shape), dtype=gy.dtype)
        kernel = _kernel(cupy, parts, 'max', nd, 'bwd')
        kernel(cupy.ascontiguousarray(gy), cupy.ascontiguousarray(indexes),
               *(scalars + [gx]))
        return gx
    return max_pooling_bwd


def _avg_fwd(cupy, parts):
    def average_pooling_fwd(x, ksize, stride=None, pad=0):
        """Returns average pooling of an (n, c, dim...) array (window sum / prod(k))."""
        nd, outs, scalars, ksize = _geometry(x.shape, ksize, stride, pad, False)
        y = cupy.empty(x.shape[:2] + outs, dtype=x.dtype)
        kernel = _kernel(cupy, parts, 'average', nd, 'fwd')
        kernel(cupy.ascontiguousarray(x), *(scalars + [_coeff(x.dtype, ksize), y]))
        return y
    return average_pooling_fwd


def _avg_bwd(cupy, parts):
    def average_pooling_bwd(gy, x_shape, ksize, stride=None, pad=0):
        """Returns ``gx`` of average pooling from ``gy``."""
        nd, outs, scalars, ksize = _geometry(x_shape, ksize, stride, pad, False)
        gx = cupy.empty(tuple(x_shape), dtype=gy.dtype)
        kernel = _kernel(cupy, parts, 'average', nd, 'bwd')
        kernel(cupy.ascontiguousarray(gy), *(scalars + [_coeff(gy.dtype, ksize), gx]))
        return gx
    return average_pooling_bwd


_SPECS = [make(nd, kind) for kind in ('max', 'average') for nd in NDIMS
          for make in (_forward_spec, _backward_spec)]
_PARTS = tuple(s.name for s in _SPECS)

KERNELS = _SPECS + [
    PythonKernel('max_pooling_fwd', _max_fwd,
                 'max_pooling_fwd(x, ksize, stride=None, pad=0, cover_all=True) -> '
                 '(y, indexes)', _PARTS),
    PythonKernel('max_pooling_bwd', _max_bwd,
                 'max_pooling_bwd(gy, indexes, x_shape, ksize, stride=None, pad=0, '
                 'cover_all=True) -> gx', _PARTS),
    PythonKernel('average_pooling_fwd', _avg_fwd,
                 'average_pooling_fwd(x, ksize, stride=None, pad=0) -> y', _PARTS),
    PythonKernel('average_pooling_bwd', _avg_bwd,
                 'average_pooling_bwd(gy, x_shape, ksize, stride=None, pad=0) -> gx', _PARTS),
]
