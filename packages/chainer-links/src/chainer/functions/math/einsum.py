"""Einstein summation: ``einsum`` (Chainer v5+), differentiable to any order."""
import numpy

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.functions.math import _einsum_subscripts as _subs
from chainer.utils import type_check

_ELLIPSIS = _subs.ELLIPSIS


def _axis_str(axis):
    if isinstance(axis, slice):
        return '{}:{}'.format(axis.start, axis.stop)
    return str(axis)


def _contract(xp, in_subs, out_sub, arrays, dtype, copy):
    """``numpy.einsum`` of letter subscripts in ``dtype`` (float16 is summed in
    float32); ``copy`` makes sure the result is no view of an operand."""
    work = numpy.float32 if dtype == numpy.float16 else dtype
    arrays = [x.astype(work, copy=False) for x in arrays]
    kwargs = {'optimize': True} if len(arrays) >= 3 else {}
    y = xp.einsum(','.join(in_subs) + '->' + out_sub, *arrays, **kwargs)
    return utils.force_array(y.astype(dtype, copy=copy))


class EinSum(function_node.FunctionNode):
    """``y = einsum(in_subs -> out_sub, x0, x1, ...)`` as :func:`numpy.einsum`
    computes it, without broadcasting: every operand's ellipsis stands for the same
    axes, and an ellipsis may be left out of the output only where it stands for
    none.

    Args:
        in_subs (str): the operands' subscripts joined by ``,``, an ellipsis written
            ``@`` (``'@ij,@jk'``).
        out_sub (str): the output's subscript (``'@ik'``).
    """

    def __init__(self, in_subs, out_sub):
        self.in_subs = in_subs
        self.out_sub = out_sub

    @property
    def label(self):
        return 'EinSum'

    def check_type_forward(self, in_types):
        subs = self.in_subs.split(',')
        type_check.expect(in_types.size() == len(subs))
        sizes = {}
        for i, (sub, t) in enumerate(zip(subs, in_types)):
            type_check.expect(t.dtype.kind == 'f')
            n_named = len(sub.replace(_ELLIPSIS, ''))
            if _ELLIPSIS in sub:
                type_check.expect(t.ndim >= n_named)
            else:
                type_check.expect(t.ndim == n_named)
            shape = tuple(type_check.eval(t.shape))
            for label, axis in _subs.axes(sub, len(shape)):
                size = shape[axis]
                name = 'in_types[{}].shape[{}]'.format(i, _axis_str(axis))
                if label not in sizes:
                    sizes[label] = type_check.make_variable(size, name)
                else:
                    type_check.expect(
                        type_check.make_variable(size, name) == sizes[label])

    def _ellipsis_ndim(self, inputs):
        for sub, x in zip(self.in_subs.split(','), inputs):
            if _ELLIPSIS in sub:
                return _subs.ellipsis_ndim(sub, x.ndim)
        return 0

    def _dtype(self, inputs):
        return numpy.result_type(*[x.dtype for x in inputs])

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        ell = self._ellipsis_ndim(inputs)
        if ell and _ELLIPSIS not in self.out_sub:
            raise ValueError(
                'einsum does not sum over the axes of an ellipsis ({} here): keep '
                '"..." in the output subscript'.format(ell))
        ins, out = _subs.expand(self.in_subs, self.out_sub, ell)
        xp = cuda.get_array_module(*inputs)
        return _contract(xp, ins, out, inputs, self._dtype(inputs), len(inputs) == 1),

    def backward(self, indexes, grad_outputs):
        xs = self.get_retained_inputs()
        g, = grad_outputs
        subs = self.in_subs.split(',')
        grads = []
        for i in indexes:
            # The gradient of operand i: the same sum with the output gradient in its
            # place, whose output is operand i's subscript (a diagonal where a letter
            # repeats, a broadcast where a letter is only in operand i).
            in_subs = ','.join(self.out_sub if j == i else s for j, s in enumerate(subs))
            operands = tuple(g if j == i else x for j, x in enumerate(xs))
            node = DiagEinSum(in_subs, subs[i], xs[i].shape, dtype=xs[i].dtype)
            grads.append(node.apply(operands)[0])
        return tuple(grads)


