"""Softmax cross entropy for pre-softmax scores."""
import numpy

from chainer import cuda
from chainer import function
from chainer import variable
from chainer.graph_optimizations import _replay
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions.loss import _labels
from chainer.functions.loss import _reduce
from chainer.functions import _cudnn
from chainer.functions.math import _blas_sum


def _shifted_exp(x):
    """``(e, s, m)`` for host scores ``x`` of shape ``(N, C, ...)``: ``m`` the maximum
    over axis 1 (kept as a length-1 axis; 0 where it is not finite, so that an all
    ``-inf`` slice stays ``-inf`` instead of NaN), ``e = exp(x - m)`` (one new array,
    exponentiated in place) and ``s`` its sum over axis 1 (kept)."""
    m = numpy.maximum.reduce(x, axis=1, keepdims=True)  # x.max(axis=1), unwrapped
    if not numpy.logical_and.reduce(numpy.isfinite(m), axis=None):
        m[~numpy.isfinite(m)] = 0
    e = numpy.subtract(x, m)
    numpy.exp(e, out=e)
    if e.ndim == 2:
        s = _blas_sum.sum_2d(e, 1)[:, None]
    else:
        s = e.sum(axis=1, keepdims=True)
    return e, s, m


def _label_index(t):
    """Index tuple selecting ``a[n, t[n, ...], ...]`` of an ``(N, C, ...)`` array (one
    entry per label; the result has the shape of ``t``)."""
    if t.ndim == 1:
        return numpy.arange(len(t)), t
    grid = numpy.indices(t.shape, sparse=True)
    return (grid[0], t) + tuple(grid[1:])


_AS_CLASS_0 = ('are scored as class 0 (and count in the normalization), as Chainer v1 '
               'clipped them')


