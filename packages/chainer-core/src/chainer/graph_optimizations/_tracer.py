"""The trace of a static chain's first calls: which array operations ran, in order.

While a static chain runs define-by-run under :class:`Tracer`, every function applied
at the top level (not inside another function's forward) is recorded with the input
arrays it got and the output arrays its forward returned, and every call of a
:func:`~chainer.static_code` function with its arguments. The tracer is a function
hook of the thread for the duration of the call, so the define-by-run code paths pay
nothing when no trace is active: they already look at the thread's hooks.
"""
from chainer import function
from chainer import function_node

_BASE_ACCUMULATE = function_node.FunctionNode.backward_accumulate


class NodeStep(object):
    """One function application of the trace: the node, its input and output arrays."""

    __slots__ = ('node', 'in_arrays', 'out_arrays', 'attr_arrays', 'initial')

    def __init__(self, node, in_arrays, out_arrays, attr_arrays=(), initial=None):
        self.node = node
        #: the node's attributes before its forward (as its constructor left them)
        self.initial = initial
        self.in_arrays = tuple(in_arrays)
        self.out_arrays = tuple(out_arrays)
        #: the arrays the node held as attributes before its forward (constants
        #: given to its constructor)
        self.attr_arrays = attr_arrays


class CodeStep(object):
    """One call of a :func:`~chainer.static_code` function of the trace.

    ``in_arrays`` are the arrays listed in its ``inputs``/``outputs`` keyword
    arguments (replaced by the arrays of the replay at each call), ``out_arrays`` the
    arrays it returned.
    """

    __slots__ = ('func', 'args', 'kwargs', 'in_arrays', 'out_arrays')

    def __init__(self, func, args, kwargs, in_arrays, out_arrays):
        self.func = func
        self.args = args
        self.kwargs = kwargs
        self.in_arrays = tuple(in_arrays)
        self.out_arrays = tuple(out_arrays)


class Tracer(function.FunctionHook):
    """Records the steps of one define-by-run call of a static chain.

    Attributes:
        steps (list): :class:`NodeStep` and :class:`CodeStep` objects, in order.
        unreplayable (str or None): why the call cannot be replayed, once known.
        changed_by_code (set): ``(id(link), name)`` of the scalar attributes that
            static code changed (state the schedule replays, not a branch key).
        verbosity_level (int): the decorator's verbosity (read by static code).
    """

    name = 'chainer.static_graph.tracer'

    def __init__(self, links=(), verbosity_level=0):
        self.steps = []
        self.depth = 0
        self.unreplayable = None
        self.changed_by_code = set()
        self.verbosity_level = verbosity_level
        self._links = links

    def forward_preprocess(self, function, in_data):
        """Arranges for the forward of ``function`` to be recorded (top level only)."""
        if self.depth:
            return  # part of another function's forward: replayed with it
        if function._local_function_hooks:
            self.unreplayable = ('{} has hooks of its own, which a replay would not '
                                 'call'.format(function.label))
        if not function._is_v1 and \
                type(function).backward_accumulate is not _BASE_ACCUMULATE:
            self.unreplayable = ('{} overrides backward_accumulate, which has no '
                                 'replayable form'.format(function.label))
        if 'forward' in function.__dict__:
            self.unreplayable = ('{} has a forward set on the instance'
                                 .format(function.label))
            return
        original = function.forward
        tracer = self
        initial = dict(function.__dict__)
        attrs = tuple([(k, v) for k, v in initial.items()
                       if hasattr(v, 'shape') and hasattr(v, 'dtype')])

        def forward(inputs):
            del function.forward  # back to the class's method
            tracer.depth += 1
            try:
                outputs = original(inputs)
            finally:
                tracer.depth -= 1
            if type(outputs) is tuple:
                tracer.steps.append(NodeStep(function, inputs, outputs, attrs,
                                            initial))
            return outputs

        function.forward = forward

    def record_code(self, func, args, kwargs):
        """Calls the static code ``func(*args, **kwargs)`` and records the call."""
        arrays = []
        for key in ('inputs', 'outputs'):
            for a in kwargs.get(key) or ():
                arrays.append(a)
        before = self._scalar_state()
        self.depth += 1
        try:
            result = func(*args, **kwargs)
        finally:
            self.depth -= 1
        after = self._scalar_state()
        self.changed_by_code.update(
            [key for key, value in after.items() if before.get(key, after) != value])
        if result is None:
            outs = ()
        elif isinstance(result, (tuple, list)) and all(
                hasattr(a, 'shape') and hasattr(a, 'dtype') for a in result):
            outs = tuple(result)
        else:
            self.unreplayable = ('static code {} returned {}, not arrays'.format(
                getattr(func, '__name__', func), type(result).__name__))
            outs = ()
        self.steps.append(CodeStep(func, args, kwargs, arrays, outs))
        return result

    def _scalar_state(self):
        state = {}
        for link in self._links:
            for name, value in link.__dict__.items():
                if value.__class__ in SCALARS:
                    state[(id(link), name)] = value
        return state


#: The attribute types a static chain's branch may read (part of the signature).
SCALARS = frozenset([bool, int, float, str, type(None)])