class DiagEinSum(EinSum):
    """:class:`EinSum` whose output subscript may repeat a letter (the sum is written
    on that diagonal of a zero array) or hold letters of no operand (the sum is
    broadcast along them): the gradients of :class:`EinSum`.

    Args:
        in_subs (str): the operands' subscripts joined by ``,`` (``@``: ellipsis).
        out_sub (str): the output's subscript.
        out_shape (tuple of int): the output's shape (needed where ``out_sub`` holds
            letters of no operand).
        dtype: the output's dtype (None: the operands' promoted dtype).
    """

    def __init__(self, in_subs, out_sub, out_shape=None, dtype=None):
        super(DiagEinSum, self).__init__(in_subs, out_sub)
        self.out_shape = None if out_shape is None else tuple(out_shape)
        self.dtype = None if dtype is None else numpy.dtype(dtype)

    @property
    def label(self):
        return 'DiagEinSum'

    def _ellipsis_ndim(self, inputs):
        if _ELLIPSIS in self.in_subs or _ELLIPSIS not in self.out_sub:
            return super(DiagEinSum, self)._ellipsis_ndim(inputs)
        return len(self.out_shape) - (len(self.out_sub) - 1)

    def _dtype(self, inputs):
        return self.dtype or super(DiagEinSum, self)._dtype(inputs)

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        ins, out = _subs.expand(self.in_subs, self.out_sub, self._ellipsis_ndim(inputs))
        xp = cuda.get_array_module(*inputs)
        dtype = self._dtype(inputs)
        unique = ''.join(dict.fromkeys(out))  # the output's letters, once each
        present = set(''.join(ins))
        direct = ''.join(c for c in unique if c in present)
        if direct == out:
            return _contract(xp, ins, out, inputs, dtype, len(inputs) == 1),
        sizes = self._sizes(ins, out, inputs)
        z = _contract(xp, ins, direct, inputs, dtype, False)
        z = z.reshape([sizes[c] if c in present else 1 for c in unique])
        w = xp.broadcast_to(z, [sizes[c] for c in unique])
        y = xp.zeros([sizes[c] for c in out], dtype)
        # Axis k of y takes the index of its letter's axis in w: repeated letters
        # write the diagonal.
        index = tuple(
            xp.arange(sizes[c]).reshape(
                [-1 if u == c else 1 for u in unique]) for c in out)
        y[index] = w
        return y,

    def _sizes(self, ins, out, inputs):
        sizes = {}
        for sub, x in zip(ins, inputs):
            sizes.update(zip(sub, x.shape))
        if self.out_shape is not None:
            if len(self.out_shape) != len(out):
                raise ValueError('out_shape {} does not fit the output subscript'
                                 .format(self.out_shape))
            sizes.update(zip(out, self.out_shape))
        missing = [c for c in out if c not in sizes]
        if missing:
            raise ValueError('DiagEinSum needs out_shape for the output letters {}'
                             .format(''.join(missing)))
        return sizes


def einsum(*operands):
    """Einstein summation over the axes of several arrays, as :func:`numpy.einsum`.

    Two forms are taken, as by numpy:

    - ``einsum(subscripts, x0, x1, ...)``, e.g. ``einsum('ij,jk->ik', a, b)``;
    - ``einsum(x0, sublist0, x1, sublist1, ..., [sublistout])`` whose sublists hold
      ints in ``[0, 52)`` and ``Ellipsis``.

    A letter repeated among the inputs and absent from the output is summed over;
    without ``->``, the output holds the letters that occur once, in alphabetical
    order (upper case first), after the ellipsis. ``...`` stands for the same axes
    in every operand (no broadcasting, unlike numpy), and the output must keep it
    unless it stands for no axis.

    Args:
        operands: the subscripts and the operands (:class:`~chainer.Variable` or
            arrays of floating point), in one of the two forms.

    Returns:
        ~chainer.Variable: the sum, of the operands' promoted dtype. Its gradients
        are einsums as well, so it is differentiable to any order.

    Raises:
        ValueError: the subscripts cannot be read, their count is not the operands'
            count, an output letter is absent from the inputs, or the output leaves
            out an ellipsis that stands for axes.
        ~chainer.utils.type_check.InvalidType: an operand's dimensions do not fit
            its subscript (count, or sizes of one letter or of the ellipsis differ
            between operands).
    """
    in_subs, out_sub, arrays = _subs.parse(operands)
    return EinSum(in_subs, out_sub).apply(tuple(arrays))[0]
