"""The runtime report under Chainer v7's private module name (code and tests written
for v7 import ``chainer._runtime_info``); the report itself is :mod:`chainer._runtime`."""
import sys

from chainer import _runtime


class _RuntimeInfo(object):
    """The report, gathered when made; ``str()`` gives its text."""

    def __init__(self):
        self._info = _runtime.runtime_info()

    def __str__(self):
        return _runtime.format_runtime_info(self._info) + '\n'


def _get_runtime_info():
    return _RuntimeInfo()


def print_runtime_info(out=None):
    """Writes the runtime report to ``out`` (default: standard output)."""
    (out or sys.stdout).write(str(_get_runtime_info()))
