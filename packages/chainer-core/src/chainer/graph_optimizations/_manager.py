"""Per chain: the schedules of a static chain by input signature, and each call's
choice between tracing, replaying and define-by-run."""
import operator
import warnings

import numpy

from chainer import _graph
from chainer import configuration
from chainer.configuration import config
from chainer.graph_optimizations import _replay
from chainer.graph_optimizations import _schedule
from chainer.graph_optimizations import _tracer

_OWN = frozenset(['schedule_manager', 'static_schedule'])

#: Distinct signatures kept per chain; the oldest is dropped beyond it.
MAX_SCHEDULES = 32


class _Entry(object):
    """What is known of one signature: its first trace, its schedule, or why it is
    run define-by-run."""

    __slots__ = ('first', 'schedule', 'disabled', 'out_structure')

    def __init__(self):
        self.first = None
        self.schedule = None
        self.disabled = None
        self.out_structure = None


class ScheduleManager(object):
    """The schedules of one static chain (``chain.schedule_manager``, as in v5+).

    A call whose signature (argument structure, shapes, dtypes, array kinds, whether
    each argument requires a gradient, ``chainer.config.train`` and
    ``enable_backprop``, and the scalar attributes of the chain and its links, which
    a Python branch may read) was not seen is traced define-by-run; a second call with
    it is traced again and must do the same (else it is run define-by-run from then
    on, with a warning); later calls replay the schedule.

    Args:
        chain (~chainer.Chain): the static chain.
        minimize_cache_size (bool): keep the schedule of the latest signature only.
        verbosity_level (int): 1 prints when a schedule is made, 2 at every call.
    """

    def __init__(self, chain, minimize_cache_size=False, verbosity_level=0):
        self.chain_id = id(chain)
        self.minimize_cache_size = minimize_cache_size
        self.verbosity_level = verbosity_level
        self._entries = {}
        self._links = list(chain.links())
        self._excluded = set()
        self._state_names = None
        self._params = list(chain.params())
        self.retraces = 0
        self._churn_warned = False

    def __repr__(self):
        return '<ScheduleManager of {} signature(s): {} replayable, {} define-by-run>'\
            .format(len(self._entries),
                    sum(1 for e in self._entries.values() if e.schedule is not None),
                    sum(1 for e in self._entries.values() if e.disabled))

    def end_forward(self):
        """Tells the schedules that the last forward will get no backward (v5+ API):
        the next replay may reuse the state of the nodes instead of copying them."""
        for entry in self._entries.values():
            sched = entry.schedule
            if sched is not None and sched.pending is not None:
                last = sched.pending()
                if last is not None:
                    last._done = True

    def call(self, func, chain, args, kwargs):
        """Runs one call of the static chain (trace, replay or define-by-run)."""
        flat = []
        try:
            key = (_signature(args, flat), _signature(kwargs, flat) if kwargs else None,
                   config.train, config.enable_backprop, self._state())
            entry = self._entries.get(key)  # (hashes the key: TypeError if it cannot)
        except TypeError as e:
            _warn('an argument of the static chain {} is not supported ({}); it runs '
                  'define-by-run'.format(type(chain).__name__, e))
            return func(chain, *args, **kwargs)
        if entry is None:
            entry = self._new_entry(key)
        if entry.schedule is not None:
            if self.verbosity_level >= 2:
                print('static_graph: replaying the schedule of', type(chain).__name__)
            chain.__dict__['static_schedule'] = entry.schedule
            return self._replay(entry, flat)
        if entry.disabled:
            return func(chain, *args, **kwargs)
        return self._trace(entry, key, func, chain, args, kwargs, flat)

    def _new_entry(self, key):
        if self.minimize_cache_size:
            self._entries.clear()
        elif len(self._entries) >= MAX_SCHEDULES:
            del self._entries[next(iter(self._entries))]
            if not self._churn_warned:
                self._churn_warned = True
                _warn('static_graph: a chain saw more than {} input signatures; each '
                      'new one is traced define-by-run (does an attribute of the chain '
                      'change at every call? Move that code into a @static_code '
                      'function)'.format(MAX_SCHEDULES))
        entry = self._entries[key] = _Entry()
        return entry

    def _replay(self, entry, flat):
        sched = entry.schedule
        pos = [flat[ref] if kind == 'in' else ref for kind, ref in sched.positions]
        outs = _replay.StaticScheduleFunction(sched)(*pos)
        if not isinstance(outs, tuple):
            outs = outs,
        return _unflatten(entry.out_structure, iter(outs))

    def _trace(self, entry, key, func, chain, args, kwargs, flat):
        tracer = _tracer.Tracer(self._links, self.verbosity_level)
        hooks = _graph.thread_local.function_hooks
        hooks[tracer.name] = tracer
        try:
            with configuration.using_config('schedule_func', tracer):
                out = func(chain, *args, **kwargs)
        finally:
            del hooks[tracer.name]
        self.retraces += 1
        if tracer.changed_by_code - self._excluded:
            # state that static code changes is replayed, not a branch key: start
            # again with it out of the signatures
            self._excluded |= tracer.changed_by_code
            self._state_names = None
            self._entries.clear()
            return out
        flat_out = []
        try:
            structure = _signature_of_outputs(out, flat_out)
            sched = _schedule.build(tracer, flat, flat_out, self._params)
        except _schedule.Unreplayable as e:
            self._disable(entry, chain, str(e))
            return out
        if entry.first is None:
            entry.first = sched
            entry.out_structure = structure
            if self.verbosity_level >= 1:
                print('static_graph: traced {} ({} steps)'.format(
                    type(chain).__name__, len(sched.steps)))
        elif structure == entry.out_structure and \
                _schedule.same_sources(entry.first, sched):
            entry.first = None
            entry.schedule = sched
            chain.__dict__['static_schedule'] = sched
            if self.verbosity_level >= 1:
                print('static_graph: schedule of {} ready'.format(type(chain).__name__))
        else:
            self._disable(entry, chain, 'it ran differently on two calls with the same '
                          'input signature (control flow that depends on the data or '
                          'on state the signature does not see)')
        return out

    def _disable(self, entry, chain, reason):
        entry.first = None
        entry.disabled = reason
        _warn('static_graph: {} cannot be replayed: {}; it runs define-by-run for '
              'this input signature'.format(type(chain).__name__, reason))

    def _state(self):
        """The scalar attributes of the chain and its links (a branch may read them)
        and the identity of their parameters and other Variables."""
        names = self._state_names
        if names is None:
            names = self._state_names = self._state_getters()
        state = []
        try:
            for d, n, scalars, variables in names:
                if len(d) != n:
                    raise KeyError
                if scalars is not None:
                    state.append(scalars(d))
                if variables is not None:
                    state.append(tuple(map(id, variables(d))))
        except KeyError:  # an attribute was added or deleted
            self._state_names = None
            return self._state()
        return tuple(state)

    def _state_getters(self):
        names = []
        for link in self._links:
            d = link.__dict__
            scalars = []
            variables = []
            for k, v in d.items():
                if k in _OWN:
                    continue
                if v.__class__ in _tracer.SCALARS:
                    if (id(link), k) not in self._excluded:
                        scalars.append(k)
                elif isinstance(v, _graph.Variable):
                    variables.append(k)
            names.append((d, len(d), _getter(scalars), _getter(variables)))
        return names


