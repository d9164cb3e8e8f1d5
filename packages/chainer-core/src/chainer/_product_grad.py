"""Weight gradients of the form ``a^T b`` that the array engine sums as one product.

A weight used at every step of a sequence (an RNN's, a language model's output layer)
gets one gradient ``gy_t^T x_t`` per step: many small products, each over a batch of a
few rows (a poor shape for a BLAS), each added to the sum. Their sum is one product of
the stacked operands, ``[gy_1; gy_2; ...]^T [x_1; x_2; ...]``. Where the array engine
allows it (the weight is a host leaf, see :data:`chainer._deferred_grad.HOST_LEAF`), such
a backward returns a :class:`ProductGrad`; the engine computes the leaf's first one at
once and keeps the operands of the later ones, taking their product (and adding it in)
when they hold :data:`MAX_PENDING_ROWS` rows or when the backward pass ends. The sum is
the same up to rounding (the order of the additions differs).
"""
import numpy

#: Rows of stacked operands after which the kept products of a leaf are taken (the
#: product is efficient long before; this bounds the memory the operands hold).
MAX_PENDING_ROWS = 512


class ProductGrad(object):
    """A gradient ``product(a, b)``, i.e. ``a^T b`` for ``a`` ``(n, p)`` and ``b``
    ``(n, q)``, of shape ``(p, q)``.

    Args:
        product (callable): ``product(a, b)`` returns ``a^T b`` (new array) for any
            number of rows ``n``; products of one function are stacked together.
        a (numpy.ndarray): the left operand ``(n, p)``.
        b (numpy.ndarray): the right operand ``(n, q)``, of ``a``'s dtype.
    """

    __slots__ = ('product', 'a', 'b', 'shape', 'dtype')

    def __init__(self, product, a, b):
        if a.dtype != b.dtype:
            raise TypeError('the operands of a ProductGrad must have one dtype, got '
                            '{} and {}'.format(a.dtype, b.dtype))
        self.product = product
        self.a = a
        self.b = b
        self.shape = (a.shape[1], b.shape[1])
        self.dtype = a.dtype

    def dense(self):
        """The gradient as a new array."""
        return self.product(self.a, self.b)

    def __repr__(self):
        return '<gradient of shape {}: a product over {} rows>'.format(self.shape,
                                                                      len(self.a))


def stacked(grads):
    """The sum of the :class:`ProductGrad` ``grads`` (of one product function) as one
    product of their stacked operands: a new array."""
    if len(grads) == 1:
        return grads[0].dense()
    return grads[0].product(numpy.concatenate([g.a for g in grads]),
                            numpy.concatenate([g.b for g in grads]))
