"""Array reshaping helpers of v1's ``chainer.utils.array`` (numpy and GPU arrays)."""
from chainer import cuda


def as_vec(x):
    """Returns ``x`` flattened to one axis (a view where possible)."""
    return x.ravel()


def as_mat(x):
    """Returns ``x`` as a matrix: the first axis kept, the others flattened."""
    return x.reshape(len(x), -1)


def empty_like(x):
    """Returns an uninitialized array of ``x``'s shape and dtype on ``x``'s device."""
    return cuda.get_array_module(x).empty_like(x)
