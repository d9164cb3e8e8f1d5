"""Runs the graphs of :mod:`cupy_kernels.cudnn_graphs` on CuPy arrays (needs a GPU).

A graph is planned once per key (operation, shapes, strides, dtype, geometry, device and
the switches below) and kept: validation, the operation graph, the execution plans from
cuDNN's heuristics (mode A, then the fallback list) and their build. Then each call binds
the arrays' device pointers, a workspace from CuPy's memory pool, and runs on a cuDNN
handle per device that follows CuPy's current stream.

Chainer's switches, read at call time as v7 defines them:

* ``chainer.config.cudnn_deterministic``: only plans without cuDNN's NONDETERMINISTIC
  numerical note are kept (the backward passes then give bit-identical results);
* ``chainer.config.autotune``: every plan is built and timed once on the first call of
  each key, and the fastest is kept (v7 times cuDNN's algorithms the same way);
* ``CUPY_TF32=1`` (CuPy's own switch for its matrix products): float32 graphs may take
  plans that compute in TF32 on tensor cores. By default they do not: float32 results
  then agree with the CPU's to float32 precision (TF32 keeps 10 bits of mantissa, an
  error near 1e-3, which a GPU run measured on a 3-d convolution of an H100).

A graph that cuDNN does not support (no plan, or validation refuses it) is remembered as
unsupported: :func:`run` raises :class:`Unsupported` at once for that key, and the caller
takes its fallback (the library's im2col/GEMM kernels).
"""
import os
import threading

import numpy

from chainer import configuration

from cupy_kernels import cudnn_support


class Unsupported(RuntimeError):
    """cuDNN has no plan for this graph (the caller falls back to the library kernels)."""


_lock = threading.Lock()
_plans = {}
_handles = {}


def switches():
    """Returns ``(deterministic, autotune)`` from ``chainer.config``."""
    config = configuration.config
    return (bool(getattr(config, 'cudnn_deterministic', False)),
            bool(getattr(config, 'autotune', False)))


def tf32_allowed():
    """Whether float32 graphs may compute in TF32 (``CUPY_TF32=1``, read at each call)."""
    return os.environ.get('CUPY_TF32', '0').strip() not in ('', '0')


def _excluded_notes(cudnn, spec, deterministic, allow_tf32):
    notes = [cudnn.numerical_note.NONDETERMINISTIC] if deterministic else []
    if spec.dtype is not None and numpy.dtype(spec.dtype) == numpy.float32 \
            and not allow_tf32:
        # tensor-core plans of float32 data round the inputs to TF32
        notes += [cudnn.numerical_note.TENSOR_CORE, cudnn.numerical_note.DOWN_CONVERT_INPUTS]
    return notes


def plan_graph(cudnn, spec, deterministic=False, autotune=False, allow_tf32=False):
    """Validates ``spec.graph`` and builds its execution plans (device needed).

    Args:
        cudnn: the frontend module.
        spec (GraphSpec): the graph.
        deterministic (bool): keep only deterministic plans.
        autotune (bool): build every plan (to time them), not only the heuristics' first.
        allow_tf32 (bool): let float32 graphs take TF32 tensor-core plans.

    Raises:
        Unsupported: when cuDNN offers no (deterministic, full-precision) plan for it.
    """
    graph = spec.graph
    try:
        graph.validate()
        graph.build_operation_graph()
        graph.create_execution_plans([cudnn.heur_mode.A, cudnn.heur_mode.FALLBACK])
        excluded = _excluded_notes(cudnn, spec, deterministic, allow_tf32)
        if excluded:
            graph.deselect_numeric_notes(excluded)
        graph.check_support()
        graph.build_plans(cudnn.build_plan_policy.ALL if autotune
                          else cudnn.build_plan_policy.HEURISTICS_CHOICE)
    except Exception as e:  # noqa: BLE001 - cuDNN reports "not supported" many ways
        raise Unsupported('cuDNN has no plan for this graph ({}: {})'.format(
            type(e).__name__, e))
    if graph.get_execution_plan_count() < 1:
        raise Unsupported('cuDNN has no plan for this graph')


