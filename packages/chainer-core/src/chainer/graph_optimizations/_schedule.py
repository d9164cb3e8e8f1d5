"""A static schedule: the array operations of a traced call, wired to run again.

:func:`build` turns a :class:`~chainer.graph_optimizations._tracer.Tracer`'s steps
into a :class:`Schedule`:

* each input of each step gets a source: a slot (an output of an earlier step), a
  *position* (an argument of the replay node: a chain argument, or a leaf Variable
  such as a parameter, read afresh at every call, so that optimizers updating
  parameters in place or replacing their arrays are seen), the live data of a
  parameter, or a constant array;
* the backward order is the one the backprop engine takes on the traced graph
  (largest rank first, ties in order of discovery), with the engine's rules for
  adding up the gradients of an array used several times, so that a replay gives the
  bit-identical gradients of define-by-run.

What cannot be replayed soundly raises :class:`Unreplayable` with the reason.
"""
import copy
import heapq
import operator

import numpy

from chainer import _graph
from chainer.parameter import Parameter
from chainer.graph_optimizations import _tracer

SLOT, POSITION, LIVE, CONST = 0, 1, 2, 3

#: What a node records when applied, kept for its replays (weak links to its
#: outputs, its rank, the device of its inputs, the shapes of its outputs). Its
#: input Variables are not kept: they would hold the traced call's arrays.
_GRAPH_ATTRIBUTES = ('outputs', 'rank', '_host', '_output_info', '_outputs')


class Unreplayable(Exception):
    """The traced call has no replayable form (the message says why)."""


class Step(object):
    """A step of the schedule: a node (or static code) and where its arrays go."""

    __slots__ = ('index', 'node', 'code', 'sources', 'out_slots', 'is_v1',
                 'grad_dest', 'grad_dests', 'any_requires_grad', 'requires_grad',
                 'attrs', 'attr_sources', 'initial', 'fetch', 'attr_fetch', 'form')

    def __init__(self, index):
        self.index = index
        self.form = None
        self.grad_dest = None
        self.any_requires_grad = False
        self.requires_grad = None
        self.attr_sources = ()
        self.initial = None


class Schedule(object):
    """The steps of a traced call and the wiring of its arguments and results.

    Attributes:
        steps (list): :class:`Step` objects in forward order.
        backward_steps (list): the steps that get gradients, in the engine's order.
        positions (list): per argument of the replay node, ``('in', j)`` (the j-th
            flattened chain argument) or ``('var', v)`` (the leaf Variable ``v``).
        out_slots (tuple): the slot of each flattened chain output.
        n_slots (int): how many arrays one replay computes.
    """

    def __init__(self):
        self.steps = []
        self.backward_steps = []
        self.positions = []
        self.out_slots = ()
        self.n_slots = 0
        self.pending = None  # weak reference to the replay whose backward is due
        self.consts = ()
        self.lives = ()


def build(tracer, flat_args, flat_outputs, params):
    """Makes the schedule of a traced call.

    Args:
        tracer (Tracer): the finished trace.
        flat_args (list): the chain's flattened arguments (Variables or arrays).
        flat_outputs (list of Variable): the chain's flattened results.
        params (list of Variable): the chain's parameters.

    Returns:
        Schedule: ready to replay.

    Raises:
        Unreplayable: the call cannot be replayed soundly.
    """
    if tracer.unreplayable:
        raise Unreplayable(tracer.unreplayable)
    sched = Schedule()
    produced = {}   # id(array) -> slot
    by_node = {}    # id(node) -> step index
    arg_arrays = {}
    arg_vars = {}
    for j, a in enumerate(flat_args):
        if isinstance(a, _graph.Variable):
            arg_vars[id(a)] = j
            a = a.data
        arg_arrays.setdefault(id(a), j)
    param_data = {id(p.data): p for p in params if p.data is not None}
    uses = []  # (step index, input index, ('in', j) or ('var', v))
    for index, traced in enumerate(tracer.steps):
        step = Step(index)
        step.code = None if isinstance(traced, _tracer.NodeStep) else traced
        node = traced.node if step.code is None else None
        step.node = None
        if node is not None:
            # each replay starts from the node's state before its traced forward,
            # as define-by-run starts from a new node (a dropout draws a new mask)
            step.initial = dict(traced.initial)
            for key in _GRAPH_ATTRIBUTES:
                if key in node.__dict__:
                    step.initial[key] = node.__dict__[key]
            step.node = copy.copy(node)
        step.is_v1 = node is not None and node._is_v1
        inputs = None if node is None else _graph.node_inputs(node)
        # arrays of this call that the node keeps as attributes instead of inputs
        # (a constant operand): set again before each replayed forward
        step.attrs = getattr(traced, 'attr_arrays', ())
        step.attr_sources = []
        for name, a in step.attrs:
            if id(a) in produced:
                step.attr_sources.append((name, SLOT, produced[id(a)]))
            elif id(a) in arg_arrays:
                uses.append((index, ('attr', len(step.attr_sources)),
                             ('in', arg_arrays[id(a)])))
                step.attr_sources.append((name, POSITION, None))
        sources = []
        for k, a in enumerate(traced.in_arrays):
            v = inputs[k] if inputs is not None else None
            src = _source(v, a, produced, by_node, arg_vars, arg_arrays, param_data,
                          tracer.steps)
            if src[0] == POSITION:
                uses.append((index, k, src[1]))
            sources.append(src)
        step.sources = sources
        step.out_slots = tuple(range(sched.n_slots,
                                     sched.n_slots + len(traced.out_arrays)))
        for s, y in zip(step.out_slots, traced.out_arrays):
            produced[id(y)] = s
        sched.n_slots += len(traced.out_arrays)
        if node is not None:
            by_node[id(node)] = index
            step.requires_grad = None if inputs is None else tuple(
                [x.requires_grad for x in inputs])
            step.any_requires_grad = inputs is not None and any(
                [x._requires_grad for x in inputs])
            if step.is_v1 and inputs is not None:
                needed = type(node)._input_grads_needed(node, traced.in_arrays)
                # plain bools: a replay computes every gradient it needs at once
                needed = tuple([bool(n) for n in needed])
                step.initial['_input_grads_needed'] = _Fixed(needed)
                if not step.attrs:
                    step.form = _form_of(node, traced, needed)
            step.node.__dict__ = dict(step.initial)
        sched.steps.append(step)
    sched.out_slots = tuple([_output_slot(y, produced, by_node, tracer.steps)
                             for y in flat_outputs])
    _backward_order(sched, tracer.steps, flat_outputs, by_node)
    _number_positions(sched, uses)
    _lay_out(sched)
    return sched


