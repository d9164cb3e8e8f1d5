"""The replay of a static schedule: one graph node standing for a whole static chain.

:class:`StaticScheduleFunction` is a v1 :class:`~chainer.Function` whose inputs are
the replay's arguments (the chain's arguments and each use of a parameter, see
:mod:`._schedule`). Its forward calls the ``forward`` of each traced node on the new
arrays, with no Variable, type check or graph bookkeeping in between; its backward
calls each node's ``backward`` in the order the engine took, adding gradients up by
the engine's rules. The gradients of the arguments go back to the engine, which
accumulates them into the parameters exactly as define-by-run does.

A node may offer a *replay form* of its traced call: its class defines
``_replay_form(in_arrays, out_arrays, needed)``, called once when the schedule is
built with the traced input and output arrays and which input gradients the traced
call needed (bools); it returns None (the replay then runs the node itself) or an
object with

* ``forward(inputs)`` returning ``(outputs, saved)``: the outputs (a tuple) and what
  its backward needs, kept by the replay and not by the form, so that one form serves
  replays whose backward is still due; and
* ``backward(inputs, saved, grad_outputs)`` returning the tuple of input gradients
  (None where not needed).

A form does the array operations of the node's forward and backward for the traced
kind of call (device, dtypes, options) without the node's per-call dispatch, and
must give bit-identical results; where a call's data leaves that kind (a label out of
range), the form runs the node's own code.
"""
import copy
import weakref

from chainer import _graph
from chainer import cuda
from chainer import function
from chainer.utils import force_array



def _dead():
    return None


class DefinedMethods(object):
    """Methods of a class offering a replay form, as defined when its module was
    imported: a form stands for them, so a class that overrides them or whose
    methods were replaced later gets no form and runs its own.

    Args:
        cls (type): the class whose methods the form stands for.
        names (str): the names of those methods.
    """

    __slots__ = ('names', 'functions')

    def __init__(self, cls, *names):
        self.names = names
        self.functions = self._of(cls)

    def _of(self, cls):
        return tuple([getattr(cls, name) for name in self.names])

    def kept_by(self, cls):
        """Whether ``cls`` has those methods as they were defined."""
        return self._of(cls) == self.functions


