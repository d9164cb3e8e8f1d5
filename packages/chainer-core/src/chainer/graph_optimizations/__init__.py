"""Static-graph optimizations (v5+): ``chainer.static_graph`` and ``chainer.static_code``.

A chain whose ``__call__`` (or ``forward``) is decorated with :func:`static_graph` is
traced define-by-run at the first calls of each input signature; later calls replay
the recorded array operations without building the graph in Python, with results,
gradients and parameter updates bit-identical to define-by-run.
"""
from chainer.graph_optimizations.static_graph import static_graph  # noqa: F401
from chainer.graph_optimizations.static_graph_utilities import static_code  # noqa: F401,E501
from chainer.graph_optimizations.static_graph_utilities import static_forward_optimizations  # noqa: F401,E501
