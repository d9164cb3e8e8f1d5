"""Fixed random inputs for the PyTorch workloads."""
import torch


def _generator(seed):
    return torch.Generator().manual_seed(seed)


def images(batch, shape, seed=0):
    """float32 batch of inputs in [0, 1) of shape ``(batch,) + shape``."""
    return torch.rand((batch,) + tuple(shape), generator=_generator(seed))


def labels(shape, n_classes, seed=1):
    """int64 labels in ``[0, n_classes)`` (PyTorch's loss wants int64)."""
    return torch.randint(0, n_classes, tuple(shape), generator=_generator(seed))
