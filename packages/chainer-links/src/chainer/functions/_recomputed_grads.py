"""Double backprop of a fused array node through a recomputation: the node's outputs
are computed again from its input Variables with differentiable functions, and their
gradients are taken with ``enable_double_backprop`` (used by the N-step recurrent
functions and the fused LSTM step, whose array backward stays the fast path)."""
import chainer


def grads_by_position(outputs, inputs, grad_outputs):
    """The gradient of each of ``inputs`` (Variables) from ``outputs`` recomputed
    from them, as differentiable Variables, one per position.

    An input passed at several positions gets its whole gradient at its first one
    and None at the others (the caller's engine adds the gradients of all positions).
    """
    unique = list({id(x): x for x in inputs}.values())
    with chainer.using_config('enable_backprop', True):
        grads = chainer.grad(list(outputs), unique, grad_outputs=list(grad_outputs),
                             enable_double_backprop=True)
    by_id = {id(x): g for x, g in zip(unique, grads)}
    result, seen = [], set()
    for x in inputs:
        result.append(None if id(x) in seen else by_id[id(x)])
        seen.add(id(x))
    return tuple(result)
