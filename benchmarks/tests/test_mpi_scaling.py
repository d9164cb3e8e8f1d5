"""--cases mpi: the ring-model constants, the report, and run.py's routing."""
import pytest

import mpi_scaling
import run


def _result(n, raw, latency, step=None):
    return {'processes': n, 'batch_per_process': 100, 'parameters': 1000, 'bytes': 4000,
            'step_s': 0.01 * n, 'examples_per_s': 100 * n / (0.01 * n),
            'raw_allreduce_s': raw, 'step_allreduce_naive_s': step or raw,
            'step_allreduce_flat_s': raw, 'allreduce_grad_naive_s': 1.5 * raw,
            'step_over_raw': (step or raw) / raw, 'mean_over_raw': 1.5,
            'latency_allreduce_s': latency, 'mpi_library': 'MPI x'}


def test_ring_model_constants_from_the_largest_run():
    # N = 4: latency term 2 * 3 * alpha = 6e-6 s; bytes moved 2 * 3 / 4 * 4000 = 6000
    constants = mpi_scaling.model_constants([_result(1, 1e-9, 1e-9),
                                             _result(4, 6e-6 + 6e-6, 6e-6)])
    assert constants['alpha_s'] == pytest.approx(1e-6)
    assert constants['bandwidth_bytes_per_s'] == pytest.approx(6000 / 6e-6)


def test_no_constants_from_one_process():
    assert mpi_scaling.model_constants([_result(1, 1e-9, 1e-9)]) is None


def test_report_rows_and_ratio():
    text = mpi_scaling.render([_result(1, 1e-9, 1e-9), _result(2, 2e-3, 1e-5, step=2.2e-3)],
                              {'alpha_s': 5e-6, 'bandwidth_bytes_per_s': 2e9})
    assert '| 2 | 10000 | 20.00 | 2.000 | 2.200 | 2.000 | 1.10 | 3.000 | 1.50 | 10.0 |' in text
    assert '| 1 | 10000 | 10.00 | 0.000 | 0.000 | 0.000 | - | 0.000 | - | 0.0 |' in text
    assert 'alpha = 5.0 us, bandwidth = 2.00 GB/s' in text
    assert 'Step all-reduce / raw MPI Allreduce: 1.10 (target <= 1.2: met).' in text


def test_run_routes_mpi_alone():
    args = run.parse_args(['--ours', 'python', '--cases', 'mpi'])
    assert args.case_names == ['mpi']
    with pytest.raises(SystemExit):
        run.parse_args(['--ours', 'python', '--cases', 'mpi,mlp'])
