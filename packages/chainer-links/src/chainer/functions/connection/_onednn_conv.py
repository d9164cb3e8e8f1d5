"""Host convolutions on oneDNN: forward, input gradient and filter/bias gradients.

Measured on one thread of an AVX-512 Xeon (benchmarks/README.md): the ``cnn``
benchmark's second convolution (64x32x12x12 input, 64 5x5 filters) forward 2.8 ms on
oneDNN against 6.4 ms for im2col and one OpenBLAS GEMM. oneDNN picks its own blocked
layouts for the data, filters and results (``any`` memory descriptors); arrays are
copied into them and back by oneDNN reorders, which the measurement includes.

A :class:`ConvolutionPlan` holds the primitives of one geometry (shapes, stride,
padding, dilation, bias or not, OpenMP threads), made on first use and cached
(:func:`plan_for`), with one memory object per operand and layout, aimed at each
call's arrays. A plan serves any thread; its runs are serialized by a lock (they share
the memory objects, and the primitives their scratch memory).
"""
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

_plans = dnnl.PlanCache()
#: The plans by the arguments of a call to plan_for (a lookup without arithmetic).
_recent = {}


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
    policy = dnnl.policy_threads()
    call = (x_shape, W.shape, stride, pad, dilate, cover_all, has_bias, out_dims, policy)
    try:
        plan = _recent.get(call)
    except TypeError:  # unhashable arguments (lists): the full lookup below
        call = plan = None
    if plan is not None and not plan.closed:
        return plan
    outs, _ = conv_nd.out_sizes(x_shape[2:], W.shape[2:], stride, pad, cover_all, dilate)
    if min(outs) < 1 or out_dims is not None and tuple(outs) != tuple(out_dims) or \
            numpy.prod(outs) <= MAX_TINY_MAP:
        return None
    pad_r = tuple((o - 1) * s + (k - 1) * d + 1 - (n + p)
                  for o, s, k, d, n, p in zip(outs, stride, W.shape[2:], dilate,
                                              x_shape[2:], pad))
    work = int(numpy.prod(outs)) * x_shape[0] * int(numpy.prod(W.shape))
    threads = dnnl.threads_for(work, policy)
    key = (x_shape, W.shape, tuple(stride), tuple(pad), pad_r, tuple(dilate),
           bool(has_bias), threads)
    plan = _plans.get(key)
    if plan is None:
        plan = ConvolutionPlan(lib, x_shape, W.shape, (x_shape[0], W.shape[0]) + outs,
                               stride, pad, pad_r, dilate, has_bias, threads)
        if _plans.put(key, plan, MAX_PLANS):
            _recent.clear()  # it may hold the plans just closed
    if call is not None:
        if len(_recent) >= 4 * MAX_PLANS:
            _recent.clear()
        _recent[call] = plan
    return plan


class _Stage(object):
    """One array's way into or out of a primitive: its plain layout, the layout the
    primitive chose, the reorder between them (None when they are the same), and the
    memory objects of both, pointed at each call's arrays."""

    def __init__(self, lib, shape, chosen, into, plain=None):
        self.shape = shape
        self.own_plain = plain is None
        self.plain = dnnl.plain_md(lib, shape) if plain is None else plain
        self.plain_mem = dnnl.memory(lib, self.plain)
        self.reorder = self.reorder_pd = self.chosen_mem = None
        if chosen is not None and not lib.dll.dnnl_memory_desc_equal(self.plain, chosen):
            self.nbytes = lib.dll.dnnl_memory_desc_get_size(chosen)
            self.chosen_mem = dnnl.memory(lib, chosen)
            src, dst = (self.plain, chosen) if into else (chosen, self.plain)
            self.reorder_pd = dnnl.reorder_pd(lib, src, dst)
            self.reorder = dnnl.primitive(lib, self.reorder_pd)
            mems = (self.plain_mem, self.chosen_mem) if into else \
                (self.chosen_mem, self.plain_mem)
            self.reorder_args = dnnl.packed_args([(dnnl.ARG_SRC, mems[0]),
                                                  (dnnl.ARG_DST, mems[1])])

    @property
    def mem(self):
        """The memory object the primitive reads or writes."""
        return self.plain_mem if self.chosen_mem is None else self.chosen_mem

    def close(self, lib):
        for mem in (self.plain_mem, self.chosen_mem):
            dnnl.destroy(lib, 'memory', mem)
        dnnl.destroy(lib, 'primitive', self.reorder)
        dnnl.destroy(lib, 'primitive_desc', self.reorder_pd)
        if self.own_plain:
            dnnl.destroy(lib, 'memory_desc', self.plain)


