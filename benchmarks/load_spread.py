"""How far a loaded/quiet time ratio moves by itself: one case, one process, quiet and
loaded measurements taking turns as in ``run.py --load``.

The loaded limit of the bench (``ours L / q1 <= 1.6``) sits close to its floor: with
two busy processes and one thread of ours on two cores, the fair share is 2/3 of a core,
so 1.5x. This script shows how much the ratio of one and the same process moves from
round to round and run to run, with nothing changed in between, which is what any
reading of a loaded column must be held against.

Each round: a quiet measurement, a pause, then one with ``--load`` busy processes
(``load.BusyLoad``, resumed ``load.SETTLE`` s before it), each running the case's step
for about ``--seconds`` of wall time. Prints each round's loaded/quiet ratio, then the
ratio of the medians and the range over rounds.

    python benchmarks/load_spread.py mlp [--threads 1] [--rounds 8] [--load 2]

``--threads 1`` (the default) caps the BLAS/OpenMP libraries in the environment before
anything imports them, as ``run.py`` does for its one-thread workers; ``--threads 0``
leaves them (and ``chainer``'s thread policy) at their defaults.
"""
import argparse
import os
import statistics
import time

import cases
import load
import run
import worker


def spread(name, rounds=8, busy=2, seconds=0.3, pause=0.4):
    """Returns ``(quiet, loaded)``: the seconds per step of case ``name`` in each
    round, quiet and under ``busy`` busy processes, measured in this process by the
    bench's own worker (``worker.Worker.time``)."""
    bench = worker.Worker('chainer')
    for _ in range(3):
        bench.time(name, 1)
    inner = max(1, int(seconds / bench.time(name, 1)))
    quiet, loaded = [], []
    with load.BusyLoad(busy) as background:
        for _ in range(rounds):
            quiet.append(bench.time(name, inner))
            time.sleep(pause)
            with background.running():
                loaded.append(bench.time(name, inner))
            time.sleep(pause)
    return quiet, loaded


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('case', choices=sorted(cases.CASES))
    parser.add_argument('--threads', type=int, default=1,
                        help='thread cap of the libraries (0: their defaults)')
    parser.add_argument('--rounds', type=int, default=8)
    parser.add_argument('--load', type=int, default=2, help='busy processes')
    parser.add_argument('--seconds', type=float, default=0.3,
                        help='wall time of one measurement')
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.load < 0 or args.threads < 0 or args.seconds <= 0:
        parser.error('--rounds must be >= 1, --load and --threads >= 0, --seconds > 0')
    if args.threads:  # before anything imports numpy, as run.py's workers get it
        os.environ.update(run.thread_env(args.threads))
    quiet, loaded = spread(args.case, args.rounds, args.load, args.seconds)
    ratios = [busy / idle for idle, busy in zip(quiet, loaded)]
    print('{} ({} threads, {} busy): quiet {:.2f} ms, loaded {:.2f} ms (medians); '
          'L/q of the medians {:.2f}; per round {:.2f}-{:.2f} ({})'.format(
              args.case, args.threads or 'default', args.load,
              statistics.median(quiet) * 1e3, statistics.median(loaded) * 1e3,
              statistics.median(loaded) / statistics.median(quiet),
              min(ratios), max(ratios), ' '.join('{:.2f}'.format(r) for r in ratios)))


if __name__ == '__main__':
    main()