def _getter(keys):
    """A function of a dict returning the tuple of its values at ``keys``."""
    if not keys:
        return None
    if len(keys) == 1:
        key = keys[0]
        return lambda d: (d[key],)
    return operator.itemgetter(*keys)


def _is_array(x):
    return isinstance(x, numpy.ndarray) or hasattr(x, '__cuda_array_interface__')


def _signature(x, flat):
    """The hashable signature of an argument structure; its arrays and Variables go
    into ``flat`` in order."""
    if isinstance(x, _graph.Variable):
        flat.append(x)
        d = x.data
        return ('V', d.__class__, d.shape, d.dtype, x._requires_grad,
                x._volatile, x.creator is None)
    if _is_array(x):
        flat.append(x)
        return ('A', x.__class__, x.shape, x.dtype)
    if isinstance(x, (tuple, list)):
        return (type(x).__name__,) + tuple([_signature(y, flat) for y in x])
    if isinstance(x, dict):
        return ('dict',) + tuple([(k, _signature(v, flat))
                                  for k, v in sorted(x.items())])
    if x is None or x.__class__ in _tracer.SCALARS or isinstance(x, numpy.generic):
        return ('C', x)
    raise TypeError('{} is neither a Variable, an array, a list or tuple of them, nor '
                    'a scalar'.format(type(x).__name__))


def _signature_of_outputs(out, flat):
    if isinstance(out, _graph.Variable):
        flat.append(out)
        return 'V'
    if isinstance(out, (tuple, list)):
        return (type(out),) + tuple([_signature_of_outputs(y, flat) for y in out])
    raise _schedule.Unreplayable('it returned {}, not Variables or lists or tuples of '
                                 'them'.format(type(out).__name__))


def _unflatten(structure, outs):
    if structure == 'V':
        return next(outs)
    return structure[0]([_unflatten(s, outs) for s in structure[1:]])


def _warn(message):
    warnings.warn(message, RuntimeWarning, stacklevel=4)
