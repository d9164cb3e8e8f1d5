"""The ``reduce`` option of the losses (Chainer v1.24): the loss reduced to a scalar, or
``'no'`` for the loss of every element."""


def check_reduce(reduce, allowed):
    """Returns ``reduce``; a ValueError unless it is one of ``allowed``."""
    if reduce not in allowed:
        raise ValueError('only {} are valid for reduce, but {!r} is given'.format(
            ' and '.join(repr(a) for a in allowed), reduce))
    return reduce


def sum_unless_no(loss, reduce):
    """``loss.sum()`` for ``reduce='sum'``; ``loss`` itself for ``reduce='no'``."""
    return loss.sum() if reduce == 'sum' else loss
