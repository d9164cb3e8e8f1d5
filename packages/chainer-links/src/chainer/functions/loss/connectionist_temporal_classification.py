"""Connectionist Temporal Classification loss (Graves et al. 2006)."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce
from chainer.functions import _log_space


def _shift(a, k, fill):
    """``a`` shifted by ``k`` along axis 1 (right for k > 0, left for k < 0)."""
    xp = cuda.get_array_module(a)
    out = xp.full_like(a, fill)
    if k > 0:
        out[:, k:] = a[:, :-k]
    else:
        out[:, :k] = a[:, -k:]
    return out


def _check_lengths(lengths, low, high, name):
    if lengths.size and bool(((lengths < low) | (lengths > high)).any()):
        raise ValueError('{} must be in [{}, {}], got {}'.format(
            name, low, high, cuda.to_cpu(lengths).tolist()))


class ConnectionistTemporalClassification(function.Function):
    """CTC loss. Inputs, in Chainer v1's order: ``(input_length, label_length, t, *x)``;
    differentiable by x. The mean over the batch, or each sample's loss with
    ``reduce='no'``.

    The label sequence :math:`l` of each sample is extended with blanks to
    :math:`l'` (length :math:`2|l|+1`); :math:`\\alpha_t(s)` and :math:`\\beta_t(s)` are
    computed in log space for the whole batch at once, one step per time frame.
    """

    def __init__(self, blank_symbol, reduce='mean'):
        if int(blank_symbol) != blank_symbol or blank_symbol < 0:
            raise ValueError('blank_symbol must be a non-negative int, got {!r}'.format(
                blank_symbol))
        self.blank_symbol = int(blank_symbol)
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() >= 4)
        in_len_type, lab_len_type, t_type = in_types[:3]
        x0 = in_types[3]
        type_check.expect(
            t_type.dtype.kind == 'i',
            t_type.ndim == 2,
            in_len_type.dtype.kind == 'i',
            in_len_type.ndim == 1,
            lab_len_type.dtype.kind == 'i',
            lab_len_type.ndim == 1,
            x0.dtype.kind == 'f',
            x0.ndim == 2,
            t_type.shape[0] == x0.shape[0],
            in_len_type.shape[0] == x0.shape[0],
            lab_len_type.shape[0] == x0.shape[0],
        )
        for x_type in in_types[4:]:
            type_check.expect(x_type.dtype == x0.dtype, x_type.shape == x0.shape)

    def _validate(self, t, input_length, label_length, n_time, n_vocab):
        xp = cuda.get_array_module(t)
        if self.blank_symbol >= n_vocab:
            raise ValueError('blank_symbol must be < the number of classes {}, got {}'
                             .format(n_vocab, self.blank_symbol))
        _check_lengths(input_length, 1, n_time, 'input_length')
        _check_lengths(label_length, 0, t.shape[1], 'label_length')
        in_label = xp.arange(t.shape[1])[None, :] < label_length[:, None]
        _labels.check_labels(t[in_label], n_vocab, 't')
        return xp.where(in_label, t, self.blank_symbol)

    def forward(self, inputs):
        input_length, label_length, t = inputs[:3]
        xs = inputs[3:]
        xp = cuda.get_array_module(xs[0])
        n_batch, n_vocab = xs[0].shape
        t = self._validate(t, input_length, label_length, len(xs), n_vocab)
        wd = _log_space.work_dtype(xs[0].dtype)
        self.log_y = _log_space.log_softmax(xp.stack(xs).astype(wd, copy=False), axis=2)

        n_ext = 2 * t.shape[1] + 1
        ext = xp.full((n_batch, n_ext), self.blank_symbol, dtype=t.dtype)
        ext[:, 1::2] = t
        self.ext = ext
        # ly[i, b, s] = log y_i(l'_s) of sample b
        self.ly = self.log_y[:, xp.arange(n_batch)[:, None], ext]
        self.valid = xp.arange(n_ext)[None, :] < (2 * label_length + 1)[:, None]
        # s-2 -> s is allowed when l'_s is not blank and differs from l'_{s-2}
        self.skip = xp.zeros((n_batch, n_ext), dtype=bool)
        self.skip[:, 2:] = (ext[:, 2:] != self.blank_symbol) & (ext[:, 2:] != ext[:, :-2])
        neg_inf = wd.type(-numpy.inf)

        alphas = xp.full(self.ly.shape, neg_inf, dtype=wd)
        alphas[0, :, :2] = self.ly[0, :, :2]
        alphas[0] = xp.where(self.valid, alphas[0], neg_inf)
        for i in range(1, len(xs)):
            prev = alphas[i - 1]
            a = xp.logaddexp(prev, _shift(prev, 1, neg_inf))
            a = xp.logaddexp(a, xp.where(self.skip, _shift(prev, 2, neg_inf), neg_inf))
            alphas[i] = xp.where(self.valid, a + self.ly[i], neg_inf)
        self.alphas = alphas

        rows = xp.arange(n_batch)
        last = alphas[input_length - 1, rows]  # (B, S): alpha at each sample's end
        end = 2 * label_length
        self.log_p = xp.logaddexp(
            last[rows, end],
            xp.where(end > 0, last[rows, xp.maximum(end - 1, 0)], neg_inf))
        return force_array(_reduce.mean_unless_no(-self.log_p, self.reduce), xs[0].dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # differentiable twice
            from chainer.functions.loss import _ctc_grad
            return _ctc_grad.variable_grads(self, inputs, grad_outputs[0])
        input_length, label_length = inputs[:2]
        xs = inputs[3:]
        xp = cuda.get_array_module(xs[0])
        n_time = len(xs)
        n_batch, n_vocab = xs[0].shape
        wd = self.alphas.dtype
        neg_inf = wd.type(-numpy.inf)
        s_idx = xp.arange(self.ext.shape[1])[None, :]
        end = (2 * label_length)[:, None]
        beta_end = xp.where((s_idx == end) | (s_idx == end - 1), wd.type(0), neg_inf)
        skip_next = _shift(self.skip, -2, False)  # s -> s+2 allowed
        # beta_i(s): log-probability of frames i+1.. given state s at frame i
        betas = xp.full(self.alphas.shape, neg_inf, dtype=wd)
        for i in range(n_time - 1, -1, -1):
            if i < n_time - 1:
                nxt = betas[i + 1] + self.ly[i + 1]
                rec = xp.logaddexp(nxt, _shift(nxt, -1, neg_inf))
                rec = xp.logaddexp(rec, xp.where(skip_next, _shift(nxt, -2, neg_inf),
                                                 neg_inf))
                rec = xp.where((i < input_length - 1)[:, None], rec, neg_inf)
            else:
                rec = betas[i]
            betas[i] = xp.where((input_length - 1 == i)[:, None], beta_end, rec)

        feasible = xp.isfinite(self.log_p)
        log_p = xp.where(feasible, self.log_p, wd.type(0))
        occupancy = xp.exp(self.alphas + betas - log_p[None, :, None])  # (T, B, S)
        onehot = (self.ext[:, :, None] == xp.arange(n_vocab)).astype(wd)  # (B, S, V)
        per_class = xp.matmul(occupancy.transpose(1, 0, 2), onehot).transpose(1, 0, 2)
        in_time = (xp.arange(n_time)[:, None] < input_length[None, :])[:, :, None]
        gx = xp.exp(self.log_y) * in_time - per_class
        # an impossible alignment (p = 0, loss inf) gets no gradient
        scale = _reduce.mean_grad(grad_outputs[0].astype(wd), self.reduce, n_batch)
        gx *= (feasible * scale)[None, :, None]
        dtype = xs[0].dtype
        return (None, None, None) + tuple(g.astype(dtype, copy=False) for g in gx)


def _as_length_array(length, default, n_batch, like):
    xp = cuda.get_array_module(like)
    if length is None:
        return xp.full((n_batch,), default, dtype=numpy.int32)
    if isinstance(length, variable.Variable):
        return length.data
    return length


def connectionist_temporal_classification(x, t, blank_symbol, input_length=None,
                                          label_length=None, reduce='mean'):
    """Connectionist Temporal Classification loss function.

    .. math::
        L = -\\frac1B \\sum_b \\log p(l_b | x_b), \\qquad
        p(l | x) = \\sum_{\\pi \\in \\mathcal{B}^{-1}(l)} \\prod_t y^t_{\\pi_t}

    where :math:`y^t = \\mathrm{softmax}(x_t)` (applied here: pass raw scores),
    :math:`\\mathcal{B}` merges repeated symbols and then removes blanks, and the sum
    runs over the paths of the first ``input_length[b]`` frames. A label sequence no
    path can produce (too long for its input) has :math:`p = 0`: its loss is ``inf``
    and it gets no gradient.

    Args:
        x (list of ~chainer.Variable): ``x[i]`` of shape (B, V): scores at time i.
        t (~chainer.Variable): int labels (B, L) in ``[0, V)``; entries past
            ``label_length[b]`` are ignored.
        blank_symbol (int): index of the blank, non-negative and below V.
        input_length (~chainer.Variable or array): int (B,) number of valid frames
            of each sample (default: all ``len(x)``).
        label_length (~chainer.Variable or array): int (B,) number of valid labels
            of each sample (default: all L).
        reduce (str): ``'mean'`` or ``'no'``: the (B,) loss of every sample (Chainer
            v1.24).

    Returns:
        ~chainer.Variable: a scalar, the mean over the batch (the (B,) losses with
        ``reduce='no'``); differentiable only by ``x``.
    """
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError('x must be a non-empty list of Variables (one per time step)')
    x0 = x[0].data if isinstance(x[0], variable.Variable) else x[0]
    t_data = t.data if isinstance(t, variable.Variable) else t
    n_batch = x0.shape[0] if x0.ndim else 0
    n_label = t_data.shape[1] if t_data.ndim == 2 else 0
    input_length = _as_length_array(input_length, len(x), n_batch, x0)
    label_length = _as_length_array(label_length, n_label, n_batch, x0)
    return ConnectionistTemporalClassification(blank_symbol, reduce)(
        input_length, label_length, t, *x)
