"""FunctionAdapter: a v1 :class:`~chainer.Function` seen as a
:class:`~chainer.FunctionNode` (what ``y.creator_node`` and ``f.node`` give, as in
Chainer v2+)."""
from chainer import _deferred_grad
from chainer import _graph
from chainer import _product_grad
from chainer import _rows_grad
from chainer import function_node


class FunctionAdapter(function_node.FunctionNode):
    """The FunctionNode face of a v1 Function: the same graph position, inputs and
    outputs; :meth:`backward` takes and returns Variables around the function's array
    backward (whose result cannot be differentiated again).

    Args:
        function (~chainer.Function): the adapted function.
    """

    _adapts_function = True

    def __init__(self, function):
        self._function = function

    def _apply_function(self, inputs):
        # FunctionNode.apply of an adapter: the function's own __call__
        from chainer import _apply_patching
        return _apply_patching.call_directly(self._function, inputs)

    def __eq__(self, other):
        """An adapter equals its Function (it stands for it in the v2+ graph) and the
        other adapters of it."""
        if isinstance(other, FunctionAdapter):
            return other._function is self._function
        return other is self._function

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._function)

    @property
    def function(self):
        """The adapted :class:`~chainer.Function`."""
        return self._function

    @property
    def label(self):
        return self._function.label

    @property
    def _impl_name(self):
        return self._function.__class__.__name__

    @property
    def rank(self):
        """The adapted function's rank."""
        return self._function.rank

    @rank.setter
    def rank(self, value):
        self._function.rank = value

    @property
    def _inputs(self):
        return _graph.node_inputs(self._function)

    @_inputs.setter
    def _inputs(self, variables):
        # FunctionNode.inputs set on the adapter (v7 code does) sets the function's
        self._function.inputs = None if variables is None else tuple(variables)

    @property
    def _outputs(self):
        return _graph.node_outputs(self._function)

    @property
    def stack(self):
        return self._function.stack

    @property
    def local_function_hooks(self):
        return self._function.local_function_hooks

    def check_type_forward(self, in_types):
        return self._function.check_type_forward(in_types)

    def forward(self, inputs):
        return self._function.forward(inputs)

    def backward(self, target_input_indexes, grad_outputs):
        """The function's array backward on the data of ``grad_outputs``, as Variables
        (one per target index)."""
        inputs = self._inputs
        in_data = tuple([x.data for x in inputs])
        indexes = self._function._input_indexes_to_retain
        if indexes is not None:
            in_data = tuple([d if i in indexes else None for i, d in enumerate(in_data)])
        gy_data = tuple([None if g is None else g.data for g in grad_outputs])
        gxs = self._function.backward(in_data, gy_data)
        return tuple([None if gxs[i] is None else
                      _graph.Variable(_as_array(gxs[i]), requires_grad=False)
                      for i in target_input_indexes])

    def get_retained_inputs(self):
        indexes = self._function._input_indexes_to_retain
        inputs = self._inputs or ()
        if indexes is None:
            indexes = range(len(inputs))
        return tuple([inputs[i] for i in indexes])

    def unchain(self):
        self._function.unchain()


def _as_array(gx):
    # a gradient the array engine would take as it is (rows of a table, one computed
    # on first read), as the array it stands for
    if gx.__class__ is _rows_grad.RowsGrad or gx.__class__ is _product_grad.ProductGrad:
        return gx.dense()
    if gx.__class__ is _deferred_grad.DeferredGrad:
        return gx.materialize()
    return gx
