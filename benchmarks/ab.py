"""Interleaved A/B timing in one process, for a change measured on its own.

Every round times each variant once (``inner`` calls, after a ``gc.collect()``), the
order of the variants rotating from round to round, so that slow phases of a shared
machine hit every variant alike; a variant's figure is the median of its rounds, and
the ratio to the first variant is the median of the per-round ratios (paired).
"""
import gc
import statistics
import time


def calibrate(step, min_seconds):
    """Calls per measurement so that one lasts at least ``min_seconds`` (at least 1)."""
    step()
    start = time.perf_counter()
    step()
    once = max(time.perf_counter() - start, 1e-6)
    return max(1, int(min_seconds / once + 0.999))


def interleaved(variants, rounds, min_seconds=0.2):
    """Times the ``{name: callable}`` variants in rotating order.

    Args:
        variants (dict): name -> a callable of no arguments (one step); the first is the
            reference of the ratios.
        rounds (int): how many times each variant is measured.
        min_seconds (float): least duration of one measurement (sets the calls per
            measurement of each variant).

    Returns:
        dict: name -> ``{'median_s', 'min_s', 'max_s', 'ratio'}`` per call, ``ratio``
        being the median over rounds of this variant's time over the first one's.
    """
    if rounds < 1:
        raise ValueError('rounds must be a positive int, got {!r}'.format(rounds))
    names = list(variants)
    inner = {name: calibrate(variants[name], min_seconds) for name in names}
    times = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            step, count = variants[name], inner[name]
            gc.collect()
            start = time.perf_counter()
            for _ in range(count):
                step()
            times[name].append((time.perf_counter() - start) / count)
    first = times[names[0]]
    return {name: {'median_s': statistics.median(ts), 'min_s': min(ts), 'max_s': max(ts),
                   'ratio': statistics.median([t / f for t, f in zip(ts, first)])}
            for name, ts in times.items()}


def print_table(title, results):
    """Prints one line per variant: median/min/max ms and the paired ratio."""
    print(title)
    for name, r in results.items():
        print('  {:28} median {:9.3f} ms  min {:9.3f}  max {:9.3f}  ratio {:.3f}'.format(
            name, r['median_s'] * 1e3, r['min_s'] * 1e3, r['max_s'] * 1e3, r['ratio']),
            flush=True)
