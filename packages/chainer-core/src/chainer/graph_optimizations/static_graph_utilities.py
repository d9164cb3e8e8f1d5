"""Static code: user code that a static chain's replay runs at every call (v5+)."""
import functools

from chainer.configuration import config


def static_code(*dec_args, **dec_kwargs):
    """Decorator: marks a function or method to run at every call of a static chain.

    A chain decorated with :func:`~chainer.static_graph` runs its Python code once
    per input signature (its trace); afterwards only the array operations of the
    functions it applied are replayed. Code with side effects that must run at every
    call (a counter, a print, an array written in place) goes into a function
    decorated with ``@static_code``: called while the chain is traced, the call is
    recorded into the schedule with its arguments and runs again, in its place, at
    every replay. Called anywhere else it is a plain call.

    Arrays that the function reads from or writes into, and that the schedule
    computes afresh at every call, must be passed in the keyword arguments
    ``inputs`` and ``outputs`` (lists of arrays): the replay passes the arrays of
    the current call there. The function may return a tuple or list of new arrays,
    which later functions of the chain can use. Its other arguments are passed as
    they were at the traced call. No gradient flows through static code.

    It may be used bare (``@static_code``) or with keyword arguments
    (``@static_code(func_name='name')``, the name shown in debugging output).

    Args:
        dec_args: the decorated function, when used bare.
        dec_kwargs: ``func_name`` (str), optional.

    Returns:
        The decorated function (or the decorator, with keyword arguments).
    """
    if dec_kwargs and set(dec_kwargs) - {'func_name'}:
        raise TypeError('static_code() got unexpected keyword argument(s) {}'.format(
            ', '.join(sorted(set(dec_kwargs) - {'func_name'}))))

    def wrap(func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            tracer = config.schedule_func
            if tracer is None or not hasattr(tracer, 'record_code') or tracer.depth:
                return func(*args, **kwargs)
            return tracer.record_code(func, args, kwargs)
        wrapped._static_code_name = dec_kwargs.get('func_name') or func.__name__
        return wrapped

    if len(dec_args) == 1 and not dec_kwargs and callable(dec_args[0]):
        return wrap(dec_args[0])
    if dec_args:
        raise TypeError('static_code takes the function alone or keyword arguments')
    return wrap


def static_forward_optimizations(func, inputs):
    """Computes the outputs of a function node for a static schedule (v5+ API).

    Here every node applied inside a static chain is replayed by calling its own
    ``forward``, so no wrapping is needed: this calls ``func.forward(inputs)`` and
    returns its outputs. It exists for function code written against Chainer v5+,
    which calls it in place of ``forward`` while a schedule is being traced.

    Args:
        func (~chainer.FunctionNode or ~chainer.Function): the node.
        inputs (tuple of arrays): its input arrays.

    Returns:
        tuple of arrays: the outputs of ``func.forward``.
    """
    return func.forward(tuple(inputs))