class SoftmaxCrossEntropy(function.Function):
    """Cross entropy of softmax over axis 1 against integer labels.

    Args:
        use_cudnn (bool or None): on the GPU, compute the (log-)softmax with cuDNN when enabled.
        normalize (bool): divide by the number of non-ignored labels (True) or by the
            batch size ``x.shape[0]`` (False).
        cache_score (bool): keep what backward needs from forward (the log-softmax on
            the GPU; ``exp(x - max)`` and its sum on the host) instead of recomputing it.
        class_weight (array or None): weights of shape ``(C,)``.
        ignore_label (int): label value whose entries are skipped.
        reduce (str): ``'mean'``, or ``'no'`` for the loss of every label.
        soft_target_loss (str): with float targets of the scores' shape,
            ``'cross-entropy'`` or ``'kl-divergence'`` (Chainer v7).

    Its backward also works on Variables, so the loss is differentiable twice (by
    ``x``); the labels get no gradient.
    """

    _differentiable_backward = True
    _y_none_without_cache = False
    #: Added to soft targets inside the logarithm of the KL divergence.
    eps = 1e-7

    def __init__(self, use_cudnn=None, normalize=True, cache_score=True,
                 class_weight=None, ignore_label=-1, reduce='mean',
                 soft_target_loss='cross-entropy'):
        if soft_target_loss not in ('cross-entropy', 'kl-divergence'):
            raise ValueError("soft_target_loss must be 'cross-entropy' or "
                             "'kl-divergence', got {!r}".format(soft_target_loss))
        self.soft_target_loss = soft_target_loss
        self.soft_target = False
        self.use_cudnn = use_cudnn
        self.normalize = normalize
        self.cache_score = cache_score
        # A ValueError as in Chainer v1; a Variable is not accepted (the weights get
        # no gradient).
        if class_weight is not None and (
                isinstance(class_weight, variable.Variable) or
                getattr(class_weight, 'ndim', None) != 1 or
                getattr(class_weight, 'dtype', numpy.dtype('O')).kind != 'f'):
            raise ValueError('class_weight must be a 1-d float array, got {!r}'.format(
                class_weight))
        self.class_weight = class_weight
        self.ignore_label = ignore_label
        self.reduce = _reduce.check_reduce(reduce, ('mean', 'no'))

    def get_retained_inputs(self):
        """The inputs ``(x, t)`` as Variables, like v7's node, which retains both
        (graph exporters read them).

        Returns:
            tuple of ~chainer.Variable: the scores and the labels.
        """
        return self.node.get_retained_inputs()

    @property
    def y(self):
        """The softmax of the last forward's scores, kept (as in Chainer v1) only with
        ``cache_score``: without it the node has no ``y`` attribute at all, or (for
        Chainer v7 code, which passes ``enable_double_backprop``) ``y`` is None."""
        if not self.cache_score and self._y_none_without_cache:
            return None
        if self.cache_score:
            if getattr(self, '_e', None) is not None:
                return self._e / self._s
            if getattr(self, 'log_y', None) is not None:
                return cuda.get_array_module(self.log_y).exp(self.log_y)
        raise AttributeError('SoftmaxCrossEntropy keeps y only with cache_score=True, '
                             'after a forward pass')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, t_type = in_types
        if type_check.eval(t_type.dtype).kind == 'f':  # soft targets (Chainer v7)
            type_check.expect(
                x_type.dtype.kind == 'f',
                t_type.dtype == x_type.dtype,
                x_type.ndim >= 2,
                x_type.shape == t_type.shape,
            )
            return
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            x_type.ndim >= 2,
            t_type.ndim == x_type.ndim - 1,
            x_type.shape[0] == t_type.shape[0],
            x_type.shape[2:] == t_type.shape[1:],
        )
        if self.class_weight is not None:
            type_check.expect(type_check.make_variable(
                self.class_weight.shape[0], 'class_weight.shape[0]') == x_type.shape[1])

    def _coefficient(self, t, count=None):
        """``1 / c``: ``c`` the number of non-ignored labels (``count`` when it is known
        already) with ``normalize``, else the batch size; 1 with ``reduce='no'``."""
        if self.reduce == 'no':
            return 1.0
        if not self.normalize:
            count = t.shape[0]
        elif count is None:
            count = int((t != self.ignore_label).sum())
        return 1.0 / max(count, 1)

    def forward_cpu(self, inputs):
        # Only the target entries of the log-softmax enter the loss:
        # log y[n, t_n] = x[n, t_n] - m_n - log s_n with s_n = sum_c exp(x[n, c] - m_n),
        # so the full log-softmax is never formed; exp(x - m) and s are what backward
        # needs (softmax = exp(x - m) / s).
        x, t = inputs
        if t.dtype.kind == 'f':
            return self._soft_forward(x, t)
        safe_t, valid, count = self._labels_cpu(t, x.shape[1])
        e, s, m = _shifted_exp(x)
        if self.cache_score:
            self._e, self._s = e, s
        at = _label_index(safe_t)
        self._targets = at, safe_t, valid
        log_p = _target_log_softmax(x, at, t.shape, s, m)
        if self.class_weight is not None:
            log_p *= self.class_weight.astype(x.dtype, copy=False)[safe_t]
        if valid is not None:
            log_p *= valid
        self.coeff = x.dtype.type(self._coefficient(t, count))
        if self.reduce == 'no':
            return force_array(-log_p, x.dtype),
        return _mean_loss(log_p, self.coeff, x.dtype),

    def _soft_forward(self, x, t):
        # loss_n = -sum_c t[n, c] log softmax(x)[n, c] (+ sum_c t log(t + eps) for the
        # KL divergence), per position; the mean divides by the number of positions.
        xp = cuda.get_array_module(x)
        self.soft_target = True
        m = x.max(axis=1, keepdims=True)
        if not bool(xp.isfinite(m).all()):
            m = xp.where(xp.isfinite(m), m, 0)
        e = xp.exp(x - m)
        s = e.sum(axis=1, keepdims=True)
        self._e, self._s = e, s
        log_y = x - m - xp.log(s)
        if self.soft_target_loss == 'kl-divergence':
            ret = (t * (xp.log(t + x.dtype.type(self.eps)) - log_y)).sum(axis=1)
        else:
            ret = -(t * log_y).sum(axis=1)
        if self.reduce == 'no':
            return force_array(ret, x.dtype),
        self.coeff = x.dtype.type(x.shape[1] / float(max(x.size, 1)))
        total = ret.sum(dtype=_acc_dtype(x.dtype)) * self.coeff
        return force_array(xp.asarray(total, dtype=x.dtype), x.dtype),

    def _soft_backward(self, x, t, gloss):
        # d loss_n / d x = softmax(x) sum_c t - t (both losses; t sums to 1 usually).
        xp = cuda.get_array_module(x)
        y = self._e / self._s
        g = gloss * self.coeff if self.reduce == 'mean' else xp.expand_dims(gloss, 1)
        return ((y * t.sum(axis=1, keepdims=True) - t) * g).astype(x.dtype, copy=False), None

    def backward(self, inputs, grad_outputs):
        """Gradient by ``x`` (the labels get none); given Variables (a double
        backprop), it is built of differentiable functions."""
        gloss = grad_outputs[0]
        if type(gloss) is numpy.ndarray and not self.soft_target:
            return self.backward_cpu(inputs, grad_outputs)  # the hot path: host labels
        if isinstance(gloss, variable.Variable):
            from chainer.functions.loss import _softmax_cross_entropy_grad
            return _softmax_cross_entropy_grad.variable_grad(self, inputs, gloss)
        if self.soft_target:
            return self._soft_backward(inputs[0], inputs[1], gloss)
        return function.Function.backward(self, inputs, grad_outputs)

    def _labels_cpu(self, t, n_class):
        """Checks host labels. Returns ``(labels with the ignored ones set to 0, mask of
        the others or None when none is ignored, number of non-ignored labels)``."""
        ignore = self.ignore_label
        if _labels.in_range(t, n_class) and not 0 <= ignore < n_class:
            return t, None, t.size  # the common case: two reductions, nothing ignored
        negative = _labels.lenient_labels(t, n_class, 'softmax_cross_entropy: t',
                                          _AS_CLASS_0, ignore, high=n_class)
        valid = t != ignore
        count = int(valid.sum())
        if negative:
            t = numpy.maximum(t, 0)
        if count == t.size:
            return t, None, count
        return numpy.where(valid, t, 0), valid, count

    def backward_cpu(self, inputs, grad_outputs):
        # gx = r (softmax(x) - onehot(t)) with the per-sample factor
        # r_n = gloss * coeff * class_weight[t_n] * [t_n not ignored] (a scalar when
        # there are neither weights nor ignored labels).
        x, t = inputs
        if self.cache_score:
            e, s = self._e, self._s
        else:
            e, s, _ = _shifted_exp(x)
        at, safe_t, valid = self._targets
        r = grad_outputs[0] * self.coeff  # of the shape of t with reduce='no'
        per_label = r
        if self.reduce == 'no' or self.class_weight is not None or valid is not None:
            r = numpy.full(t.shape, r, dtype=x.dtype)
            if self.class_weight is not None:
                r *= self.class_weight.astype(x.dtype, copy=False)[safe_t]
            if valid is not None:
                r *= valid
            per_label = numpy.expand_dims(r, 1)
        return _softmax_minus_targets(e, s, at, r, per_label), None

    def _replay_form(self, in_arrays, out_arrays, needed):
        """A static replay's form of this call (``HostSoftmaxCrossEntropyReplay``)
        for host float scores of shape ``(N, C)``, integer labels and the mean loss
        without class weights or an ignore label among the classes; else None."""
        x, t = in_arrays
        if type(self) is not SoftmaxCrossEntropy or \
                not _DEFINED.kept_by(SoftmaxCrossEntropy) or \
                type(x) is not numpy.ndarray or \
                type(t) is not numpy.ndarray or x.ndim != 2 or t.dtype.kind != 'i' or \
                x.dtype.kind != 'f' or self.reduce != 'mean' or \
                self.class_weight is not None or 0 <= self.ignore_label < x.shape[1]:
            return None
        from chainer.functions.loss import _softmax_cross_entropy_replay
        return _softmax_cross_entropy_replay.HostSoftmaxCrossEntropyReplay(
            self, x.dtype.type(self._coefficient(t, t.size)), len(t))

    def _class_weight_like(self, x, xp):
        w = xp.asarray(self.class_weight, dtype=x.dtype)
        return w.reshape((1, -1) + (1,) * (x.ndim - 2))

    def _label_weights(self, t, dtype, xp):
        """``class_weight[t]`` as an ``(N, 1, ...)`` array (weight 0's row for ignored labels,
        which the caller zeroes anyway)."""
        w = xp.asarray(self.class_weight, dtype=dtype)
        safe_t = xp.where(t == self.ignore_label, 0, t)
        return xp.expand_dims(w[safe_t], 1)

    def _softmax_gpu(self, x, log):
        if _cudnn.enabled(self.use_cudnn):
            return cuda.kernel('cudnn_softmax_forward')(x, 1, log=log)
        if log:
            return cuda.kernel('log_softmax_fwd')(x, 1)
        return cuda.kernel('softmax_fwd')(x, 1)

    def forward_gpu(self, inputs):
        # log-softmax by a row kernel, then one reduction kernel sums -log_y[n, t, ...]
        # over the non-ignored labels.
        x, t = inputs
        if t.dtype.kind == 'f':
            return self._soft_forward(x, t)
        xp = cuda.get_array_module(x)
        n_class = x.shape[1]
        if _labels.lenient_labels(t, n_class, 'softmax_cross_entropy: t', _AS_CLASS_0,
                                  self.ignore_label, high=n_class):
            t = xp.where((t < 0) & (t != self.ignore_label), 0, t).astype(t.dtype)
        self._t_gpu = t
        log_y = self._softmax_gpu(x, log=True)
        if self.cache_score:
            self.log_y = log_y
        if self.class_weight is not None:
            log_y = log_y * self._class_weight_like(log_y, xp)
        if self.reduce == 'no':
            return self._label_losses(log_y, t, xp),
        total = cuda.kernel('softmax_cross_entropy_fwd')(
            xp.ascontiguousarray(t), log_y, n_class, _n_unit(x), t.dtype.type(self.ignore_label))
        self.coeff = x.dtype.type(self._coefficient(t))
        return force_array(total * self.coeff, x.dtype),

    def backward_gpu(self, inputs, grad_outputs):
        # gx = coeff (softmax(x) - onehot(t)), zero at ignored labels, by one kernel; the
        # coefficient stays a device scalar (no synchronization).
        x, t = inputs[0], self._t_gpu
        xp = cuda.get_array_module(x)
        y = xp.exp(self.log_y) if self.cache_score else self._softmax_gpu(x, log=False)
        gx = xp.empty_like(y)
        coeff = grad_outputs[0] * self.coeff
        if self.reduce == 'no':  # one factor per label, broadcast over the classes
            coeff = xp.expand_dims(coeff, 1)
        cuda.kernel('softmax_cross_entropy_bwd')(
            y, xp.ascontiguousarray(t), coeff, x.shape[1], _n_unit(x),
            t.dtype.type(self.ignore_label), gx)
        if self.class_weight is not None:
            gx *= self._label_weights(t, x.dtype, xp)
        return gx, None


    def _label_losses(self, log_y, t, xp):
        """``-log_y[n, t[n, ...], ...]`` of every label, 0 where it is ignored."""
        valid = t != self.ignore_label
        picked = xp.take_along_axis(log_y, xp.expand_dims(xp.where(valid, t, 0), 1), 1)
        return -xp.squeeze(picked, 1) * valid


