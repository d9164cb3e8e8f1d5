"""FunctionNode: a node of the computational graph whose backward is differentiable.

A :class:`FunctionNode` computes its outputs from arrays (:meth:`FunctionNode.forward`)
and its input gradients from Variables (:meth:`FunctionNode.backward`), by applying
other differentiable functions: the gradient is itself a graph, so it can be
differentiated again (``chainer.grad(..., enable_double_backprop=True)``).

The v1 :class:`chainer.Function` (forward and backward on arrays) is the other kind of
node; both live in one graph. The backprop engine is :mod:`chainer._backprop`.
"""
import traceback
import weakref

from chainer import _graph
from chainer.variable_node import VariableNode as _VariableNode
from chainer import cuda
from chainer import flag
from chainer.configuration import config


class FunctionNode(_graph.GraphNode):
    """A function of the graph, applied once with :meth:`apply`.

    Subclasses implement :meth:`forward` (or ``forward_cpu``/``forward_gpu``) on arrays
    and :meth:`backward` on Variables, and may check the input types in
    :meth:`check_type_forward`. Arrays that :meth:`backward` needs are kept by
    :meth:`retain_inputs` / :meth:`retain_outputs` in :meth:`forward` and read back
    with :meth:`get_retained_inputs` / :meth:`get_retained_outputs`.

    Attributes:
        inputs: the input nodes (:class:`~chainer.variable.VariableNode`), once applied.
        outputs: weak references to the output nodes, once applied.
        rank (int): the topological rank: one more than the largest rank of the
            inputs' creators (0 when no input has a creator).
    """

    _kind_root = 'new'  # isinstance(f, FunctionNode): see _graph._NodeKind
    _inputs = None
    _outputs = None
    _input_indexes_to_retain = None
    _output_indexes_to_retain = None
    _retained_output_data = None
    _is_v1 = False
    _adapts_function = False

    def __call__(self, *args, **kwargs):
        """Not the way to apply a FunctionNode: raises TypeError pointing to
        :meth:`apply` (a v1 Function is called; a FunctionNode is applied)."""
        raise TypeError('{} is a FunctionNode: call its apply(inputs) method, which '
                        'returns a tuple of Variables'.format(self.label))

    @property
    def inputs(self):
        """The input nodes (VariableNode objects), or None before :meth:`apply`."""
        if self._inputs is None:
            return None
        return tuple([x.node for x in self._inputs])

    @inputs.setter
    def inputs(self, nodes):
        # v7 code sets them (as nodes or Variables) to drive a node by hand
        self._inputs = None if nodes is None else tuple(
            [x.get_variable() if isinstance(x, _VariableNode) else x for x in nodes])

    @property
    def outputs(self):
        """Weak references to the output nodes, or None before :meth:`apply`."""
        if self._outputs is None:
            return None
        refs = []
        for ref in self._outputs:
            y = ref()
            refs.append(_dead_ref if y is None else weakref.ref(y.node))
        return tuple(refs)

    @property
    def output_data(self):
        """The retained output arrays (None at the outputs that were not retained)."""
        if self._retained_output_data is None:
            raise RuntimeError('{}: retain_outputs was not called in forward'
                               .format(self.label))
        return self._retained_output_data

    def apply(self, inputs):
        """Computes the outputs and, when a gradient can be asked, records the node.

        Args:
            inputs: tuple of input :class:`~chainer.Variable` objects or arrays
                (arrays are wrapped into Variables that require no gradient). An
                input may be None (v7): the forward gets None there, and so do
                :meth:`get_retained_inputs` and the backward's target indexes
                (such an input never requires a gradient). The forward may return
                None among its outputs: those outputs are Variables whose data is
                None and get no gradient.

        Returns:
            tuple of output :class:`~chainer.Variable` objects.
        """
        if self._adapts_function:  # a v1 Function's adapter (see _apply_patching)
            return self._apply_function(inputs)
        _graph.tick()
        # v1's volatile flags: an ON input makes ON outputs and records nothing
        flags = [x._volatile for x in inputs if isinstance(x, _graph.Variable)]
        out_v = _graph.aggregate_volatile(flags) if flags else flag.AUTO
        input_vars = tuple([_graph.as_variable(x) for x in inputs])
        in_data = tuple([x.data for x in input_vars])
        if config.type_check and getattr(self.check_type_forward, '__func__', None) \
                is not _DEFAULT_TYPE_CHECK:  # the default checks nothing
            self._check_data_type_forward(in_data)
        hooks = self._hooks()
        hooks = hooks.values() if hooks else ()
        for hook in hooks:
            hook.forward_preprocess(self, in_data)
        self._input_indexes_to_retain = None
        self._output_indexes_to_retain = None
        if _graph.all_host(in_data):
            outputs = self.forward(in_data)
        else:
            with cuda.get_device(*in_data):
                outputs = self.forward(in_data)
        _graph.check_forward_outputs(self, outputs)
        for hook in hooks:
            hook.forward_postprocess(self, in_data)
        if config.debug:
            _graph.check_nan(self, outputs, 'forward')
            self._stack = traceback.extract_stack()[:-1]

        # as in v3+: the node is recorded whenever backprop is enabled; its outputs
        # require a gradient when an input does
        requires_grad = any([x.requires_grad for x in input_vars])
        ret = tuple([_graph.Variable(y, out_v, requires_grad=requires_grad)
                     for y in outputs])
        if config.enable_backprop and out_v is not flag.ON:
            self.rank = max([x.rank for x in input_vars]) if input_vars else 0
            rank = self.rank + 1
            for y in ret:
                y.creator = self
                y.rank = rank
            self._inputs = input_vars
            self._outputs = tuple([weakref.ref(y) for y in ret])
            self._keep_retained(outputs)
        return ret

    def _keep_retained(self, outputs):
        indexes = self._output_indexes_to_retain
        if indexes is not None:
            self._retained_output_data = tuple(
                [outputs[i] if i in indexes else None for i in range(len(outputs))])

    def forward(self, inputs):
        """Computes the output arrays from the input arrays (a tuple of each).

        Dispatches to :meth:`forward_cpu` for host arrays and to :meth:`forward_gpu`
        otherwise; override it, or those two.
        """
        if _graph.all_host(inputs):
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_chainerx(self, inputs):
        """The ChainerX forward of v6+: returns :data:`chainer.Fallback` ("no ChainerX
        implementation"). ChainerX is not part of this project, so the engine never
        calls it; subclasses written for v7 may override it without effect."""
        import chainer
        return chainer.Fallback

    def forward_cpu(self, inputs):
        """Computes the outputs from numpy arrays (subclasses override)."""
        raise TypeError('{} defines neither forward nor forward_cpu'.format(self.label))

    def forward_gpu(self, inputs):
        """Computes the outputs from GPU arrays (subclasses override)."""
        raise TypeError('{} has no GPU implementation (forward_gpu)'.format(self.label))

    def retain_inputs(self, indexes):
        """Keeps the inputs at ``indexes`` for :meth:`backward`; call it in forward."""
        self._input_indexes_to_retain = tuple(indexes)

    def retain_outputs(self, indexes):
        """Keeps the outputs at ``indexes`` for :meth:`backward`, even after the output
        Variables are gone; call it in forward."""
        self._output_indexes_to_retain = tuple(indexes)

    def get_retained_inputs(self):
        """Returns the tuple of the inputs retained by :meth:`retain_inputs`, as
        Variables (differentiable in a double backprop); None for an input that was
        given as None."""
        indexes = self._input_indexes_to_retain
        if indexes is None or self._inputs is None:
            return ()
        inputs = self._inputs
        # an input given as None (v7 allows it) comes back as None
        return tuple([None if inputs[i].data is None else inputs[i] for i in indexes])

    def get_retained_outputs(self):
        """Returns the tuple of the outputs retained by :meth:`retain_outputs`, as
        Variables; an output whose Variable is gone comes back as a new Variable of
        the same node (so a double backprop goes through it). An output that the
        forward returned as None comes back as None."""
        indexes = self._output_indexes_to_retain
        if indexes is None or self._outputs is None:
            return ()
        ret = []
        for i in indexes:
            if self._retained_output_data[i] is None:
                ret.append(None)  # the forward returned None there (v7 allows it)
                continue
            y = self._outputs[i]()
            if y is None:
                y = _graph.Variable(self._retained_output_data[i])
                y.creator = self
                y.rank = self.rank + 1
                self._outputs = self._outputs[:i] + (weakref.ref(y),) + \
                    self._outputs[i + 1:]
            ret.append(y)
        return tuple(ret)

    def backward(self, target_input_indexes, grad_outputs):
        """Computes the gradients of the inputs at ``target_input_indexes``.

        Args:
            target_input_indexes (tuple of int): the sorted indexes of the inputs whose
                gradient is asked.
            grad_outputs (tuple of Variable): the gradients of the outputs (None where
                an output has none).

        Returns:
            A tuple of Variables (or None), either one per input or one per target
            index. The gradients must be computed with differentiable functions for a
            double backprop to see through them. The default returns None for every
            input (not differentiable).
        """
        return (None,) * len(target_input_indexes)

    def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
        """Computes the input gradients and adds ``grad_inputs`` to them.

        ``grad_inputs`` holds, per target index, the gradient already accumulated for
        that input (or None). The default calls :meth:`backward` and adds.
        """
        gxs = _graph.gradients_per_target(self, target_input_indexes, self.backward(
            target_input_indexes, grad_outputs))
        return tuple([gx if g_in is None else g_in if gx is None else gx + g_in
                      for gx, g_in in zip(gxs, grad_inputs)])

    def unchain(self):
        """Removes this node from the graph: its outputs lose their creator and it
        forgets its inputs."""
        for ref in self._outputs or ():
            y = ref()
            if y is not None:
                y.creator = None
        self._inputs = None


