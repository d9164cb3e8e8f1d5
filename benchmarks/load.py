"""Background load for ``run.py --load N``: N busy processes, paused between measurements.

The processes are started once and held stopped (SIGSTOP); :meth:`BusyLoad.running`
resumes them (SIGCONT) around one measurement, so loaded and quiet measurements can take
turns without paying a process start each time. Each process is a plain busy loop, the
kind of competitor a user's machine has (an iterator's workers, a second experiment).
"""
import contextlib
import os
import signal
import subprocess
import sys
import time

#: What every busy process runs.
BUSY_LOOP = 'while True:\n    pass\n'
#: Seconds the resumed processes get to be scheduled before a measurement starts.
SETTLE = 0.05


class BusyLoad(object):
    """``count`` busy processes, stopped until :meth:`running`; a context manager that
    kills them on exit."""

    def __init__(self, count, python=sys.executable):
        if not isinstance(count, int) or count < 0:
            raise ValueError('count must be a non-negative int, got {!r}'.format(count))
        self.processes = []
        try:
            for _ in range(count):
                process = subprocess.Popen([python, '-c', BUSY_LOOP])
                self.processes.append(process)
            self._signal(signal.SIGSTOP)
        except BaseException:
            self.close()
            raise

    def __len__(self):
        return len(self.processes)

    @contextlib.contextmanager
    def running(self):
        """Resumes the processes for the duration of the block, then stops them again."""
        self._signal(signal.SIGCONT)
        try:
            if self.processes:
                time.sleep(SETTLE)
            yield
        finally:
            self._signal(signal.SIGSTOP)

    def _signal(self, signum):
        for process in self.processes:
            if process.poll() is not None:
                raise RuntimeError('a busy load process exited (status {})'.format(
                    process.returncode))
            process.send_signal(signum)
        if signum == signal.SIGSTOP:  # signals arrive asynchronously: quiet means stopped
            for process in self.processes:
                os.waitpid(process.pid, os.WUNTRACED)

    def close(self):
        for process in self.processes:
            if process.poll() is None:
                process.kill()
            process.wait()
        self.processes = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