#: The methods a replay form stands for, as defined (patched ones are run instead).
_DEFINED = _replay.DefinedMethods(SoftmaxCrossEntropy, 'forward', 'backward',
                                  'forward_cpu', 'backward_cpu')


def _target_log_softmax(x, at, shape, s, m):
    """``log softmax(x)[at]`` of the shape ``shape`` of the labels, from ``s`` and
    ``m`` of :func:`_shifted_exp`: ``x[at] - m - log s``."""
    lse = numpy.log(s)
    lse += m
    return x[at] - lse.reshape(shape)


def _softmax_minus_targets(e, s, at, r, per_label):
    """``per_label * softmax - r`` at the targets ``at``: the host gradient of the
    scores, from ``e`` and ``s`` of :func:`_shifted_exp`."""
    gx = numpy.multiply(e, per_label / s)
    gx[at] -= r
    return gx


def _mean_loss(log_p, coeff, dtype):
    """``-coeff * sum(log_p)``, summed in :func:`_acc_dtype`, as a 0-d array of
    ``dtype``: the mean loss from the targets' log-probabilities."""
    total = numpy.add.reduce(log_p, axis=None, dtype=_acc_dtype(dtype))  # log_p.sum
    return force_array(-total * coeff, dtype)


def _acc_dtype(dtype):
    """The dtype sums of ``dtype`` values are accumulated in (float32 for float16)."""
    return numpy.float32 if dtype == numpy.float16 else dtype


