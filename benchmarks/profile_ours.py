"""Profiles this project's side of the benchmark cases with pyinstrument.

    python benchmarks/profile_ours.py [--cases mlp,rnnlm] [--seconds 3]

For each case: warm-up steps, then as many steps as fit in ``--seconds`` under the
sampling profiler; the call tree (time per frame, framework internals included) goes to
``benchmarks/results/profiles/<case>.txt`` and a one-line summary to stdout. Needs
``pip install pyinstrument`` in this project's environment.
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases  # noqa: E402
import worker  # noqa: E402


def profile_case(name, seconds, out_dir):
    """Profiles ``seconds`` worth of steps of case ``name``; returns (steps, path)."""
    import pyinstrument
    step = worker.Worker('chainer').step_of(name)
    for _ in range(2):
        step()
    profiler = pyinstrument.Profiler(interval=0.0005)
    steps = 0
    profiler.start()
    deadline = time.perf_counter() + seconds
    while steps == 0 or time.perf_counter() < deadline:
        step()
        steps += 1
    profiler.stop()
    path = os.path.join(out_dir, name + '.txt')
    with open(path, 'w') as f:
        f.write('{} steps of {} ({})\n\n'.format(steps, name, cases.CASES[name].doc))
        f.write(profiler.output_text(unicode=False, color=False, show_all=False))
    return steps, path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--cases', default=','.join(n for n in cases.CASES if n != 'gemm'))
    parser.add_argument('--seconds', type=float, default=3.0)
    parser.add_argument('--out', default=os.path.join(HERE, 'results', 'profiles'))
    args = parser.parse_args(argv)
    names = [n for n in args.cases.split(',') if n]
    unknown = [n for n in names if n not in cases.CASES]
    if unknown:
        parser.error('--cases: unknown case(s) {}; known: {}'.format(
            unknown, ', '.join(cases.CASES)))
    os.makedirs(args.out, exist_ok=True)
    for name in names:
        steps, path = profile_case(name, args.seconds, args.out)
        print('{}: {} steps profiled -> {}'.format(name, steps, path))


if __name__ == '__main__':
    main()