def _dead_ref():
    return None


def grad(outputs, inputs, grad_outputs=None, grad_inputs=None, set_grad=False,
         retain_grad=False, enable_double_backprop=False, loss_scale=None):
    """Computes the gradients of ``outputs`` with respect to ``inputs``.

    Unlike :meth:`Variable.backward`, it touches no ``grad`` attribute (unless
    ``set_grad``) and returns the gradients.

    Args:
        outputs (list of Variable): the variables differentiated.
        inputs (list of Variable): the variables the gradients are taken by.
        grad_outputs (list of Variable or array): the initial gradient of each output
            (None: ones for a single-element output; otherwise required).
        grad_inputs (list of Variable or array): gradients added to the results.
        set_grad (bool): also store each gradient as the input's ``grad_var``.
        retain_grad (bool): keep the gradients of the intermediate variables.
        enable_double_backprop (bool): build the graph of the gradients, so that they
            can be differentiated again.
        loss_scale (float): multiplies the initial gradients.

    Returns:
        list of Variable: the gradient of each input (None where an input does not
        depend on the outputs).
    """
    from chainer import _backprop
    return _backprop.grad(outputs, inputs, grad_outputs, grad_inputs, set_grad,
                          retain_grad, enable_double_backprop, loss_scale)


_DEFAULT_TYPE_CHECK = _graph.GraphNode.check_type_forward
