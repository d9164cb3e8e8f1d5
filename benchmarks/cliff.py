"""The thread-contention cliff in isolation: single BLAS products on 1 and 2 threads, on
the machine as it is and under busy background processes, with each thread's time on and
off a core (Linux scheduler statistics).

    python benchmarks/cliff.py [--load N] [--repeats R]

Needs numpy and threadpoolctl. Prints, per product shape and thread count: the mean, median
and worst time per product and, per thread of the process, the share of wall time spent on a
core, the share spent runnable but waiting for one, and the voluntary context switches
(0 means the thread never slept: it busy-waited). See README.md, "The cliff".
"""
import argparse
import os
import statistics
import time

import numpy
import threadpoolctl

import load

#: Least seconds of products per figure.
MIN_WALL = 1.0

SHAPES = (('rnnlm LSTM 20x200 . 200x800', (20, 200, 800)),
          ('cnn conv2 4096x64 . 64x32', (4096, 64, 32)),
          ('mlp layer 1 100x784 . 784x1000', (100, 784, 1000)),
          ('gemm 1024', (1024, 1024, 1024)))


def thread_times():
    """``{thread id: (seconds on a core, seconds waiting for one, voluntary switches)}``."""
    out = {}
    for tid in os.listdir('/proc/self/task'):
        with open('/proc/self/task/{}/schedstat'.format(tid)) as f:
            run, wait, _ = map(int, f.read().split())
        with open('/proc/self/task/{}/status'.format(tid)) as f:
            voluntary = [int(line.split()[1]) for line in f
                         if line.startswith('voluntary_ctxt_switches')][0]
        out[tid] = (run * 1e-9, wait * 1e-9, voluntary)
    return out


def measure(shape, repeats):
    m, k, n = shape
    a = numpy.random.rand(m, k).astype(numpy.float32)
    b = numpy.random.rand(k, n).astype(numpy.float32)
    for _ in range(3):
        a @ b
    before, start, times = thread_times(), time.perf_counter(), []
    # at least MIN_WALL seconds: the kernel updates the counters of a running thread
    # only at ticks and switches
    while len(times) < repeats or time.perf_counter() - start < MIN_WALL:
        t = time.perf_counter()
        a @ b
        times.append(time.perf_counter() - t)
    wall, after = time.perf_counter() - start, thread_times()
    threads = [tuple(x - y for x, y in zip(after[t], before[t])) for t in after if t in before]
    threads = [(run / wall, wait / wall, int(vol)) for run, wait, vol in threads
               if run + wait > 1e-3]
    return wall / len(times), statistics.median(times), max(times), threads


def report(label, repeats):
    for name, shape in SHAPES:
        for count in (1, 2):
            with threadpoolctl.threadpool_limits(count):
                mean, median, worst, threads = measure(shape, max(5, repeats // (
                    10 if shape[0] >= 1024 else 1)))
            print('{:7} {:32} {} thread(s): mean {:8.3f} ms, median {:8.3f} ms, worst '
                  '{:8.2f} ms; threads (on core / waiting / voluntary switches): {}'.format(
                      label, name, count, mean * 1e3, median * 1e3, worst * 1e3, ', '.join(
                          '{:.0%}/{:.0%}/{}'.format(*t) for t in threads)), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--load', type=int, default=2, help='busy processes (default 2)')
    parser.add_argument('--repeats', type=int, default=100, help='products per figure')
    args = parser.parse_args()
    print('load average {:.2f}; {}'.format(os.getloadavg()[0], ', '.join(
        '{} {}'.format(lib['internal_api'], lib['version'])
        for lib in threadpoolctl.threadpool_info())))
    report('as is', args.repeats)
    with load.BusyLoad(args.load) as background, background.running():
        report('loaded', args.repeats)


if __name__ == '__main__':
    main()
