"""Host float32 matrix products on oneDNN's matmul primitive, for linear layers.

``product(a, b, transpose_a, transpose_b, bias)`` computes ``op(a) op(b) (+ bias)`` on
C-contiguous 2-d float32 arrays; a transposed operand is described to oneDNN by its
strides, so nothing is copied. Measured on one thread of an AVX-512 Xeon against
numpy's OpenBLAS (alone, caches warm): ``x W^T + b`` in 0.55-0.8x the time and ``gy W``
in 0.65-0.9x for the layers of an MLP at batch 100 and of an LSTM at batch 20; a call
costs about 12 us more than numpy's. Inside training steps only the large products
gained (the MLP 784-1000-1000-10 step at batch 100: 0.92-0.96x the time; an LSTM
language model's 20x200x800 products: no gain), so products below :data:`MIN_WORK`
multiply-adds, matrix-vector products and thin ones stay with numpy (:func:`worth_it`).
The filter gradient ``gy^T x`` gained nothing (a transposed first operand): numpy's.

The primitive of each shape and transposition is made once and cached (least
recently used dropped beyond :data:`MAX_PLANS`).
"""
import ctypes
import threading

import numpy

from chainer.functions.connection import _onednn_library as dnnl

MAX_PLANS = 128

#: Least rows, inner size and columns of a product that oneDNN takes (below them, or
#: for fewer than MIN_WORK multiply-adds, numpy's BLAS call is at least as fast).
MIN_ROWS, MIN_INNER, MIN_COLUMNS = 4, 32, 32
MIN_WORK = 1 << 23

_plans = dnnl.PlanCache()


def worth_it(m, k, n):
    """Whether an ``(m, k) x (k, n)`` float32 product should run on oneDNN (installed,
    not switched off, and large enough to gain)."""
    return (m >= MIN_ROWS and k >= MIN_INNER and n >= MIN_COLUMNS and
            m * k * n >= MIN_WORK and dnnl.library() is not None)


def takes(a, b, m, k, n):
    """Whether the ``(m, k) x (k, n)`` product of the host float32 matrices ``a`` and
    ``b`` runs on oneDNN (installed and large enough to gain)."""
    # the sizes first (worth_it tests them before the library): most products are small
    return worth_it(m, k, n) and usable(a, b)


def usable(*arrays):
    """Whether the arrays are host float32 matrices (oneDNN's operands here)."""
    for a in arrays:
        if type(a) is not numpy.ndarray or a.dtype != numpy.float32 or a.ndim != 2:
            return False
    return True


def product(a, b, transpose_a=False, transpose_b=False, bias=None):
    """``op(a) @ op(b)`` (``op`` transposes where asked), plus ``bias`` (a vector of the
    result's columns) when given: a new C-contiguous float32 array.

    Args:
        a, b: 2-d float32 host arrays (copied to C order when they are not).
        transpose_a, transpose_b (bool): use ``a.T``, ``b.T``.
        bias: None or a float32 vector of length ``op(b).shape[1]``.
    """
    a = numpy.ascontiguousarray(a)
    b = numpy.ascontiguousarray(b)
    m, k = a.shape[::-1] if transpose_a else a.shape
    n = b.shape[0] if transpose_b else b.shape[1]
    threads = dnnl.threads_for(m * k * n, dnnl.policy_threads())
    key = (m, k, n, bool(transpose_a), bool(transpose_b), bias is not None, threads)
    plan = _plans.get(key)
    if plan is None:
        plan = _MatmulPlan(dnnl.library(), *key)
        _plans.put(key, plan, MAX_PLANS)
    return plan.run(a, b, bias)


class _MatmulPlan(object):
    """The matmul primitive of one shape, with the memory descriptors of its operands
    (a transposed operand as a strided view of the C-ordered array)."""

    def __init__(self, lib, m, k, n, transpose_a, transpose_b, has_bias, threads):
        self.lib = lib
        self.lock = threading.Lock()
        self.shape = (m, n)
        self.threads = threads  # made for and run on (see _onednn_library.use_threads)
        dnnl.use_threads(lib, threads)
        self.mds = [
            dnnl.strided_md(lib, (m, k), (1, m) if transpose_a else (k, 1)),
            dnnl.strided_md(lib, (k, n), (1, k) if transpose_b else (n, 1)),
            dnnl.strided_md(lib, (1, n), (n, 1)) if has_bias else None,
            dnnl.strided_md(lib, (m, n), (n, 1))]
        self.pd = dnnl.Handle()
        dnnl.check(lib.dll.dnnl_matmul_primitive_desc_create(
            ctypes.byref(self.pd), lib.engine, *(self.mds + [None])),
            'dnnl_matmul_primitive_desc_create')
        self.prim = dnnl.primitive(lib, self.pd)
        # one memory object per operand, aimed at each call's arrays
        self.mems = [None if md is None else dnnl.memory(lib, md) for md in self.mds]
        kinds = (dnnl.ARG_SRC, dnnl.ARG_WEIGHTS, dnnl.ARG_BIAS, dnnl.ARG_DST)
        self.args = dnnl.packed_args([(kind, mem) for kind, mem in zip(kinds, self.mems)
                                      if mem is not None])

    def run(self, a, b, bias):
        lib = self.lib
        dnnl.use_threads(lib, self.threads)
        out = numpy.empty(self.shape, dtype=numpy.float32)
        arrays = (a, b, None if bias is None else numpy.ascontiguousarray(bias), out)
        with self.lock:
            for mem, array in zip(self.mems, arrays):
                if mem is not None:
                    dnnl.point(lib, mem, array)
            dnnl.execute(lib, self.prim, self.args)
        return out

    def close(self):
        """Frees the plan's oneDNN objects."""
        with self.lock:
            for mem in self.mems:
                dnnl.destroy(self.lib, 'memory', mem)
            self.mems = []
            dnnl.destroy(self.lib, 'primitive', self.prim)
            dnnl.destroy(self.lib, 'primitive_desc', self.pd)
            for md in self.mds:
                dnnl.destroy(self.lib, 'memory_desc', md)
            self.prim = self.pd = None
            self.mds = []
