"""Benchmark worker: times the workloads of one framework, on request.

The runner (``run.py``) starts one worker per framework, each with the Python of that
framework's environment, and talks to it over stdin/stdout, one JSON object per line:

* ``{"op": "info"}`` -> versions of Python, the framework, numpy and the BLAS threads;
* ``{"op": "time", "case": NAME, "inner": N}`` -> seconds per step, averaged over ``N``
  consecutive steps (the case is built on its first request and kept);
* ``{"op": "memory", "case": NAME}`` -> ``{"peak": bytes, "base": bytes}``: the peak
  resident set size of the process (Linux: VmHWM) after two steps of the case, and the
  resident size before the case was built (the framework imported); meant for a fresh
  worker, so that the peak is this workload's alone;
Answers are ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": TRACEBACK}``.
Anything the frameworks print goes to stderr, so stdout carries the protocol only.

Usage: ``python worker.py chainer`` or ``python worker.py torch``.
"""
import gc
import importlib
import json
import os
import platform
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases  # noqa: E402

#: The package of workloads for each API.
PACKAGES = {'chainer': 'chainer_workloads', 'torch': 'torch_workloads'}


def _blas_info():
    """numpy's BLAS library and thread count, when threadpoolctl can tell."""
    try:
        import threadpoolctl
    except ImportError:
        return None
    return [{k: pool.get(k) for k in ('internal_api', 'version', 'num_threads',
                                       'architecture')}
            for pool in threadpoolctl.threadpool_info()]


def environment_info(api):
    """What the results depend on: interpreter, framework and numerical libraries."""
    info = {'python': platform.python_version(), 'api': api}
    try:
        import numpy
        info['numpy'] = numpy.__version__
    except ImportError:
        info['numpy'] = None
    if api == 'chainer':
        import chainer
        info['framework'] = 'chainer'
        info['version'] = chainer.__version__
        info['location'] = os.path.dirname(chainer.__file__)
    else:
        import torch
        info['framework'] = 'torch'
        info['version'] = torch.__version__
        info['threads'] = torch.get_num_threads()
        info['cuda'] = torch.version.cuda
    info['blas'] = _blas_info()  # after the imports: it lists the loaded libraries
    return info


def resident_bytes(field):
    """``VmRSS`` (now) or ``VmHWM`` (peak) of this process from /proc/self/status."""
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith(field + ':'):
                return int(line.split()[1]) * 1024
    raise KeyError('{} is not in /proc/self/status'.format(field))


class Worker(object):
    """Builds cases on demand and times their steps."""

    def __init__(self, api):
        if api not in PACKAGES:
            raise ValueError('api must be one of {}, got {!r}'.format(sorted(PACKAGES), api))
        self.api = api
        self._steps = {}

    def step_of(self, name):
        """The ``step`` callable of case ``name``, built once."""
        if name not in self._steps:
            if name not in cases.CASES:
                raise KeyError('unknown case {!r}; cases are {}'.format(
                    name, ', '.join(cases.CASES)))
            case = cases.CASES[name]
            self._steps[name] = self._workload(name).make(**case.params)
        return self._steps[name]

    def _workload(self, name):
        """The workload module of case ``name`` (imports the framework)."""
        return importlib.import_module('{}.{}'.format(
            PACKAGES[self.api], cases.CASES[name].workload))

    def time(self, case, inner):
        """Seconds per step over ``inner`` consecutive steps of ``case``."""
        if int(inner) < 1:
            raise ValueError('inner must be a positive step count, got {!r}'.format(inner))
        step = self.step_of(case)
        gc.collect()  # no collection of an earlier measurement's garbage inside this one
        start = time.perf_counter()
        for _ in range(int(inner)):
            step()
        return (time.perf_counter() - start) / int(inner)

    def memory(self, case):
        """Peak resident bytes of the process after two steps of ``case``, and resident
        bytes before ``case`` was built."""
        built = case in self._steps
        if not built and case in cases.CASES:
            self._workload(case)  # the framework's own size is not the workload's
        base = resident_bytes('VmRSS')
        step = self.step_of(case)
        step()
        step()
        return {'peak': resident_bytes('VmHWM'), 'base': None if built else base}

    def handle(self, request):
        op = request.get('op')
        if op == 'info':
            return environment_info(self.api)
        if op == 'time':
            return self.time(request['case'], request['inner'])
        if op == 'memory':
            return self.memory(request['case'])
        raise ValueError('unknown op {!r}'.format(op))


def serve(api, stdin, stdout):
    """Answers requests from ``stdin`` on ``stdout`` until ``quit`` or end of input."""
    worker = Worker(api)
    for line in stdin:
        request = json.loads(line)
        if request.get('op') == 'quit':
            break
        try:
            answer = {'ok': True, 'result': worker.handle(request)}
        except Exception:
            answer = {'ok': False, 'error': traceback.format_exc()}
        stdout.write(json.dumps(answer) + '\n')
        stdout.flush()


def main(argv):
    if len(argv) != 1 or argv[0] not in PACKAGES:
        sys.exit('usage: worker.py {}'.format('|'.join(sorted(PACKAGES))))
    protocol_out = sys.stdout
    sys.stdout = sys.stderr  # stray prints must not corrupt the protocol
    serve(argv[0], sys.stdin, protocol_out)


if __name__ == '__main__':
    main(sys.argv[1:])
