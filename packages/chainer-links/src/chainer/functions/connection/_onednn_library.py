"""oneDNN (Intel's deep-learning primitives library) through its C API, for host
convolutions.

The library is optional: ``pip install chainer-links[onednn]`` installs the
``onednn-cpu-gomp`` wheel, whose ``libdnnl.so.3`` (oneDNN 3.x, OpenMP threading) lands
in ``<sys.prefix>/lib``. It is found there, or at the path ``CHAINER_ONEDNN_LIBRARY``
names, or on the system's library path. ``CHAINER_USE_ONEDNN=never`` (or ``0``) turns
it off; then, as without the library, the numpy im2col/GEMM path runs. Its OpenMP
thread count follows :mod:`chainer.thread_policy` (one thread while the cores are
contended, so that no thread spins waiting for a descheduled partner); OpenMP's own
settings (``OMP_WAIT_POLICY``, ...) are left to the user.

Only what the convolutions use is bound here: engine and stream, memory descriptors
(plain strided layouts, or "any" for the library's own blocked layouts), memory
objects, primitive descriptors and primitives, and execution. Every call's status is
checked; a failure raises :class:`OneDNNError` naming the call.
"""
import collections
import ctypes
import ctypes.util
import os
import sys
import threading

from chainer import thread_policy

ENV_LIBRARY = 'CHAINER_ONEDNN_LIBRARY'
ENV_USE = 'CHAINER_USE_ONEDNN'

# oneDNN 3.x constants (include/oneapi/dnnl/dnnl_types.h, dnnl_common_types.h).
F32 = 3
FORMAT_ANY = 1
CPU_ENGINE = 1
STREAM_IN_ORDER = 1
FORWARD_TRAINING, FORWARD_INFERENCE = 64, 96
CONVOLUTION_DIRECT = 1
QUERY_SRC_MD, QUERY_DIFF_SRC_MD, QUERY_WEIGHTS_MD = 129, 130, 131
QUERY_DIFF_WEIGHTS_MD, QUERY_DST_MD, QUERY_DIFF_DST_MD = 132, 133, 134
ARG_SRC, ARG_DST, ARG_WEIGHTS, ARG_BIAS = 1, 17, 33, 41
ARG_DIFF_SRC, ARG_DIFF_DST, ARG_DIFF_WEIGHTS, ARG_DIFF_BIAS = 129, 145, 161, 169
MAX_DIMS = 12
#: Address a memory object holds until :func:`point` aims it at an array (oneDNN reads
#: it only during an execution).
_PLACEHOLDER = ctypes.c_void_p(64)

Dims = ctypes.c_int64 * MAX_DIMS
Handle = ctypes.c_void_p


class OneDNNError(RuntimeError):
    """A oneDNN call failed (the message names the call and its status)."""


class ExecArg(ctypes.Structure):
    """``dnnl_exec_arg_t``: an argument kind and its memory object."""
    _fields_ = [('arg', ctypes.c_int), ('memory', Handle)]


class _Library(object):
    """The loaded library with its CPU engine (one per process) and a stream per
    thread."""

    def __init__(self, dll):
        self.dll = dll
        dll.dnnl_primitive_desc_query_md.restype = Handle
        dll.dnnl_primitive_desc_query_md.argtypes = [Handle, ctypes.c_int, ctypes.c_int]
        dll.dnnl_memory_desc_get_size.restype = ctypes.c_size_t
        dll.dnnl_memory_desc_get_size.argtypes = [Handle]
        dll.dnnl_memory_desc_equal.argtypes = [Handle, Handle]
        self.engine = Handle()
        check(dll.dnnl_engine_create(ctypes.byref(self.engine), CPU_ENGINE, 0),
              'dnnl_engine_create')
        self.openmp = _openmp_library()

    @property
    def stream(self):
        """The calling thread's stream (oneDNN's streams are not shared between
        threads; on the CPU a primitive runs in the thread that executes it). It is
        destroyed when the thread ends."""
        owner = getattr(_local, 'stream', None)
        if owner is None:
            owner = _local.stream = _ThreadStream(self)
        return owner.handle


class _ThreadStream(object):
    """One thread's oneDNN stream, kept in the thread-local storage: when the thread
    ends, Python drops that storage and this object destroys the stream (a server
    that runs convolutions on short-lived threads would otherwise keep one stream
    per thread it ever had)."""

    def __init__(self, lib):
        self.handle = Handle()
        check(lib.dll.dnnl_stream_create(ctypes.byref(self.handle), lib.engine,
                                         STREAM_IN_ORDER), 'dnnl_stream_create')
        self._destroy = lib.dll.dnnl_stream_destroy

    def __del__(self):
        if self.handle:
            self._destroy(self.handle)
            self.handle = None


