"""Code that replaces ``chainer.FunctionNode.apply`` sees every application.

A tool may wrap each application of a function by assigning its own function to
``chainer.FunctionNode.apply`` for a while (onnx-chainer's export does, to keep the
inputs alive). In v7 a v1 :class:`~chainer.Function` is applied through its
FunctionNode adapter, so the wrapper saw those too. Here a Function is called
directly; while ``FunctionNode.apply`` is replaced, :meth:`Function.__call__` is
swapped for one that goes through it with the function's adapter
(:attr:`Function.node`), and swapped back when the original is assigned again. No
check is made on the way of an ordinary call.
"""

_state = {}


def apply_assigned(old, new):
    """Called by the metaclass of the graph nodes when ``FunctionNode.apply`` is
    assigned: ``old`` was the class's function, ``new`` is the assigned one."""
    from chainer import function
    original = _state.setdefault('original_apply', old)
    if 'direct_call' not in _state:
        _state['direct_call'] = function.Function.__dict__['__call__']
    if new is original:
        type.__setattr__(function.Function, '__call__', _state['direct_call'])
    else:
        type.__setattr__(function.Function, '__call__', _call_through_apply)


def _call_through_apply(self, *inputs):
    # (the __call__ of a Function while FunctionNode.apply is replaced)
    from chainer import function_node
    outputs = function_node.FunctionNode.apply(self.node, inputs)
    return outputs[0] if len(outputs) == 1 else outputs


def call_directly(function, inputs):
    """Applies the v1 ``function`` to ``inputs`` by its own ``__call__`` (what the
    original ``FunctionNode.apply`` does for an adapter); returns a tuple."""
    call = _state.get('direct_call') or type(function).__call__
    outputs = call(function, *inputs)
    return outputs if isinstance(outputs, tuple) else (outputs,)