def _handle(cupy, cudnn):
    device = cupy.cuda.Device().id
    handle = _handles.get(device)
    if handle is None:
        handle = _handles[device] = cudnn.create_handle()
    stream = cupy.cuda.get_current_stream().ptr
    if getattr(handle, 'stream', None) != stream:
        cudnn.set_stream(handle, stream)
    return handle


def _pointer(value):
    """What the frontend's variant pack takes for a bound value: the device pointer of a
    CuPy array, the host address of a numpy array (a pass-by-value scalar, which cuDNN
    reads from host memory; the caller's ``bindings`` keep it alive during the call)."""
    if isinstance(value, numpy.ndarray):
        # not the array itself: frontend 1.32 reads it through DLPack with stream=-1,
        # which numpy refuses (found on an H100)
        return int(value.ctypes.data)
    ptr = getattr(getattr(value, 'data', None), 'ptr', None)
    return value if ptr is None else ptr


def _execute(cupy, cudnn, spec, bindings, handle):
    graph = spec.graph
    pack = {spec.tensors[role]: _pointer(value) for role, value in bindings.items()}
    workspace = cupy.empty((max(int(graph.get_workspace_size()), 1),), dtype='b')
    graph.execute(pack, workspace.data.ptr, handle=handle)


def _autotune(cupy, cudnn, spec, bindings, handle):
    """Selects the fastest of the graph's built plans, timing each once."""
    graph, best = spec.graph, None
    for index in range(graph.get_execution_plan_count()):
        try:
            graph.select_plan(index)
            _execute(cupy, cudnn, spec, bindings, handle)  # warm-up
            start, stop = cupy.cuda.Event(), cupy.cuda.Event()
            start.record()
            _execute(cupy, cudnn, spec, bindings, handle)
            stop.record()
            stop.synchronize()
            elapsed = cupy.cuda.get_elapsed_time(start, stop)
        except Exception:  # noqa: BLE001 - a plan that fails to run is not a candidate
            continue
        if best is None or elapsed < best[0]:
            best = (elapsed, index)
    if best is None:
        raise Unsupported('no execution plan of the graph ran')
    graph.select_plan(best[1])


def run(cupy, key, build, bindings):
    """Runs the graph of ``key`` (built by ``build(cudnn)`` on first use) on ``bindings``.

    Args:
        cupy: the ``cupy`` module.
        key (tuple): everything the graph depends on (shapes, strides, dtypes,
            geometry); the device and the switches are added here.
        build (callable): ``build(cudnn) -> GraphSpec``.
        bindings (dict): role -> CuPy array (or a host scalar array for pass-by-value
            tensors), for every tensor of the graph.

    Raises:
        Unsupported: when cuDNN has no plan for this graph (now or on an earlier call).
    """
    cudnn = cudnn_support.frontend()
    deterministic, autotune = switches()
    allow_tf32 = tf32_allowed()
    key = key + (cupy.cuda.Device().id, deterministic, autotune, allow_tf32)
    with _lock:
        entry = _plans.get(key)
        if entry is None:
            try:
                spec = build(cudnn)
                plan_graph(cudnn, spec, deterministic, autotune, allow_tf32)
                entry = [spec, autotune]  # [spec, still to be tuned]
            except Unsupported as e:
                entry = e
            _plans[key] = entry
        if isinstance(entry, Unsupported):
            raise entry
        handle = _handle(cupy, cudnn)
        if entry[1]:
            _autotune(cupy, cudnn, entry[0], bindings, handle)
            entry[1] = False
        _execute(cupy, cudnn, entry[0], bindings, handle)


def unsupported():
    """Returns ``{key: reason}`` of the graphs cuDNN had no plan for (their calls took
    the fallback): what a GPU test checks to tell a cuDNN run from a fallback."""
    with _lock:
        return {key: str(e) for key, e in _plans.items() if isinstance(e, Unsupported)}


def clear():
    """Forgets every planned graph (handles are kept)."""
    with _lock:
        _plans.clear()