def _form_of(node, traced, needed):
    """The replay form the traced node offers for its call (see
    :mod:`._replay`), or None: the replay then runs the node's own forward and
    backward."""
    offer = getattr(node, '_replay_form', None)
    if offer is None:
        return None
    return offer(traced.in_arrays, traced.out_arrays, needed)


def _lay_out(sched):
    """Places every array a replay reads in one list: the slots, the replay's
    arguments, the constants, then the parameters read live; each step gets the
    function that picks its inputs from that list."""
    consts, lives = [], []
    for step in sched.steps:
        for kind, ref in step.sources:
            if kind == CONST:
                consts.append(ref)
            elif kind == LIVE:
                lives.append(ref)
    sched.consts = tuple(consts)
    sched.lives = tuple(lives)
    base = {SLOT: 0, POSITION: sched.n_slots,
            CONST: sched.n_slots + len(sched.positions),
            LIVE: sched.n_slots + len(sched.positions) + len(consts)}
    counts = {CONST: 0, LIVE: 0}
    for step in sched.steps:
        where = []
        for kind, ref in step.sources:
            if kind in counts:
                where.append(base[kind] + counts[kind])
                counts[kind] += 1
            else:
                where.append(base[kind] + ref)
        step.fetch = _picker(where)
        step.attr_fetch = tuple([(name, base[kind] + ref)
                                 for name, kind, ref in step.attr_sources])


def _picker(where):
    """A function of a list returning the tuple of its items at ``where``."""
    if not where:
        return lambda values: ()
    if len(where) == 1:
        i = where[0]
        return lambda values: (values[i],)
    return operator.itemgetter(*where)


def _source(v, a, produced, by_node, arg_vars, arg_arrays, param_data, steps):
    """Where the replay reads an input: see the module docstring."""
    if v is not None:  # the graph is recorded: follow the Variables
        creator = v.creator
        if creator is not None:
            index = by_node.get(id(creator))
            if index is None:
                raise Unreplayable(
                    'an input of {} was computed outside the static chain and is not '
                    'one of its arguments (state kept between calls?)'.format(
                        creator.label))
            out = _graph.node_outputs(creator)
            for i, ref in enumerate(out):
                if ref() is v:
                    return SLOT, produced[id(steps[index].out_arrays[i])]
            raise Unreplayable('an output of {} is not traceable'.format(creator.label))
        if id(v) in arg_vars:
            return POSITION, ('in', arg_vars[id(v)])
        if id(a) in produced:  # made by static code: no gradient goes there
            return SLOT, produced[id(a)]
        if v.__class__ is not _graph.ArrayInput and v._requires_grad:
            return POSITION, ('var', v)
    if id(a) in produced:
        return SLOT, produced[id(a)]
    if id(a) in arg_arrays:
        return POSITION, ('in', arg_arrays[id(a)])
    if id(a) in param_data:
        return LIVE, param_data[id(a)]
    return CONST, a


def _output_slot(y, produced, by_node, steps):
    if not isinstance(y, _graph.Variable):
        raise Unreplayable('the chain returned {}, not Variables'.format(
            type(y).__name__))
    slot = produced.get(id(y.data))
    if slot is None:
        raise Unreplayable('an output of the chain was not computed by a function '
                           'inside it')
    return slot


