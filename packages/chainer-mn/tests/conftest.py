"""Launching test programs under ``mpiexec`` from pytest.

The tests that need MPI skip, saying why, where mpi4py cannot start MPI or no ``mpiexec``
is found; ``CHAINERMN_TEST_REQUIRE_MPI=1`` (set by ``nox -s "tests(package='chainer-mn')"``,
which installs the mpich wheel) turns that skip into a failure.
"""
import os
import pathlib
import pickle
import shutil
import subprocess
import sys

import pytest

from chainermn import _mpi

SCRIPTS = pathlib.Path(__file__).resolve().parent / 'mpi_scripts'
#: Seconds a launch may take before the test fails (a hang is a failure, not a wait).
TIMEOUT = 120


def _mpiexec():
    here = os.path.dirname(sys.executable)
    return shutil.which('mpiexec', path=os.pathsep.join([here, os.environ.get('PATH', '')]))


def _why_mpi_is_missing():
    status = _mpi.status()
    if not status.startswith('usable'):
        return 'MPI is ' + status
    if _mpiexec() is None:
        return 'no mpiexec next to {} or on PATH'.format(sys.executable)
    return None


@pytest.fixture(scope='session')
def mpiexec():
    """The path of ``mpiexec`` (skips, or fails where MPI is required, without MPI)."""
    reason = _why_mpi_is_missing()
    if reason is not None:
        if os.environ.get('CHAINERMN_TEST_REQUIRE_MPI') == '1':
            pytest.fail(reason + ' (CHAINERMN_TEST_REQUIRE_MPI=1)')
        pytest.skip(reason)
    return _mpiexec()


def launch(mpiexec, n, script, *args, timeout=TIMEOUT):
    """Runs ``mpiexec -n n python mpi_scripts/<script> args...``; returns the completed
    process (raises subprocess.TimeoutExpired when it hangs)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1')
    return subprocess.run([mpiexec, '-n', str(n), sys.executable, str(SCRIPTS / script),
                           *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, env=env)


def launch_ok(mpiexec, n, script, out_dir, *args):
    """Runs a script that pickles its findings to ``out_dir/rank<r>.pkl``; returns the
    list of every rank's findings."""
    result = launch(mpiexec, n, script, out_dir, *args)
    assert result.returncode == 0, result.stdout + result.stderr
    return read_ranks(out_dir, n)


def read_ranks(out_dir, n):
    """The findings ``out_dir/rank<r>.pkl`` of ranks 0 .. n - 1."""
    return [pickle.loads((pathlib.Path(out_dir) / 'rank{}.pkl'.format(r)).read_bytes())
            for r in range(n)]