def _n_unit(x):
    """Positions per sample besides the class axis: ``prod(x.shape[2:])``."""
    n = 1
    for d in x.shape[2:]:
        n *= d
    return n


def softmax_cross_entropy(x, t, use_cudnn=None, normalize=True, cache_score=True,
                          class_weight=None, ignore_label=-1, reduce='mean',
                          enable_double_backprop=None, soft_target_loss='cross-entropy'):
    """Computes cross entropy loss for pre-softmax activations.

    .. math::
        L = -\\frac{1}{c} \\sum_{n, \\ldots} w_{t_n} \\log \\mathrm{softmax}(x_n)_{t_n}

    where the softmax runs over axis 1 (for ``x.ndim > 2`` it is the replicated softmax
    over every remaining position), entries with ``t == ignore_label`` are skipped and
    ``c`` is the number of non-ignored labels (``normalize=True``) or ``x.shape[0]``.

    Args:
        x (~chainer.Variable): scores of shape ``(N, C, ...)``.
        t (~chainer.Variable): int labels of shape ``(N, ...)`` in ``[0, C)`` or
            ``ignore_label``. As in Chainer v1, other negative labels are scored as
            class 0 (with a warning); labels ``>= C`` raise ValueError.
        use_cudnn (bool or None): on the GPU, compute the (log-)softmax with cuDNN when it is
            enabled.
        normalize (bool): the normalization constant described above.
        cache_score (bool): store the log-softmax of forward for backward (the
            node's ``y`` then gives the softmax, as in Chainer v1).
        class_weight (array or None): ``(C,)`` weights multiplied into the
            log-softmax along axis 1 before the loss; anything but a 1-d float array
            raises ValueError.
        ignore_label (int): label value to skip.
        reduce (str): ``'mean'`` (the loss above) or ``'no'``: the loss of every label,
            of the shape of ``t`` (0 where ignored, not normalized; Chainer v1.24).
        enable_double_backprop (bool or None): accepted for Chainer v7 code; the loss
            is always differentiable twice here (the ordinary backward stays on
            arrays). Given (True or False), the node's ``y`` is None without
            ``cache_score`` as in Chainer v7; left out, the node has no ``y`` then,
            as in Chainer v1.
        soft_target_loss (str): when ``t`` is a float array of the shape of ``x``
            (soft targets, Chainer v7), ``'cross-entropy'``:
            :math:`-\\sum_c t_c \\log y_c` per position, or ``'kl-divergence'``:
            :math:`\\sum_c t_c (\\log (t_c + 10^{-7}) - \\log y_c)`; ``'mean'`` then
            averages over the positions (``x.size / x.shape[1]``), ``'no'`` gives the
            loss of every position (shape ``x.shape[:1] + x.shape[2:]``).
            ``normalize``, ``class_weight`` and ``ignore_label`` do not apply to
            soft targets.

    Returns:
        ~chainer.Variable: a scalar loss (the shape of ``t`` with ``reduce='no'``). It
        is differentiable twice, only by ``x``.
    """
    func = SoftmaxCrossEntropy(use_cudnn, normalize, cache_score, class_weight,
                               ignore_label, reduce, soft_target_loss)
    if enable_double_backprop is not None:
        func._y_none_without_cache = True
    return func(x, t)
