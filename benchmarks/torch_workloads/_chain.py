"""A long chain of tiny operations on a 4-element vector: the per-operation cost."""
import torch


def make_chain_step(length, link):
    """Returns ``step()``: ``h = link(h)`` ``length`` times from a 4-element float32
    leaf that requires grad, then backward from the last ``h`` with a gradient of ones."""
    x = torch.full((4,), 0.1, dtype=torch.float32, requires_grad=True)
    gy = torch.ones(4, dtype=torch.float32)

    def step():
        x.grad = None
        h = x
        for _ in range(length):
            h = link(h)
        h.backward(gy)
        return h

    return step