_state = {'library': None, 'reason': None}
_lock = threading.Lock()
_local = threading.local()  # per thread: its stream and OpenMP thread count
_forked_away = []  # the thread-local storage of a parent process (see the fork hook)


def check(status, call):
    """Raises :class:`OneDNNError` unless ``status`` is ``dnnl_success``."""
    if status != 0:
        raise OneDNNError('oneDNN: {} failed with status {}'.format(call, status))


def enabled():
    """Whether oneDNN should be used: not switched off by ``CHAINER_USE_ONEDNN``."""
    return os.environ.get(ENV_USE, 'auto').strip().lower() not in ('never', '0', 'off',
                                                                   'false', 'no')


def library():
    """The loaded library, or None when it is switched off or cannot be loaded (then
    :func:`unavailable_reason` says why)."""
    lib = _state['library']
    if lib is not None:
        return lib if enabled() else None
    if _state['reason'] is not None or not enabled():
        return None
    with _lock:
        if _state['library'] is None and _state['reason'] is None:
            try:
                _state['library'] = _Library(ctypes.CDLL(_library_path()))
            except (OSError, OneDNNError, AttributeError) as e:
                _state['reason'] = str(e)
    return _state['library']


def unavailable_reason():
    """Why :func:`library` returns None (None when it does not)."""
    if not enabled():
        return '{} switches it off'.format(ENV_USE)
    library()
    return _state['reason']


def _library_path():
    path = os.environ.get(ENV_LIBRARY)
    if path:
        return path
    here = os.path.join(sys.prefix, 'lib', 'libdnnl.so.3')
    if os.path.exists(here):
        return here
    found = ctypes.util.find_library('dnnl')
    if found is None:
        raise OSError('libdnnl.so.3 not found (pip install chainer-links[onednn], or set '
                      '{} to its path)'.format(ENV_LIBRARY))
    return found


def _openmp_library():
    # The OpenMP runtime oneDNN runs on (libgomp for onednn-cpu-gomp): its thread count
    # follows chainer.thread_policy (see set_threads).
    try:
        dll = ctypes.CDLL('libgomp.so.1')
        dll.omp_set_num_threads.argtypes = [ctypes.c_int]
        return dll
    except (OSError, AttributeError):
        return None


def dims(values):
    """A ``dnnl_dims_t`` holding ``values``."""
    out = Dims()
    for i, v in enumerate(values):
        out[i] = int(v)
    return out


def strided_md(lib, shape, strides):
    """A memory descriptor of a float32 array of ``shape`` with ``strides`` (in
    elements): a transposed view is described without a copy."""
    md = Handle()
    check(lib.dll.dnnl_memory_desc_create_with_strides(
        ctypes.byref(md), len(shape), dims(shape), F32, dims(strides)),
        'dnnl_memory_desc_create_with_strides')
    return md


def plain_md(lib, shape):
    """A memory descriptor of a C-contiguous float32 array of ``shape``."""
    strides = []
    step = 1
    for d in reversed(shape):
        strides.append(step)
        step *= d
    return strided_md(lib, shape, reversed(strides))


def any_md(lib, shape):
    """A float32 memory descriptor of ``shape`` whose layout the primitive chooses."""
    md = Handle()
    check(lib.dll.dnnl_memory_desc_create_with_tag(
        ctypes.byref(md), len(shape), dims(shape), F32, FORMAT_ANY),
        'dnnl_memory_desc_create_with_tag')
    return md


def queried_md(lib, pd, what):
    """The memory descriptor ``what`` (a ``QUERY_*``) that a primitive descriptor chose
    (owned by ``pd``)."""
    return Handle(lib.dll.dnnl_primitive_desc_query_md(pd, what, 0))


def primitive(lib, pd):
    """The primitive of a primitive descriptor."""
    prim = Handle()
    check(lib.dll.dnnl_primitive_create(ctypes.byref(prim), pd), 'dnnl_primitive_create')
    return prim


def reorder_pd(lib, src_md, dst_md):
    """The primitive descriptor of a copy from layout ``src_md`` to ``dst_md``."""
    pd = Handle()
    check(lib.dll.dnnl_reorder_primitive_desc_create(
        ctypes.byref(pd), src_md, lib.engine, dst_md, lib.engine, None),
        'dnnl_reorder_primitive_desc_create')
    return pd


def memory(lib, md):
    """A memory object of ``md``, to be aimed at an array by :func:`point` before each
    execution (plans keep theirs: making one per call cost more than a batch-1
    convolution's arithmetic)."""
    mem = Handle()
    check(lib.dll.dnnl_memory_create(ctypes.byref(mem), md, lib.engine, _PLACEHOLDER),
          'dnnl_memory_create')
    return mem


