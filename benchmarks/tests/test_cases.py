import os

import cases

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_mlp_flops_counts_forward_and_the_needed_backward_products():
    b = 100
    forward = 2 * b * (784 * 1000 + 1000 * 1000 + 1000 * 10)
    first_gx = 2 * b * 784 * 1000  # the input needs no gradient
    assert cases.mlp_flops(b, train=False) == forward
    assert cases.mlp_flops(b, train=True) == 3 * forward - first_gx


def test_every_case_has_a_workload_in_both_packages():
    for case in cases.CASES.values():
        for package in ('chainer_workloads', 'torch_workloads'):
            assert os.path.isfile(os.path.join(HERE, package, case.workload + '.py')), \
                (package, case.name)


def test_per_op_and_flop_figures():
    assert cases.CASES['core_ops'].ops == 600  # issue 3: 200 x three operators
    assert cases.CASES['overhead'].ops == 600
    assert cases.CASES['gemm'].flops == 2 * 1024 ** 3
    assert cases.CASES['infer_mlp_b256'].flops == cases.mlp_flops(256, train=False)
