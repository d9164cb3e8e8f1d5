"""Negative sampling loss."""
from chainer import cuda
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce
from chainer.functions import _type_checks
from chainer.functions.loss import _sampled_scores


#: The label of the examples that are skipped (a zero loss), as in Chainer v1.24.
IGNORE_LABEL = -1


class NegativeSamplingFunction(function.Function):
    """Negative sampling loss of ``(x, t, W)``; negatives drawn by ``sampler``. The sum
    over the batch, or each example's loss with ``reduce='no'``.

    As in Chainer v1, ``sampler`` is asked for a ``(B, 1 + sample_size)`` array whose
    first column is then replaced by ``t`` (so a seeded sampler draws v1's negatives).

    Attributes:
        samples (array): (B, 1 + sample_size) int32 of the last forward: column 0 is
            ``t`` (the positive), the other columns the sampled negatives.
    """

    def __init__(self, sampler, sample_size, reduce='sum'):
        if not callable(sampler):
            raise TypeError('sampler must be callable (shape -> int array), got {!r}'
                            .format(sampler))
        if int(sample_size) != sample_size or sample_size < 0:
            raise ValueError('sample_size must be a non-negative int, got {!r}'.format(
                sample_size))
        self.sampler = sampler
        self.sample_size = int(sample_size)
        self.reduce = _reduce.check_reduce(reduce, ('sum', 'no'))
        self.samples = None

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        x_type, t_type, w_type = in_types
        _type_checks.expect_embedding_output_inputs(x_type, t_type, w_type)

    def _make_samples(self, t, n_vocab):
        xp = cuda.get_array_module(t)
        shape = (t.shape[0], 1 + self.sample_size)
        drawn = xp.asarray(self.sampler(shape))
        if drawn.shape != shape or drawn.dtype.kind not in 'iu':
            raise ValueError('sampler must return an int array of shape {}, got {} {}'
                             .format(shape, drawn.dtype, drawn.shape))
        _labels.check_labels(drawn[:, 1:], n_vocab, 'sampler output')
        samples = drawn.astype(xp.int32)  # a copy: column 0 becomes the positives
        samples[:, 0] = t
        return samples

    def forward(self, inputs):
        x, t, W = inputs
        xp = cuda.get_array_module(x)
        # Chainer v1 read W[t]: other negative labels wrap around, as numpy indexes.
        if _labels.lenient_labels(t, W.shape[0], 'negative_sampling: t', _labels.WRAP,
                                  IGNORE_LABEL, low=-W.shape[0], high=W.shape[0]):
            t = xp.where(t == IGNORE_LABEL, t, _labels.wrap_negative(t, W.shape[0]))
        self.samples = self._make_samples(t, W.shape[0])
        self.valid = (t != IGNORE_LABEL)[:, None]
        # An ignored example reads row 0 in place of its label; its loss is masked.
        index = xp.where(self.samples < 0, 0, self.samples)
        scores, self.rows = _sampled_scores.gather_scores(x, W, index)
        self._index = index
        # sign +1 for the positive (column 0), -1 for negatives: loss = softplus(-s f)
        self.sign = xp.ones(self.samples.shape[1], dtype=x.dtype)
        self.sign[1:] = -1
        z = -self.sign * scores
        self.z = z
        loss = (xp.maximum(z, 0) + xp.log1p(xp.exp(-abs(z)))) * self.valid
        loss = loss.sum(axis=1)
        return force_array(loss.sum() if self.reduce == 'sum' else loss, x.dtype),

    _differentiable_backward = True

    def _variable_grads(self, x, W, gy):
        """The gradients as Variables of differentiable functions (double backprop):
        the rows of ``W`` are gathered and scattered back by the core's indexing."""
        from chainer import functions as F
        from chainer.functions.loss import _double
        scores, rows, getter = _sampled_scores.variable_scores(x, W, self._index)
        neg_sign = _double.constant(_const_like(self.sign, -self.sign, scores.shape))
        if self.reduce == 'no':
            gy = F.broadcast_to(F.expand_dims(gy, 1), scores.shape)
        else:
            gy = F.broadcast_to(F.reshape(gy, (1, 1)), scores.shape)
        g_scores = neg_sign * F.sigmoid(neg_sign * scores) * gy * _double.constant(
            _const_like(self.sign, self.valid, scores.shape))
        gx, gW = _sampled_scores.variable_scores_backward(x, W, getter, rows, g_scores)
        return gx, None, gW

    def backward(self, inputs, grad_outputs):
        x, _, W = inputs
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            return self._variable_grads(x, W, grad_outputs[0])
        xp = cuda.get_array_module(x)
        half = x.dtype.type(0.5)
        sig_z = xp.tanh(self.z * half) * half + half  # d softplus(z)/dz
        gy = grad_outputs[0]
        if self.reduce == 'no':
            gy = gy[:, None]
        g_scores = -self.sign * sig_z * gy * self.valid
        gx, gW = _sampled_scores.scores_backward(x, W, self._index, self.rows,
                                                 g_scores)
        return gx, None, gW


def _const_like(ref, a, shape):
    """``a`` broadcast to ``shape`` as a contiguous array of ``ref``'s dtype."""
    xp = cuda.get_array_module(ref)
    return xp.ascontiguousarray(xp.broadcast_to(a, shape)).astype(ref.dtype)


def negative_sampling(x, t, W, sampler, sample_size, reduce='sum', return_samples=False):
    """Negative sampling loss function.

    .. math::
        L = -\\sum_b \\left( \\log \\sigma(x_b^\\top w_{t_b})
            + \\sum_{n \\in N_b} \\log \\sigma(-x_b^\\top w_n) \\right)

    summed over the batch, where :math:`N_b` holds ``sample_size`` words drawn by
    ``sampler`` (e.g. a :class:`~chainer.utils.WalkerAlias` of unigram counts to a
    power). Only the sampled rows of ``W`` get a gradient. Examples labelled -1 are
    skipped (zero loss), as in Chainer v1.24.

    Args:
        x (~chainer.Variable): (B, D) input vectors.
        t (~chainer.Variable): (B,) int ground-truth words in ``[0, V)``, or -1
            (ignored). As in Chainer v1, other labels in ``[-V, 0)`` read row
            ``V + t`` (with a warning).
        W (~chainer.Variable): (V, D) weight matrix.
        sampler (callable): takes a shape, returns an int array of that shape of
            word ids in ``[0, V)``; it is called with ``(B, 1 + sample_size)`` and
            the first column is replaced by ``t``, as in Chainer v1.
        sample_size (int): number of negatives per example.
        reduce (str): ``'sum'`` or ``'no'``: the (B,) loss of every example
            (Chainer v1.24).
        return_samples (bool): also return the samples (Chainer v7): the
            ``(B, 1 + sample_size)`` int32 array whose first column is ``t`` and whose
            other columns are the drawn negatives.

    Returns:
        ~chainer.Variable or tuple: a scalar loss, or the (B,) losses with
        ``reduce='no'``; with ``return_samples``, the tuple ``(loss, samples)``.
    """
    func = NegativeSamplingFunction(sampler, sample_size, reduce)
    loss = func(x, t, W)
    if return_samples:
        return loss, func.samples
    return loss