class ConvolutionPlan(object):
    """The oneDNN primitives of one convolution geometry (see :func:`plan_for`)."""

    def __init__(self, lib, x_shape, w_shape, y_shape, stride, pad_l, pad_r, dilate,
                 has_bias, threads=1):
        self.lib = lib
        self.lock = threading.Lock()
        self.closed = False
        self._args = (x_shape, w_shape, y_shape, tuple(stride), tuple(pad_l),
                      tuple(pad_r), tuple(dilate), has_bias, threads)
        self.has_bias = has_bias
        #: the OpenMP threads the primitives are made for and run on
        self.threads = threads
        dnnl.use_threads(lib, threads)
        #: whether :meth:`backward_data` is the faster way to the input gradient
        self.input_grad_on_onednn = x_shape[1] >= MIN_INPUT_GRAD_CHANNELS
        self._mds, self._pds, self._prims, self._stages = [], [], [], []
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
        bias = [(dnnl.ARG_BIAS, None)] if has_bias else []
        diff_bias = [(dnnl.ARG_DIFF_BIAS, None)] if has_bias else []
        self.fwd = self._step(
            fwd, [(dnnl.ARG_SRC, x_shape, dnnl.QUERY_SRC_MD),
                  (dnnl.ARG_WEIGHTS, w_shape, dnnl.QUERY_WEIGHTS_MD)] + bias,
            [(dnnl.ARG_DST, y_shape, dnnl.QUERY_DST_MD)], b_md)
        self.bwd_data = self._step(
            bwd_data, [(dnnl.ARG_DIFF_DST, y_shape, dnnl.QUERY_DIFF_DST_MD),
                       (dnnl.ARG_WEIGHTS, w_shape, dnnl.QUERY_WEIGHTS_MD)],
            [(dnnl.ARG_DIFF_SRC, x_shape, dnnl.QUERY_DIFF_SRC_MD)], b_md)
        self.bwd_weights = self._step(
            bwd_w, [(dnnl.ARG_SRC, x_shape, dnnl.QUERY_SRC_MD),
                    (dnnl.ARG_DIFF_DST, y_shape, dnnl.QUERY_DIFF_DST_MD)],
            [(dnnl.ARG_DIFF_WEIGHTS, w_shape, dnnl.QUERY_DIFF_WEIGHTS_MD)] + diff_bias,
            b_md)

    def forward(self, x, W, b=None):
        """``y = conv(x, W) + b``: a new C-contiguous ``(n, m, out...)`` array."""
        return self._run(self.fwd, (x, W, b) if self.has_bias else (x, W))[0]

    def backward_data(self, gy, W):
        """The input gradient ``(n, c, d...)`` from the output gradient ``gy``."""
        return self._run(self.bwd_data, (gy, W))[0]

    def backward_weights(self, x, gy):
        """The filter gradient and the bias gradient (None without a bias)."""
        result = self._run(self.bwd_weights, (x, gy))
        return result[0], (result[1] if self.has_bias else None)

    def _step(self, pd, inputs, outputs, bias_md):
        # (primitive, its packed arguments, input stages, output stages); each entry of
        # inputs/outputs is (ARG_*, shape, QUERY_* of the chosen layout) or (ARG_BIAS or
        # ARG_DIFF_BIAS, None): the bias vector, plain
        lib = self.lib
        stages = []
        for into, entries in ((True, inputs), (False, outputs)):
            for entry in entries:
                if entry[1] is None:
                    stage = _Stage(lib, (self._args[1][0],), None, into, plain=bias_md)
                else:
                    stage = _Stage(lib, entry[1], dnnl.queried_md(lib, pd, entry[2]),
                                   into)
                self._stages.append(stage)
                stages.append((entry[0], stage))
        args = dnnl.packed_args([(kind, stage.mem) for kind, stage in stages])
        ins = [stage for _, stage in stages[:len(inputs)]]
        outs = [stage for _, stage in stages[len(inputs):]]
        return self._prim(pd), args, ins, outs

    def _run(self, step, arrays):
        lib = self.lib
        prim, args, in_stages, out_stages = step
        dnnl.use_threads(lib, self.threads)
        keep = []  # the arrays the memory objects point into during this call
        results = []
        with self.lock:
            for stage, a in zip(in_stages, arrays):
                a = numpy.ascontiguousarray(a, dtype=numpy.float32)
                keep.append(a)
                dnnl.point(lib, stage.plain_mem, a)
                if stage.reorder is not None:
                    dnnl.point(lib, stage.chosen_mem, _scratch(stage.nbytes, keep))
                    dnnl.execute(lib, stage.reorder, stage.reorder_args)
            for stage in out_stages:
                out = numpy.empty(stage.shape, dtype=numpy.float32)
                results.append(out)
                dnnl.point(lib, stage.plain_mem, out)
                if stage.reorder is not None:
                    dnnl.point(lib, stage.chosen_mem, _scratch(stage.nbytes, keep))
            dnnl.execute(lib, prim, args)
            for stage in out_stages:
                if stage.reorder is not None:
                    dnnl.execute(lib, stage.reorder, stage.reorder_args)
        return results

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
            self.closed = True
            for stage in self._stages:
                stage.close(self.lib)
            for kind, handles in (('primitive', self._prims),
                                  ('primitive_desc', self._pds),
                                  ('memory_desc', self._mds)):
                for h in handles:
                    dnnl.destroy(self.lib, kind, h)
            for handles in (self._stages, self._prims, self._pds, self._mds):
                del handles[:]


def _scratch(nbytes, keep):
    # a 64-byte aligned host buffer for a layout of the primitive's choice
    raw = numpy.empty(nbytes + 64, dtype=numpy.uint8)
    keep.append(raw)
    start = -raw.ctypes.data % 64
    return raw[start:start + nbytes]


def _rebuilt(*args):
    lib = dnnl.library()
    return None if lib is None else ConvolutionPlan(lib, *args)
