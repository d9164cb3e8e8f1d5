"""gemm: PyTorch's float32 ``n x n`` matrix product (its own BLAS), for reference."""
import torch

from torch_workloads import _data


def make(n):
    a = _data.images(n, (n,), seed=0)
    b = _data.images(n, (n,), seed=1)
    c = torch.empty((n, n), dtype=torch.float32)

    def step():
        return torch.mm(a, b, out=c)

    return step
