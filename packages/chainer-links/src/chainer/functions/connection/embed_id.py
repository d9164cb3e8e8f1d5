"""Word embedding lookup."""
import numpy

from chainer import cuda
from chainer import function
from chainer import function_node
from chainer.functions import _grad_nodes
from chainer.functions.loss import _labels
from chainer.functions.array import _add_at
from chainer.utils import type_check


class EmbedIDFunction(function.Function):
    """Row lookup ``y[..., :] = W[x[...], :]``; differentiable in ``W`` only.

    Differentiable twice: an ordinary backward works on arrays; in a double backprop
    ``gW`` is an :class:`EmbedIDGrad` node (a scatter-add of ``gy`` whose gradient is
    the lookup again). The second derivative in ``W`` is zero (``y`` is linear in
    ``W``).

    Args:
        ignore_label (int or None): IDs equal to it give zero rows and no gradient.
    """

    _differentiable_backward = True
    _wrapped = False  # forward read negative ids as numpy does

    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, w_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'i',
            w_type.dtype.kind == 'f',
            w_type.ndim == 2,
        )

    def _valid_ids(self, x, n_vocab):
        """Returns (mask of non-ignored ids, ids with ignored ones set to 0)."""
        xp = cuda.get_array_module(x)
        if self.ignore_label is None:
            valid = None
            ids = x
        else:
            valid = x != self.ignore_label
            ids = xp.where(valid, x, 0)
        # On the host the common, valid case costs two reductions. Chainer v1 read
        # W.take(ids): ids in [-V, 0) wrap around (-1 is the last row), others raised.
        if not x.size or (xp is numpy and 0 <= ids.min() and ids.max() < n_vocab):
            return valid, ids
        if _labels.lenient_labels(ids, n_vocab, 'embed_id: ids', _labels.WRAP,
                                  low=-n_vocab, high=n_vocab):
            self._wrapped = True
            ids = _labels.wrap_negative(ids, n_vocab)
        return valid, ids

    def forward(self, inputs):
        x, W = inputs
        xp = cuda.get_array_module(x)
        valid, ids = self._valid_ids(x, len(W))
        y = W.take(ids, axis=0)
        if valid is not None:
            y = xp.where(valid[..., None], y, xp.zeros((), dtype=W.dtype))
        return y,

    def backward(self, inputs, grad_outputs):
        x, W = inputs
        gy = grad_outputs[0]
        if _grad_nodes.is_variable(gy):  # a double backprop
            return None, EmbedIDGrad(self, x.data, W.shape, W.dtype).apply(
                grad_outputs)[0]
        if function.is_host_leaf(self._input_grads_needed(inputs)[1]) and \
                W.ndim == 2 and type(gy) is numpy.ndarray:
            # the table is a host leaf: its rows only, added into its gradient
            ids, rows = self._rows(x, W.shape, gy)
            if len(ids):
                ids, rows = _add_at.summed_rows(ids, rows)
            return None, function.RowsGrad(W.shape, W.dtype, ids, rows)
        return None, self._scatter(x, W.shape, W.dtype, gy)

    def _rows(self, x, w_shape, gy):
        """The ids of ``x`` that get a gradient and their rows of ``gy``."""
        gy = gy.reshape(x.size, w_shape[1])
        ids = x.ravel()
        if self.ignore_label is not None:
            keep = ids != self.ignore_label
            ids = ids[keep]
            gy = gy[keep]
        if self._wrapped:  # the rows forward read
            ids = _labels.wrap_negative(ids, w_shape[0])
        return ids, gy

    def _scatter(self, x, w_shape, w_dtype, gy):
        """``gW`` (zeros of ``w_shape``) with each row ``gy`` added at its id."""
        xp = cuda.get_array_module(x)
        ids, gy = self._rows(x, w_shape, gy)
        gW = xp.zeros(w_shape, dtype=w_dtype)
        _add_at.add_rows(gW, ids, gy)
        return gW


class EmbedIDGrad(function_node.FunctionNode):
    """``gW`` of an embedding lookup as a function of ``gy``: rows of ``gy`` added at
    their ids (linear in ``gy``; its gradient is the lookup of ``ggW``)."""

    def __init__(self, lookup, x, w_shape, w_dtype):
        self._lookup = lookup
        self._x = x
        self._w_shape = w_shape
        self._w_dtype = w_dtype

    def forward(self, inputs):
        return self._lookup._scatter(self._x, self._w_shape, self._w_dtype, inputs[0]),

    def backward(self, indexes, grad_outputs):
        return EmbedIDFunction(self._lookup.ignore_label)(self._x, grad_outputs[0]),


def embed_id(x, W, ignore_label=None):
    """Efficient linear function for one-hot input (word embedding).

    .. math:: y[i_1, ..., i_m, :] = W[x[i_1, ..., i_m], :]

    Only differentiable in ``W``. As in Chainer v1, IDs in ``[-V, 0)`` (other than
    ``ignore_label``) read row ``V + x`` (with a warning); IDs ``>= V`` or ``< -V``
    raise :class:`ValueError`.

    Args:
        x (~chainer.Variable): integer array of IDs (any shape).
        W (~chainer.Variable): embeddings of shape ``(V, d)``.
        ignore_label (int or None): IDs equal to it yield zero vectors.

    Returns:
        ~chainer.Variable: output of shape ``x.shape + (d,)``.
    """
    return EmbedIDFunction(ignore_label=ignore_label)(x, W)
