"""Side by side in separate processes: the base commit, this checkout and PyTorch.

A change to the kernels is measured against the code before it: check the base commit
out in a worktree (``git worktree add /tmp/conv_base HEAD --detach`` before editing), then

    python benchmarks/conv_ab.py --base /tmp/conv_base --torch PATH/TO/torch/python

Every side is one worker process (``--worker``) that builds the case's step once and
times ``--steps`` steps per request; the runner asks each side in turn for ``--rounds``
rounds, the order rotating every round, and prints the min and the median of the CPU
time per step (``time.process_time``: the process's user and system time, steadier than
wall time on a shared machine, and it counts the kernel's page-fault work). ``--threads
1`` (default) caps every BLAS/OpenMP library at one thread; ``--threads default`` leaves
them as they are. The base side runs this checkout's Python with the worktree's package
sources first on ``PYTHONPATH``. ``--patch CODE`` adds a fourth side, this checkout with
``CODE`` executed in the worker before the step is built (e.g. a module constant
changed), for an A/B within one tree.
"""
import argparse
import gc
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = ('chainer-core', 'chainer-links', 'chainer-training', 'chainer')


def worker(api, case, patch, stdin=sys.stdin, stdout=sys.stdout):
    """Builds ``case``'s step for ``api`` ('ours' or 'torch'), then answers every line
    ``N`` of ``stdin`` with the CPU seconds per step of ``N`` steps."""
    sys.path.insert(0, HERE)
    import cases
    package = 'torch_workloads' if api == 'torch' else 'chainer_workloads'
    spec = cases.CASES[case]
    module = __import__('{}.{}'.format(package, spec.workload), fromlist=['make'])
    if api == 'torch' and os.environ.get('OMP_NUM_THREADS') == '1':
        import torch
        torch.set_num_threads(1)
    if patch:
        exec(patch, {})
    step = module.make(**spec.params)
    for _ in range(3):
        step()
    stdout.write('ready\n')
    stdout.flush()
    for line in stdin:
        n = int(line)
        gc.collect()
        start = time.process_time()
        for _ in range(n):
            step()
        stdout.write('{!r}\n'.format((time.process_time() - start) / n))
        stdout.flush()


def environment(threads, base=None):
    """The environment of a worker: one thread everywhere unless ``threads`` is
    'default'; the base worktree's sources first on the path when ``base`` is given."""
    env = dict(os.environ)
    if threads != 'default':
        env.update(OMP_NUM_THREADS='1', OPENBLAS_NUM_THREADS='1', MKL_NUM_THREADS='1',
                   CHAINER_BLAS_THREADS='1')
    if base:
        env['PYTHONPATH'] = os.pathsep.join(
            [os.path.join(base, 'packages', p, 'src') for p in PACKAGES] +
            [env.get('PYTHONPATH', '')]).rstrip(os.pathsep)
    return env


def rotated(names, round_index):
    """``names`` starting at position ``round_index`` (mod their count)."""
    k = round_index % len(names)
    return names[k:] + names[:k]


def summarize(samples, reference='torch'):
    """Min and median per side (ms), and their ratios to ``reference`` when present.

    Args:
        samples (dict): side name -> list of seconds per step.

    Returns:
        list of str: one line per side.
    """
    lines = []
    ref = samples.get(reference)
    for name, values in samples.items():
        low, mid = min(values) * 1e3, statistics.median(values) * 1e3
        line = '{:<6} min {:7.2f} ms  median {:7.2f} ms'.format(name, low, mid)
        if ref and name != reference:
            line += '  / {}: {:.2f} ({:.2f})'.format(
                reference, min(values) / min(ref), statistics.median(values) /
                statistics.median(ref))
        lines.append(line)
    return lines


def run(sides, case, rounds, steps, patch=None):
    """Starts one worker per side ``(name, python, api, env)``, interleaves ``rounds``
    rounds of ``steps`` steps and returns the seconds per step by side."""
    procs = {}
    try:
        for name, python, api, env in sides:
            cmd = [python, os.path.abspath(__file__), '--worker', api, '--case', case]
            if name == 'patch':
                cmd += ['--patch', patch]
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    text=True, env=env, cwd=HERE)
            procs[name] = proc
            if proc.stdout.readline().strip() != 'ready':
                raise RuntimeError('worker {} did not start'.format(name))
        samples = {name: [] for name in procs}
        for r in range(rounds):
            for name in rotated(list(procs), r):
                procs[name].stdin.write('{}\n'.format(steps))
                procs[name].stdin.flush()
                samples[name].append(float(procs[name].stdout.readline()))
        return samples
    finally:
        for proc in procs.values():
            if proc.stdin:
                proc.stdin.close()
            proc.wait()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--worker', choices=('ours', 'torch'))
    parser.add_argument('--case', default='cnn')
    parser.add_argument('--patch', default='')
    parser.add_argument('--base', help='worktree of the base commit')
    parser.add_argument('--torch', help='a Python with torch installed')
    parser.add_argument('--rounds', type=int, default=15)
    parser.add_argument('--steps', type=int, default=4)
    parser.add_argument('--threads', choices=('1', 'default'), default='1')
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.case, args.patch)
        return
    sides = []
    if args.base:
        sides.append(('base', sys.executable, 'ours', environment(args.threads, args.base)))
    sides.append(('new', sys.executable, 'ours', environment(args.threads)))
    if args.torch:
        sides.append(('torch', args.torch, 'torch', environment(args.threads)))
    if args.patch:
        sides.append(('patch', sys.executable, 'ours', environment(args.threads)))
    samples = run(sides, args.case, args.rounds, args.steps, args.patch)
    print('\n'.join(summarize(samples)))


if __name__ == '__main__':
    main()