def _backward_order(sched, traced_steps, flat_outputs, by_node):
    """The engine's order over the traced graph: a heap on (-rank, discovery)."""
    heap = []
    seen = set()
    for y in flat_outputs:
        creator = y.creator
        if creator is not None and id(creator) in by_node and id(creator) not in seen:
            seen.add(id(creator))
            heapq.heappush(heap, (-creator.rank, len(seen), by_node[id(creator)]))
    slot_owner = {}
    for index, step in enumerate(sched.steps):
        for s in step.out_slots:
            slot_owner[s] = index
    while heap:
        index = heapq.heappop(heap)[2]
        step = sched.steps[index]
        sched.backward_steps.append(step)
        inputs = _graph.node_inputs(traced_steps[index].node)
        dest = []
        for k, (kind, ref) in enumerate(step.sources):
            x = inputs[k]
            if kind == SLOT and x.creator is not None:
                dest.append((SLOT, ref))
                owner = slot_owner[ref]
                if owner not in seen:
                    seen.add(owner)
                    node = traced_steps[owner].node
                    heapq.heappush(heap, (-node.rank, len(seen), owner))
            elif kind == POSITION:
                dest.append((POSITION, None))  # numbered by _number_positions
            else:
                dest.append(None)
        step.grad_dest = dest


def _number_positions(sched, uses):
    """Numbers the replay node's arguments: the uses that get gradients in backward
    order (the engine adds them up in that order), then the others."""
    order = {id(step): i for i, step in enumerate(sched.backward_steps)}
    late = len(order)
    uses.sort(key=lambda u: (order.get(id(sched.steps[u[0]]), late + u[0]),
                             u[1] if isinstance(u[1], int) else 1 << 30 + u[1][1]))
    for p, (index, k, what) in enumerate(uses):
        step = sched.steps[index]
        if not isinstance(k, int):
            name, kind, _ = step.attr_sources[k[1]]
            step.attr_sources[k[1]] = (name, kind, p)
            sched.positions.append(what)
            continue
        step.sources[k] = (POSITION, p)
        if step.grad_dest is not None and step.grad_dest[k] is not None:
            step.grad_dest[k] = (POSITION, p)
        sched.positions.append(what)
    for step in sched.backward_steps:
        # (input index, whether it goes to a slot, slot or position) per gradient
        step.grad_dests = tuple([(k, d[0] == SLOT, d[1])
                                 for k, d in enumerate(step.grad_dest) if d is not None])


class _Fixed(object):
    """``_input_grads_needed`` of a replayed node: the answer of its traced call."""

    __slots__ = ('needed',)

    def __init__(self, needed):
        self.needed = needed

    def __call__(self, inputs):
        return self.needed


def same_sources(s1, s2):
    """Whether two schedules of one signature read their inputs from the same places
    (the same slots, arguments and leaf Variables; equal constants)."""
    if len(s1.steps) != len(s2.steps) or s1.out_slots != s2.out_slots or \
            len(s1.positions) != len(s2.positions):
        return False
    for (k1, r1), (k2, r2) in zip(s1.positions, s2.positions):
        if k1 != k2 or (not _same_leaf(r1, r2) if k1 == 'var' else r1 != r2):
            return False
    for a, b in zip(s1.steps, s2.steps):
        if type(a.node) is not type(b.node) or (a.code is None) != (b.code is None) \
                or a.code is not None and a.code.func is not b.code.func \
                or len(a.sources) != len(b.sources) or len(a.attrs) != len(b.attrs):
            return False
        if a.attr_sources != b.attr_sources:
            return False
        of_call = set([name for name, _, _ in a.attr_sources])
        for (n1, x1), (n2, x2) in zip(a.attrs, b.attrs):
            if n1 != n2 or n1 not in of_call and x1 is not x2 and \
                    not _equal_arrays(x1, x2):
                return False  # a constant computed from the data
        for (k1, r1), (k2, r2) in zip(a.sources, b.sources):
            if k1 != k2:
                return False
            if k1 == CONST:
                if r1 is not r2 and not _equal_arrays(r1, r2):
                    return False
            elif k1 == LIVE:
                if r1 is not r2:
                    return False
            elif r1 != r2:
                return False
    return True


def _same_leaf(v1, v2):
    # a parameter must be the same object; a leaf made afresh at each call inside the
    # chain (nobody else holds it) must hold equal data
    if v1 is v2:
        return True
    return not isinstance(v1, Parameter) and \
        not isinstance(v2, Parameter) and _equal_arrays(v1.data, v2.data)


def _equal_arrays(x, y):
    if type(x) is not type(y) or getattr(x, 'shape', None) != getattr(y, 'shape', None) \
            or getattr(x, 'dtype', None) != getattr(y, 'dtype', None):
        return False
    if isinstance(x, numpy.ndarray):
        return bool(numpy.array_equal(x, y, equal_nan=x.dtype.kind in 'fc'))
    try:
        return bool((x == y).all())
    except Exception:
        return False
