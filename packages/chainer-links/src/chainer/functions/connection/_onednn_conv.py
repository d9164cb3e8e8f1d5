"""Host convolutions on oneDNN: forward, input gradient and filter/bias gradients.

Measured on one thread of an AVX-512 Xeon (benchmarks/README.md): the ``cnn``
benchmark's second convolution (64x32x12x12 input, 64 5x5 filters) forward 2.8 ms on
oneDNN against 6.4 ms for im2col and one OpenBLAS GEMM. oneDNN picks its own blocked
layouts for the data, filters and results (``any`` memory descriptors); arrays are
copied into them and back by oneDNN reorders, which the measurement includes.

A :class:`ConvolutionPlan` holds the primitives of one geometry (shapes, stride,
padding, dilation, bias or not), made on first use and cached (:func:`plan_for`).
The arrays of each call are wrapped in memory objects made for that call, so a plan
serves any thread (its execution is serialized by a lock: the primitives keep their
scratch memory).
"""
import collections
import ctypes
import threading

import numpy

from chainer.functions.connection import _onednn_library as dnnl
from chainer.utils import conv_nd

#: Geometries whose primitives are kept (least recently used dropped beyond it).
MAX_PLANS = 64

#: Output maps of at most this many positions stay with numpy: there a convolution is
#: one large GEMM, which OpenBLAS runs as fast or faster (64x256x8x8 input, 512 4x4
#: filters, stride 2: oneDNN 1.05-1.37x numpy's time for each of the three products).
MAX_TINY_MAP = 16

#: The input gradient runs on oneDNN only for inputs of at least this many channels
#: (a first layer's 1 or 3 channels: oneDNN 1.1-1.9x numpy's time; 32: 0.56x).
MIN_INPUT_GRAD_CHANNELS = 16

_plans = collections.OrderedDict()
_plans_lock = threading.Lock()


def plan_for(x, W, has_bias, stride, pad, dilate, cover_all, out_dims=None):
    """The oneDNN plan of a convolution of host float32 ``x`` ``(n, c, d...)`` with
    filters ``W`` ``(m, c, k...)`` (1 to 3 spatial axes), or None when oneDNN is not
    available, switched off, or does not apply (other dtypes, GPU arrays, empty
    arrays).

    ``x`` may also be a shape (a deconvolution plans the convolution whose input it
    computes); with ``out_dims`` the convolution's output must have those spatial
    sizes, else None.
    """
    x_shape = x if isinstance(x, tuple) else x.shape
    if not isinstance(x, tuple) and (type(x) is not numpy.ndarray or
                                     x.dtype != numpy.float32):
        return None
    if type(W) is not numpy.ndarray or W.dtype != numpy.float32 or \
            not 3 <= len(x_shape) <= 5 or 0 in x_shape or W.size == 0:
        return None
    lib = dnnl.library()
    if lib is None:
        return None
    outs, _ = conv_nd.out_sizes(x_shape[2:], W.shape[2:], stride, pad, cover_all, dilate)
    if min(outs) < 1 or out_dims is not None and tuple(outs) != tuple(out_dims) or \
            numpy.prod(outs) <= MAX_TINY_MAP:
        return None
    pad_r = tuple((o - 1) * s + (k - 1) * d + 1 - (n + p)
                  for o, s, k, d, n, p in zip(outs, stride, W.shape[2:], dilate,
                                              x_shape[2:], pad))
    key = (x_shape, W.shape, tuple(stride), tuple(pad), pad_r, tuple(dilate),
           bool(has_bias))
    with _plans_lock:
        plan = _plans.get(key)
        if plan is not None:
            _plans.move_to_end(key)
            return plan
    plan = ConvolutionPlan(lib, x_shape, W.shape, (x_shape[0], W.shape[0]) + outs,
                           stride, pad, pad_r, dilate, has_bias)
    with _plans_lock:
        _plans[key] = plan
        while len(_plans) > MAX_PLANS:
            _plans.popitem(last=False)[1].close()
    return plan


class _Stage(object):
    """One array's way into or out of a primitive: its plain layout, the layout the
    primitive chose, and the reorder between them (None when they are the same)."""

    def __init__(self, lib, shape, chosen, into):
        self.shape = shape
        self.plain = dnnl.plain_md(lib, shape)
        self.chosen = chosen
        self.nbytes = lib.dll.dnnl_memory_desc_get_size(chosen)
        self.reorder = self.reorder_pd = None
        if not lib.dll.dnnl_memory_desc_equal(self.plain, chosen):
            src, dst = (self.plain, chosen) if into else (chosen, self.plain)
            self.reorder_pd = dnnl.reorder_pd(lib, src, dst)
            self.reorder = dnnl.primitive(lib, self.reorder_pd)


