"""The benchmark workloads for PyTorch (CPU), equivalent to ``chainer_workloads``.

Same networks, sizes, losses, optimizers and data shapes; each module has a
``make(**params)`` that returns ``step()``, one timed unit of work.
"""
