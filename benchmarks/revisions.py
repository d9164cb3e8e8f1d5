"""Before/after: benchmark cases timed on two source trees of this project, for a change
of a hot path.

Each tree (a checkout or ``git worktree`` of a revision) is imported in fresh processes
that take turns, so that a slow phase of a shared machine hits both alike: ``--runs``
times, each tree's worker (in alternating order) times every case, one thread, CPU time
per step, the minimum of ``--rounds`` measurements of about 0.3 s. Prints per case the
figures of each run and the ratio of the medians (B / A).

    git worktree add /tmp/base REV
    OMP_NUM_THREADS=1 python benchmarks/revisions.py /tmp/base . overhead core_ops mlp

Both trees run on this interpreter and its installed dependencies; a worker checks that
``chainer`` and its functions and optimizers come from its tree.
"""
import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time

_PORTIONS = ('chainer-core', 'chainer-links', 'chainer-training')


def _use_tree(src):
    """Puts the tree ``src`` first on ``sys.path`` (its packages and its benchmarks)."""
    src = os.path.abspath(src)
    sys.path[:0] = [os.path.join(src, 'packages', p, 'src') for p in _PORTIONS] + \
        [os.path.join(src, 'benchmarks')]
    return src


def _check_origin(src):
    import chainer
    import chainer.functions
    import chainer.optimizers
    for module in (chainer, chainer.functions, chainer.optimizers):
        if not os.path.abspath(module.__file__).startswith(src + os.sep):
            raise RuntimeError('{} comes from {}, not from the tree {}'.format(
                module.__name__, module.__file__, src))


def time_cases(names, rounds=7, seconds=0.3):
    """``{case: ms}``: CPU time per step of each case (the minimum over ``rounds``),
    with the workloads importable as ``chainer_workloads``."""
    import cases
    import chainer
    chainer.set_blas_threads(1)
    result = {}
    for name in names:
        case = cases.CASES[name]
        step = importlib.import_module(
            'chainer_workloads.' + case.workload).make(**case.params)
        for _ in range(3):
            step()
        start, calls = time.process_time(), 0
        while time.process_time() - start < seconds:
            step()
            calls += 1
        best = float('inf')
        for _ in range(rounds):
            start = time.process_time()
            for _ in range(calls):
                step()
            best = min(best, (time.process_time() - start) / calls)
        result[name] = best * 1e3
    return result


def _worker(src, names, rounds, seconds):
    src = _use_tree(src)
    _check_origin(src)
    print(json.dumps(time_cases(names, rounds, seconds)))


def compare(tree_a, tree_b, names, runs=3, rounds=7, seconds=0.3):
    """``{case: ([ms of A per run], [ms of B per run])}``, each run a fresh worker per
    tree, the trees' order alternating from run to run."""
    figures = {name: ([], []) for name in names}
    for run in range(runs):
        order = [(0, tree_a), (1, tree_b)]
        for index, tree in (order if run % 2 == 0 else order[::-1]):
            out = subprocess.run(
                [sys.executable, os.path.abspath(__file__), '--worker', tree,
                 '--rounds', str(rounds), '--seconds', str(seconds)] + list(names),
                check=True, capture_output=True, text=True).stdout
            for name, ms in json.loads(out.strip().splitlines()[-1]).items():
                figures[name][index].append(ms)
    return figures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--worker', metavar='TREE', help=argparse.SUPPRESS)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--rounds', type=int, default=7)
    parser.add_argument('--seconds', type=float, default=0.3,
                        help='least CPU time of one measurement')
    parser.add_argument('trees_and_cases', nargs='+',
                        help='TREE_A TREE_B CASE [CASE ...] (cases of cases.py)')
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(args.worker, args.trees_and_cases, args.rounds, args.seconds)
    if len(args.trees_and_cases) < 3 or args.runs < 1 or args.rounds < 1 or \
            args.seconds <= 0:
        parser.error('give TREE_A TREE_B and at least one case; --runs and --rounds >= 1, '
                     '--seconds > 0')
    tree_a, tree_b, names = args.trees_and_cases[0], args.trees_and_cases[1], \
        args.trees_and_cases[2:]
    figures = compare(tree_a, tree_b, names, args.runs, args.rounds, args.seconds)
    print('| case | A (ms) | B (ms) | B / A (medians) |')
    print('| --- | --- | --- | --- |')
    for name, (a, b) in figures.items():
        print('| {} | {} | {} | {:.3f} |'.format(
            name, ' / '.join('{:.3f}'.format(v) for v in a),
            ' / '.join('{:.3f}'.format(v) for v in b),
            statistics.median(b) / statistics.median(a)))


if __name__ == '__main__':
    main()
