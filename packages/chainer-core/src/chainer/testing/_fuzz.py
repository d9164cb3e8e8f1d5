"""Settings and a case counter shared by the fuzz targets of every package (issue 18).

In the ordinary test run a fuzz target tries a few derandomized examples (seconds);
with ``CHAINER_FUZZ=1`` (``nox -s fuzz``) it runs under the randomized ``chainer-fuzz``
hypothesis profile, ``CHAINER_FUZZ_EXAMPLES`` examples each (default 2000), and the
pytest plugin reports how many cases each target tried.
"""
import collections
import contextlib
import faulthandler
import os
import tracemalloc

#: Cases tried per fuzz target in this process, reported by the pytest plugin.
cases = collections.Counter()


def enabled():
    """True in a long fuzz run (``CHAINER_FUZZ=1``)."""
    return os.environ.get('CHAINER_FUZZ') == '1'


def fuzz_examples():
    """Examples per target of a long fuzz run."""
    value = os.environ.get('CHAINER_FUZZ_EXAMPLES', '2000')
    try:
        count = int(value)
    except ValueError:
        count = 0
    if count < 1:
        raise ValueError('CHAINER_FUZZ_EXAMPLES must be a positive int, got {!r}'.format(
            value))
    return count


def settings(ci_examples):
    """Hypothesis settings of a fuzz target: ``ci_examples`` examples in the ordinary
    run (derandomized under CI), the long randomized profile under ``CHAINER_FUZZ=1``."""
    import hypothesis
    checks = [hypothesis.HealthCheck.too_slow, hypothesis.HealthCheck.data_too_large,
              hypothesis.HealthCheck.filter_too_much]
    if enabled():
        return hypothesis.settings(max_examples=fuzz_examples(), derandomize=False,
                                   deadline=None, suppress_health_check=checks)
    return hypothesis.settings(max_examples=ci_examples, suppress_health_check=checks)


def tried(target):
    """Counts one case of ``target``."""
    cases[target] += 1


def truncated_or_flipped(data):
    """A hypothesis strategy of ``data`` cut at any byte, or with one to four distinct
    bytes flipped (xor with a non-zero byte)."""
    from hypothesis import strategies as st
    cut = st.integers(0, len(data) - 1).map(lambda n: data[:n])
    flips = st.lists(st.tuples(st.integers(0, len(data) - 1), st.integers(1, 255)),
                     min_size=1, max_size=4, unique_by=lambda flip: flip[0])
    return st.one_of(cut, flips.map(lambda fs: _flip(data, fs)))


def _flip(data, flips):
    data = bytearray(data)
    for position, mask in flips:
        data[position] ^= mask
    return bytes(data)


@contextlib.contextmanager
def bounded(max_bytes, hang_seconds=60):
    """Fails the block when it allocates more than ``max_bytes`` at its peak
    (tracemalloc, which sees numpy's allocations) and stops the process with a
    traceback when it runs longer than ``hang_seconds`` (a hang)."""
    tracemalloc.start()
    faulthandler.dump_traceback_later(hang_seconds, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak <= max_bytes, 'peak allocation {} > {} bytes'.format(peak, max_bytes)


def written(tmp_path_factory, name, data):
    """Writes a case's ``data`` to a fresh temporary folder as ``name``; returns the
    path (as str)."""
    path = str(tmp_path_factory.mktemp('fuzz') / name)
    with open(path, 'wb') as f:
        f.write(data)
    return path