def point(lib, mem, array):
    """Aims the memory object ``mem`` at the data of the host ``array``."""
    check(lib.dll.dnnl_memory_set_data_handle(mem, Handle(array.ctypes.data)),
          'dnnl_memory_set_data_handle')


def packed_args(args):
    """The ``dnnl_exec_arg_t`` array of ``args`` (pairs of an ``ARG_*`` and a memory
    object), for :func:`execute`."""
    return (ExecArg * len(args))(*[ExecArg(kind, mem) for kind, mem in args])


def execute(lib, prim, args):
    """Runs ``prim`` with ``args`` (made by :func:`packed_args`) in the calling thread's
    stream and waits for it."""
    stream = lib.stream
    check(lib.dll.dnnl_primitive_execute(prim, stream, len(args), args),
          'dnnl_primitive_execute')
    check(lib.dll.dnnl_stream_wait(stream), 'dnnl_stream_wait')


class PlanCache(object):
    """Plans (of convolutions, of matrix products) by key; beyond a bound the least
    recently used one is closed and dropped."""

    def __init__(self):
        self._plans = collections.OrderedDict()
        self._lock = threading.Lock()

    def __len__(self):
        return len(self._plans)

    def values(self):
        """The cached plans, least recently used first."""
        return list(self._plans.values())

    def get(self, key):
        """The plan of ``key`` (now the most recently used), or None."""
        with self._lock:
            plan = self._plans.get(key)
            if plan is not None:
                self._plans.move_to_end(key)
            return plan

    def put(self, key, plan, limit):
        """Caches ``plan`` under ``key``, closing and dropping the least recently used
        plans beyond ``limit``; returns whether any was dropped."""
        with self._lock:
            self._plans[key] = plan
            dropped = False
            while len(self._plans) > limit:
                self._plans.popitem(last=False)[1].close()
                dropped = True
            return dropped


def set_threads(lib, count):
    """Sets the OpenMP threads of the calling thread (oneDNN's parallel regions)."""
    if lib.openmp is not None and count:
        lib.openmp.omp_set_num_threads(int(count))
        _local.threads = int(count)


#: Multiply-adds below which a primitive runs on one thread: a parallel region's
#: fork and join cost more than they save there, and on contended cores its threads
#: wait for each other (a batch-1 CNN's inference took 3.6x its quiet time under load
#: with two threads).
PARALLEL_WORK = 1 << 24


def policy_threads():
    """The thread count :mod:`chainer.thread_policy` gives the BLAS now (one under
    contention; None while it has set none)."""
    return thread_policy.threads_in_force()


def threads_for(work, policy):
    """The OpenMP threads of a primitive of ``work`` multiply-adds under the policy's
    count ``policy``: one below :data:`PARALLEL_WORK`."""
    if work < PARALLEL_WORK or not policy:
        return 1
    return policy


def use_threads(lib, count):
    """Sets the calling thread's OpenMP thread count to ``count`` when it differs.

    oneDNN sizes a primitive's work split by the threads in force when the primitive
    is made, so a primitive is made and run with the same count: beside two busy
    processes, primitives made for two threads and run on one took a cnn step 50 ms
    against 33-37 for primitives made for one.
    """
    if getattr(_local, 'threads', None) != count:
        if count > 1 and thread_policy.blas_cap() is None:
            # From the first parallel primitive on, numpy's BLAS stays on one thread:
            # its workers spin for ~0.1 s after every multi-threaded call and would
            # keep more threads busy than there are cores beside these (an MLP step
            # 14.4 ms instead of 8.7 on two cores).
            thread_policy.cap_blas(1)
        set_threads(lib, count)


def _after_fork_in_child():
    # GNU OpenMP does not survive fork(): in a child of a process where oneDNN ran (a
    # multiprocessing worker, ChainerRL's asynchronous agents), the next parallel
    # region waits forever for the parent's pool threads. Such a child keeps the numpy
    # path.
    global _local
    # The parent's streams are left alone (the old storage is kept, never freed):
    # nothing of oneDNN is called in this child again.
    _forked_away.append(_local)
    _local = threading.local()
    if _state['library'] is not None:
        _state['library'] = None
        _state['reason'] = ('this process was forked from one that had loaded oneDNN, '
                            'and GNU OpenMP does not survive fork(): the numpy path runs')


if hasattr(os, 'register_at_fork'):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def destroy(lib, kind, handle):
    """Frees a handle: ``kind`` is 'memory', 'memory_desc', 'primitive' or
    'primitive_desc'."""
    if handle and lib is not None:
        getattr(lib.dll, 'dnnl_{}_destroy'.format(kind))(handle)
