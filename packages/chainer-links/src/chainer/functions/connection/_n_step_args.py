"""The arguments of the ``n_step_*_base`` functions, in v1's order or v2+'s.

Chainer v1 takes ``(..., xs, train, use_cudnn[, activation], use_bi_direction)``;
v2+ dropped ``train`` and ``use_cudnn`` (``(..., xs[, activation],
use_bi_direction)``), so a call is v2+'s when it passes no more positional arguments
than v2+ has and none of them is also given by keyword (and, for the RNN, when the
first one is the activation's name).
"""


def bind(args, kwargs, v1_order, v2_order):
    """Returns the named arguments of an ``n_step_*_base`` call (``train`` and
    ``use_cudnn`` None where not given).

    Raises:
        TypeError: too many, repeated, unknown or missing arguments.
    """
    v2 = len(args) <= len(v2_order) and not any(
        name in kwargs for name in v2_order[:len(args)])
    if args and v2_order[0] == 'activation' and not isinstance(args[0], str):
        v2 = False
    order = v2_order if v2 else v1_order
    if len(args) > len(order):
        raise TypeError('too many positional arguments: {} after xs, at most {} ({})'
                        .format(len(args), len(order), ', '.join(order)))
    bound = dict(zip(order, args))
    for name, value in kwargs.items():
        if name not in v1_order:
            raise TypeError('unexpected keyword argument {!r}'.format(name))
        if name in bound:
            raise TypeError('argument {!r} given twice'.format(name))
        bound[name] = value
    missing = [n for n in v2_order if n not in bound]
    if missing:
        raise TypeError('missing argument(s): {}'.format(', '.join(missing)))
    bound.setdefault('train', None)
    bound.setdefault('use_cudnn', None)
    return bound
