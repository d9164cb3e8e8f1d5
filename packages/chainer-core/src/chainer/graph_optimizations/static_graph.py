"""The ``static_graph`` decorator (v5+): replay of a chain's traced array operations."""
import functools

from chainer import _graph
from chainer.configuration import config
from chainer.graph_optimizations import _manager

_OPTIONS = ('force_test_define_by_run', 'minimize_cache_size', 'verbosity_level',
            'enable_double_backprop')


def static_graph(*args, **kwargs):
    """Decorator: runs a chain's ``__call__`` (or ``forward``) as a static graph.

    The first call with a given input signature runs the chain define-by-run while
    tracing it: every function applied (its node, input and output arrays) and every
    :func:`~chainer.static_code` call is recorded. The second call with that
    signature is traced again and must do the same; from the third call on, the
    recorded schedule is replayed: each node's ``forward`` runs on the new arrays
    with no Variable, type check or graph bookkeeping in between, and the backward
    runs each node's ``backward`` in the order the backprop engine takes. Outputs,
    gradients and parameters after optimizer updates are bit-identical to
    define-by-run. Parameters are read at every call, so updates in place and new
    arrays assigned to them are seen.

    The signature is: the structure of the arguments (Variables, arrays, lists and
    tuples of them, scalars), each array's kind, shape and dtype, whether each
    Variable requires a gradient, ``chainer.config.train`` and ``enable_backprop``,
    and the scalar attributes (bool, int, float, str, None) and parameter objects of
    the chain and its links. A call with a new signature is traced anew. Python code
    of the chain runs at traced calls only: state that must change at every call
    belongs in :func:`~chainer.static_code` (scalar attributes it changes leave the
    signature). Branches on anything else (the values of the data, globals) cannot
    be seen: when two traced calls of one signature differ, or a trace reads a
    Variable computed outside the chain and not passed to it (state kept between
    calls), the signature runs define-by-run from then on with a RuntimeWarning.

    The chain also runs define-by-run, with no trace, when
    ``chainer.config.use_static_graph`` is False, while function hooks are
    registered in the thread, in debug mode, inside another static chain's trace,
    with ``force_test_define_by_run`` in test mode, and with
    ``enable_double_backprop`` (the replay's backward works on arrays; a double
    backprop through it raises an error naming it). Running a second forward before
    the backward of the first is allowed (the second replay works on copies of the
    nodes); ``chain.schedule_manager.end_forward()`` says that no backward follows.

    Usage: ``@static_graph`` or ``@static_graph(verbosity_level=1, ...)`` on the
    method.

    Args:
        force_test_define_by_run (bool): run define-by-run when
            ``chainer.config.train`` is False.
        minimize_cache_size (bool): keep the schedule of the latest signature only.
        verbosity_level (int): 0 warnings only, 1 prints when a schedule is traced
            and made, 2 also at every call.
        enable_double_backprop (bool): the chain must support double backprop: it
            runs define-by-run.

    Returns:
        The wrapped method (or the decorator, when called with keyword arguments).
    """
    unknown = set(kwargs) - set(_OPTIONS)
    if unknown:
        raise TypeError('static_graph() got unexpected keyword argument(s) {}'.format(
            ', '.join(sorted(unknown))))
    force_test_dbr = bool(kwargs.get('force_test_define_by_run', False))
    minimize = bool(kwargs.get('minimize_cache_size', False))
    verbosity = int(kwargs.get('verbosity_level', 0))
    double = bool(kwargs.get('enable_double_backprop', False))

    def wrap(func):
        @functools.wraps(func)
        def wrapped(chain, *inner_args, **inner_kwargs):
            if double or not config.use_static_graph or \
                    config.schedule_func is not None or \
                    _graph.thread_local.function_hooks or config.debug or \
                    force_test_dbr and not config.train:
                return func(chain, *inner_args, **inner_kwargs)
            manager = chain.__dict__.get('schedule_manager')
            if manager is None or manager.chain_id != id(chain):
                # (a copy of the chain shares the attribute, not the parameters)
                manager = _manager.ScheduleManager(chain, minimize, verbosity)
                chain.__dict__['schedule_manager'] = manager
                chain.__dict__['static_schedule'] = None
            return manager.call(func, chain, inner_args, inner_kwargs)
        wrapped._static_graph = True
        return wrapped

    if len(args) == 1 and not kwargs and callable(args[0]):
        return wrap(args[0])
    if args:
        raise TypeError('static_graph takes the method alone or keyword arguments')
    return wrap
