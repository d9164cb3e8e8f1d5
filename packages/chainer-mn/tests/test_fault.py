"""A rank that raises ends the whole job with a non-zero status, without a hang."""
import time

from conftest import launch


def test_an_exception_on_one_rank_aborts_the_job(mpiexec):
    start = time.monotonic()
    result = launch(mpiexec, 2, 'fault.py', timeout=60)  # a hang raises TimeoutExpired
    elapsed = time.monotonic() - start
    assert result.returncode != 0
    assert 'ValueError: rank 1 fails on purpose' in result.stderr
    assert 'chainermn: uncaught ValueError on rank 1 of 2: aborting the MPI job' in \
        result.stderr
    assert 'unreachable' not in result.stdout
    assert elapsed < 60