class ConvolutionPlan(object):
    """The oneDNN primitives of one convolution geometry (see :func:`plan_for`)."""

    def __init__(self, lib, x_shape, w_shape, y_shape, stride, pad_l, pad_r, dilate,
                 has_bias):
        self.lib = lib
        self.lock = threading.Lock()
        self._args = (x_shape, w_shape, y_shape, tuple(stride), tuple(pad_l),
                      tuple(pad_r), tuple(dilate), has_bias)
        self.has_bias = has_bias
        # multiply-adds of each of the three products
        self.work = int(numpy.prod(y_shape)) * int(numpy.prod(w_shape[1:]))
        #: whether :meth:`backward_data` is the faster way to the input gradient
        self.input_grad_on_onednn = x_shape[1] >= MIN_INPUT_GRAD_CHANNELS
        self.x_shape, self.w_shape, self.y_shape = x_shape, w_shape, y_shape
        self._mds = []
        self._pds = []
        self._prims = []
        geometry = [dnnl.dims(stride), dnnl.dims(d - 1 for d in dilate),
                    dnnl.dims(pad_l), dnnl.dims(pad_r)]
        x_any, w_any, y_any = [self._own_md(dnnl.any_md(lib, s))
                               for s in (x_shape, w_shape, y_shape)]
        b_md = self._own_md(dnnl.plain_md(lib, (w_shape[0],))) if has_bias else None
        fwd = self._pd('dnnl_convolution_forward_primitive_desc_create', lib.engine,
                       dnnl.FORWARD_TRAINING, dnnl.CONVOLUTION_DIRECT, x_any, w_any,
                       b_md, y_any, *(geometry + [None]))
        bwd_data = self._pd('dnnl_convolution_backward_data_primitive_desc_create',
                            lib.engine, dnnl.CONVOLUTION_DIRECT, x_any, w_any, y_any,
                            *(geometry + [fwd, None]))
        bwd_w = self._pd('dnnl_convolution_backward_weights_primitive_desc_create',
                         lib.engine, dnnl.CONVOLUTION_DIRECT, x_any, w_any, b_md, y_any,
                         *(geometry + [fwd, None]))
        q = dnnl.queried_md
        self.fwd = (self._prim(fwd), self._stage(x_shape, q(lib, fwd, dnnl.QUERY_SRC_MD)),
                    self._stage(w_shape, q(lib, fwd, dnnl.QUERY_WEIGHTS_MD)),
                    self._stage(y_shape, q(lib, fwd, dnnl.QUERY_DST_MD), into=False))
        self.bwd_data = (
            self._prim(bwd_data),
            self._stage(y_shape, q(lib, bwd_data, dnnl.QUERY_DIFF_DST_MD)),
            self._stage(w_shape, q(lib, bwd_data, dnnl.QUERY_WEIGHTS_MD)),
            self._stage(x_shape, q(lib, bwd_data, dnnl.QUERY_DIFF_SRC_MD), into=False))
        self.bwd_weights = (
            self._prim(bwd_w), self._stage(x_shape, q(lib, bwd_w, dnnl.QUERY_SRC_MD)),
            self._stage(y_shape, q(lib, bwd_w, dnnl.QUERY_DIFF_DST_MD)),
            self._stage(w_shape, q(lib, bwd_w, dnnl.QUERY_DIFF_WEIGHTS_MD), into=False))
        self._bias_md = b_md

    def forward(self, x, W, b=None):
        """``y = conv(x, W) + b``: a new C-contiguous ``(n, m, out...)`` array."""
        prim, xs, ws, ys = self.fwd
        args = [(dnnl.ARG_SRC, xs, x), (dnnl.ARG_WEIGHTS, ws, W)]
        if self.has_bias:
            args.append((dnnl.ARG_BIAS, None, b))
        return self._run(prim, args, [(dnnl.ARG_DST, ys)])[0]

    def backward_data(self, gy, W):
        """The input gradient ``(n, c, d...)`` from the output gradient ``gy``."""
        prim, gys, ws, gxs = self.bwd_data
        return self._run(prim, [(dnnl.ARG_DIFF_DST, gys, gy), (dnnl.ARG_WEIGHTS, ws, W)],
                         [(dnnl.ARG_DIFF_SRC, gxs)])[0]

    def backward_weights(self, x, gy):
        """The filter gradient and the bias gradient (None without a bias)."""
        prim, xs, gys, gws = self.bwd_weights
        outs = [(dnnl.ARG_DIFF_WEIGHTS, gws)]
        if self.has_bias:
            outs.append((dnnl.ARG_DIFF_BIAS, None))
        result = self._run(prim, [(dnnl.ARG_SRC, xs, x), (dnnl.ARG_DIFF_DST, gys, gy)],
                           outs)
        return result[0], (result[1] if self.has_bias else None)

    def _run(self, prim, inputs, outputs):
        lib = self.lib
        dnnl.follow_thread_policy(lib, self.work)
        made = []  # memory objects of this call, destroyed at the end
        keep = []  # arrays the memory objects point into
        try:
            with self.lock:
                args = [(kind, self._into(stage, a, made, keep))
                        for kind, stage, a in inputs]
                results = []
                moves = []
                for kind, stage in outputs:
                    out, mem, move = self._out_of(stage, made, keep)
                    args.append((kind, mem))
                    results.append(out)
                    if move is not None:
                        moves.append(move)
                dnnl.execute(lib, prim, args)
                for move in moves:
                    dnnl.execute(lib, *move)
        finally:
            for mem in made:
                dnnl.destroy(lib, 'memory', mem)
        return results

    def _wrap(self, md, array, made, keep):
        keep.append(array)
        mem = dnnl.memory(self.lib, md, array.ctypes.data)
        made.append(mem)
        return mem

    def _scratch(self, stage, made, keep):
        # an aligned host buffer for a layout of the primitive's choice
        raw = numpy.empty(stage.nbytes + 64, dtype=numpy.uint8)
        start = -raw.ctypes.data % 64
        return self._wrap(stage.chosen, raw[start:start + stage.nbytes], made, keep)

    def _into(self, stage, a, made, keep):
        a = numpy.ascontiguousarray(a, dtype=numpy.float32)
        if stage is None:  # the bias: a plain vector
            return self._wrap(self._bias_md, a, made, keep)
        plain = self._wrap(stage.plain, a, made, keep)
        if stage.reorder is None:
            return plain
        inner = self._scratch(stage, made, keep)
        dnnl.execute(self.lib, stage.reorder, [(dnnl.ARG_SRC, plain),
                                               (dnnl.ARG_DST, inner)])
        return inner

    def _out_of(self, stage, made, keep):
        if stage is None:  # the bias gradient: a plain vector
            out = numpy.empty(self.w_shape[0], dtype=numpy.float32)
            return out, self._wrap(self._bias_md, out, made, keep), None
        out = numpy.empty(stage.shape, dtype=numpy.float32)
        plain = self._wrap(stage.plain, out, made, keep)
        if stage.reorder is None:
            return out, plain, None
        inner = self._scratch(stage, made, keep)
        return out, inner, (stage.reorder, [(dnnl.ARG_SRC, inner), (dnnl.ARG_DST, plain)])

    def _own_md(self, md):
        self._mds.append(md)
        return md

    def _pd(self, create, *args):
        pd = dnnl.Handle()
        dnnl.check(getattr(self.lib.dll, create)(ctypes.byref(pd), *args), create)
        self._pds.append(pd)
        return pd

    def _prim(self, pd):
        prim = dnnl.primitive(self.lib, pd)
        self._prims.append(prim)
        return prim

    def _stage(self, shape, chosen, into=True):
        stage = _Stage(self.lib, shape, chosen, into)
        self._mds.append(stage.plain)
        if stage.reorder is not None:
            self._prims.append(stage.reorder)
            self._pds.append(stage.reorder_pd)
        return stage

    def __copy__(self):
        return self  # immutable once made: copies of a graph node share it

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        # a pickled function node gets the plan made anew where it is loaded
        return _rebuilt, self._args

    def close(self):
        """Frees the plan's oneDNN objects (the plan is unusable afterwards)."""
        with self.lock:
            for kind, handles in (('primitive', self._prims),
                                  ('primitive_desc', self._pds),
                                  ('memory_desc', self._mds)):
                for h in handles:
                    dnnl.destroy(self.lib, kind, h)
                del handles[:]


def _rebuilt(*args):
    lib = dnnl.library()
    return None if lib is None else ConvolutionPlan(lib, *args)
