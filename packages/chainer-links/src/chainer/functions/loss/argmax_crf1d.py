"""Most probable label path of a linear-chain CRF."""
from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions.loss import _crf_paths
from chainer.functions import _type_checks


class ArgmaxCRF1d(function.Function):
    """Viterbi decoding; outputs the best path's score, keeps the path in ``path``.

    The score is differentiable almost everywhere (the path is locally constant):
    its gradient is one at every cost and transition the best path uses, and its
    second derivative is zero almost everywhere (undefined where two paths tie). The
    backward also works on Variables (a double backprop).
    """

    _differentiable_backward = True

    def __init__(self, length):
        self.length = length
        self.path = None

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1 + self.length)
        _type_checks.expect_crf_inputs(in_types[0], in_types[1:])

    def forward(self, inputs):
        cost, xs = inputs[0], inputs[1:]
        xp = cuda.get_array_module(cost)
        # delta[b, t]: best score of a path ending in t; backpointers per step.
        delta = xs[0]
        pointers = []
        for x in xs[1:]:
            b = x.shape[0]
            cand = delta[:b, :, None] + cost[None]
            best_prev = cand.argmax(axis=1)
            pointers.append(best_prev)
            step = xp.take_along_axis(cand, best_prev[:, None, :], axis=1)[:, 0] + x
            delta = xp.concatenate([step, delta[b:]], axis=0)
        state = delta.argmax(axis=1)
        score = delta[xp.arange(delta.shape[0]), state]
        path = [None] * self.length
        for i in range(self.length - 1, -1, -1):
            b = xs[i].shape[0]
            path[i] = state[:b].astype(xp.int32)
            if i:
                state = state.copy()
                state[:b] = pointers[i - 1][xp.arange(b), state[:b]]
        self.path = path
        return score,

    def _variable_grads(self, cost, gs):
        from chainer import functions as F
        from chainer.functions.loss import _crf1d_grad
        from chainer.functions.loss._double import constant
        xp = cuda.get_array_module(self.path[0])
        k, batch = cost.shape[0], gs.shape[0]
        counts = _crf1d_grad.sequence_counts(self.path, None, k, cost.dtype, xp)
        g_cost = F.reshape(F.matmul(F.reshape(gs, (1, batch)), constant(counts)), (k, k))
        labels = xp.arange(k)
        gxs = tuple(
            constant((p[:, None] == labels).astype(cost.dtype)) *
            F.broadcast_to(F.expand_dims(gs[:p.shape[0]], 1), (p.shape[0], k))
            for p in self.path)
        return (g_cost,) + gxs

    def backward(self, inputs, grad_outputs):
        cost = inputs[0]
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):
            return self._variable_grads(cost, grad_outputs[0])
        xp = cuda.get_array_module(cost)
        gs = grad_outputs[0]
        n_label = cost.shape[0]
        labels = xp.arange(n_label)
        g_cost = _crf_paths.transition_counts(self.path, n_label, xp, cost.dtype, weights=gs)
        gxs = tuple((p[:, None] == labels) * gs[:p.shape[0], None] for p in self.path)
        return (g_cost,) + tuple(g.astype(cost.dtype, copy=False) for g in gxs)


def argmax_crf1d(cost, xs):
    """Computes a state that maximizes a joint probability of the given CRF.

    Viterbi algorithm: :math:`\\delta_0 = x_0`,
    :math:`\\delta_i[t] = \\max_s (\\delta_{i-1}[s] + c_{st}) + x_i[t]`, then back-tracking
    from :math:`\\arg\\max_t \\delta_{l-1}[t]` of each sequence.

    Args:
        cost (~chainer.Variable): (K, K) transition costs.
        xs (list of ~chainer.Variable): ``xs[i]`` of shape (B_i, K), sorted by
            decreasing length and transposed as for :func:`crf1d`.

    Returns:
        tuple: ``(s, ps)``: ``s`` is a Variable of shape (B_0,) holding each
        sequence's best score (its unnormalized log-likelihood), ``ps`` a list of
        int32 arrays with ``ps[i].shape == xs[i].shape[0:1]``, the best labels.
    """
    if not xs:
        raise ValueError('xs must hold at least one step')
    func = ArgmaxCRF1d(len(xs))
    score = func(cost, *xs)
    return score, func.path
