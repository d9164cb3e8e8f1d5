"""``dummy``: ChainerMN v7's communicator that moves nothing, to measure the cost of
packing gradients."""
from chainer import cuda
from chainermn.communicators import _packing
from chainermn.communicators.communicator_base import (CommunicatorBase, fill_missing_grads,
                                                       group_by_dtype)


class DummyCommunicator(CommunicatorBase):
    """``dummy``: :meth:`multi_node_mean_grad` packs the gradients of each dtype into one
    buffer and unpacks them, without communicating, so the gradients stay this process's
    own (training with it is not data-parallel: it measures the packing overhead). The
    other operations communicate as every communicator's do."""

    def multi_node_mean_grad(self, model, zero_fill=False):
        """Packs and unpacks the gradients of ``model`` (their values do not change)."""
        if zero_fill:
            fill_missing_grads(model)
        for dtype, params in group_by_dtype(model, 'grad').items():
            grads = [p.grad for p in params]
            xp = cuda.get_array_module(grads[0])
            flat = _packing.pack(grads, self._buffer.get(xp, _packing.total_size(grads),
                                                         dtype))
            _packing.unpack(flat, grads)
