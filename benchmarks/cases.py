"""The benchmark cases: what each one runs, with which sizes, and how to read its time.

This module is plain Python (no numpy, no framework) because every worker imports it, in
whichever environment it runs: this project's, the original Chainer's or PyTorch's.

A *case* names a workload module (the same module name exists in ``chainer_workloads``
and ``torch_workloads``), the keyword arguments of its ``make`` function, and the
figures needed to restate one step's time: how many operations a step holds (for a per
operation time) and how many floating-point operations (for GFLOP/s).
"""
import collections

#: One benchmark case. ``ops`` (operations per step) and ``flops`` (floating-point
#: operations per step) are ``None`` where that reading does not apply.
Case = collections.namedtuple('Case', 'name workload params ops flops doc')

MLP_SIZES = (784, 1000, 1000, 10)
MLP_BATCH = 100
CNN_BATCH = 64
GEMM_N = 1024


def mlp_flops(batch, train, sizes=MLP_SIZES):
    """Floating-point operations of the matrix products of one MLP step.

    Forward ``y = x W^T`` costs ``2 b m n`` per ``m -> n`` layer. A training step adds
    the backward products ``gW = gy^T x`` and, except for the first layer whose input
    needs no gradient, ``gx = gy W``: ``2 b m n (3 - [first layer])``. Elementwise work
    is not counted, so this is what the GEMM ceiling bounds.
    """
    total = 0
    for i, (m, n) in enumerate(zip(sizes[:-1], sizes[1:])):
        products = 1 if not train else (2 if i == 0 else 3)
        total += 2 * batch * m * n * products
    return total


def _cases():
    rows = [
        Case('mlp', 'mlp', {'batch': MLP_BATCH}, None, mlp_flops(MLP_BATCH, True),
             'MLP 784-1000-1000-10, batch 100: forward, backward, MomentumSGD update'),
        Case('cnn', 'cnn', {'batch': CNN_BATCH}, None, None,
             'conv5x5(1-32)-relu-pool2-conv5x5(32-64)-relu-pool2-fc1024-256-relu-fc256-10, '
             'batch 64 of 28x28: forward, backward, MomentumSGD update'),
        Case('rnnlm', 'rnnlm', {'batch': 20, 'bptt': 35}, None, None,
             'EmbedID(1000,200)-LSTM(200)-Linear(200,1000), batch 20, 35-step truncated '
             'BPTT, SGD update'),
        Case('overhead', 'overhead', {'length': 200}, 600, None,
             '200 x tanh(h * 0.5 + 1.0) on a 4-vector, forward and backward'),
        Case('core_ops', 'core_ops', {'length': 200}, 600, None,
             '200 x h = (h * 0.5 + 1.0) * 0.5 on a 4-vector (600 Variable operators), '
             'forward and backward'),
    ]
    for model in ('mlp', 'cnn'):
        for batch in (1, 256):
            rows.append(Case(
                'infer_{}_b{}'.format(model, batch), 'inference',
                {'model': model, 'batch': batch}, None,
                mlp_flops(batch, False) if model == 'mlp' else None,
                'forward only of the {} without a graph, batch {}'.format(model, batch)))
    rows.append(Case('gemm', 'gemm', {'n': GEMM_N}, None, 2 * GEMM_N ** 3,
                     'float32 {0}x{0} @ {0}x{0} matrix product: the GEMM ceiling'
                     .format(GEMM_N)))
    return collections.OrderedDict((c.name, c) for c in rows)


#: Every case, by name, in the order of the results table.
CASES = _cases()