class StaticScheduleFunction(function.Function):
    """Replays a :class:`~chainer.graph_optimizations._schedule.Schedule` (one call).

    Its backward works on arrays only: a double backprop through a replay raises an
    error naming it (use ``@static_graph(enable_double_backprop=True)``, which runs
    the chain define-by-run).
    """

    _done = False
    _nodes = None
    # the traced nodes' own checks passed for this input signature (the schedule's key)
    type_check_enable = False

    def __init__(self, schedule):
        self._sched = schedule

    def forward(self, inputs):
        """Runs the forward of every step of the schedule on the new arrays."""
        sched = self._sched
        pending = sched.pending
        previous = pending() if pending is not None else None
        steps = sched.steps
        if previous is not None and not previous._done:
            # an earlier replay still waits for its backward, which reads the state
            # its nodes kept in forward: this one runs on copies
            self._nodes = [None if st.node is None else copy.copy(st.node)
                           for st in steps]
        nodes = self._nodes
        values = [None] * sched.n_slots
        values.extend(inputs)
        values.extend(sched.consts)
        for v in sched.lives:
            values.append(v.data)
        ins = []
        i = 0
        saved = [None] * len(steps)
        for st in steps:
            args = st.fetch(values)
            form = st.form
            if form is not None:
                outs, saved[i] = form.forward(args)
            elif st.code is not None:
                outs = _run_code(st.code, args)
            else:
                node = st.node if nodes is None else nodes[i]
                node.__dict__ = st.initial.copy()
                for name, at in st.attr_fetch:
                    setattr(node, name, values[at])
                if st.is_v1:
                    outs = node.forward(args)
                    if node._output_indexes_to_retain is not None:
                        node._keep_output_data(outs)
                else:
                    outs = _node_forward(node, st, args)
            ins.append(args)
            out_slots = st.out_slots
            if len(out_slots) == 1:
                values[out_slots[0]] = outs[0]
            else:
                for s, y in zip(out_slots, outs):
                    values[s] = y
            i += 1
        self._ins = ins
        self._saved = saved
        sched.pending = weakref.ref(self)
        return tuple([values[s] for s in sched.out_slots])

    def backward(self, inputs, grad_outputs):
        """Runs the backward of the steps in the engine's order; returns the gradient
        of each argument of the replay."""
        sched = self._sched
        n = sched.n_slots
        grads = [None] * n
        state = [None] * n  # None: unset, True: may be shared, False: owned
        for s, gy in zip(sched.out_slots, grad_outputs):
            if gy is not None:
                _accumulate(grads, state, s, gy)
        result = [None] * len(inputs)
        nodes = self._nodes
        ins = self._ins
        for st in sched.backward_steps:
            out_slots = st.out_slots
            if len(out_slots) == 1:
                s = out_slots[0]
                gy = grads[s]
                if gy is None:
                    continue
                grads[s] = None
                gys = gy,
            else:
                gys = tuple([grads[s] for s in out_slots])
                for s in out_slots:
                    grads[s] = None
                if all([g is None for g in gys]):
                    continue
            if not st.any_requires_grad:
                continue
            index = st.index
            args = ins[index]
            form = st.form
            if form is not None:
                gxs = form.backward(args, self._saved[index], gys)
            elif st.is_v1:
                node = st.node if nodes is None else nodes[index]
                in_data = args
                kept = node._input_indexes_to_retain
                if kept is not None:
                    in_data = tuple([d if j in kept else None
                                     for j, d in enumerate(args)])
                if node._host and _graph.all_host(gys):
                    gxs = node.backward(in_data, gys)
                else:
                    with cuda.get_device(*(in_data + gys)):
                        gxs = node.backward(in_data, gys)
                if len(gxs) != len(in_data):
                    raise ValueError(
                        '{}.backward returned {} gradients for {} inputs'.format(
                            node.label, len(gxs), len(in_data)))
            else:
                from chainer import _backprop
                node = st.node if nodes is None else nodes[index]
                gxs = _backprop._node_backward_arrays(node, node._inputs, args, gys)
            for k, to_slot, ref in st.grad_dests:
                gx = gxs[k]
                if gx is None:
                    continue
                x = args[k]
                if gx.__class__ is not x.__class__ or gx.dtype != x.dtype or \
                        gx.shape != x.shape:
                    _graph.check_grad_type(_graph.Variable(x, requires_grad=False),
                                           gx, node)
                if to_slot:
                    _accumulate(grads, state, ref, gx)
                else:
                    result[ref] = gx
        self._done = True
        return tuple(result)


def _accumulate(grads, state, s, gx):
    """Adds ``gx`` to the gradient of slot ``s`` as the engine adds up the gradient
    of an intermediate variable (never in place into an array someone else holds)."""
    st = state[s]
    if st is None:
        grads[s] = gx
        state[s] = True
    elif st:
        grads[s] = force_array(gx + grads[s])
        state[s] = False
    else:
        grads[s] += gx


def _node_forward(node, st, args):
    node._input_indexes_to_retain = None
    node._output_indexes_to_retain = None
    outs = node.forward(args)
    flags = st.requires_grad
    if flags is not None:
        node._inputs = tuple([_graph.Variable(a, requires_grad=r)
                              for a, r in zip(args, flags)])
        node._outputs = (_dead,) * len(outs)
        node._keep_retained(outs)
    return outs


def _run_code(code, arrays):
    kwargs = code.kwargs
    if arrays:
        kwargs = dict(kwargs)
        k = 0
        for key in ('inputs', 'outputs'):
            listed = kwargs.get(key)
            if listed:
                kwargs[key] = list(arrays[k:k + len(listed)])
                k += len(listed)
    result = code.func(*code.args, **kwargs)
    return () if result is None else tuple(result)
