"""How :class:`~chainer.iterators.MultiprocessIterator` waits for a batch: a warning
after ``dataset_timeout`` seconds, an error after ``dataset_time_limit`` seconds, and
a wait that Ctrl-C always interrupts."""
import concurrent.futures
import numbers
import time
import warnings

from chainer.iterators import _batch_segments

#: The longest wait for the workers of a new pool to start before the clock starts.
_START_WAIT_S = 10.0


def check_limit(value, name):
    """Raises ``ValueError`` naming ``name`` unless ``value`` is None or a positive
    number of seconds."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or \
            not value > 0 or value != value:
        raise ValueError('{} must be None or a positive number of seconds, got {!r}'
                         .format(name, value))


def late_indices(futures, chunks, late):
    """The dataset indices of the chunks whose futures are in ``late``."""
    return [int(i) for future, chunk in zip(futures, chunks) if future in late
            for s in chunk for i in _batch_segments.segment_indices(s)]


def _describe(futures, chunks, late, reading):
    """Names the late indices, and among them those a worker is reading now (those
    the dataset stalls on)."""
    indices = late_indices(futures, chunks, late)
    text = 'the dataset has not returned the examples of indices {}'.format(indices)
    if reading is not None:
        now = reading()
        stalled = [i for i in indices if i in now]
        if stalled:
            text += ' (it is still reading {} {})'.format(
                'index' if len(stalled) == 1 else 'indices',
                stalled[0] if len(stalled) == 1 else stalled)
    return text


def wait(futures, chunks, started, need, timeout, limit, warning, error, reading=None):
    """Waits for the chunk ``futures`` of a batch (``chunks`` are their segments).

    The clock starts once ``need`` workers of the pool have started (``started`` is
    their shared count, or None). When some chunks are still running after ``timeout``
    seconds, ``warning`` (a Warning class) is warned naming their indices and the wait
    goes on; after ``limit`` seconds ``error`` (an exception class) is raised naming
    them. None disables either. ``reading()``, when given, returns the set of indices
    the workers are reading, named apart. The wait is interruptible (Ctrl-C).
    """
    if started is not None and (timeout is not None or limit is not None):
        give_up = time.monotonic() + _START_WAIT_S
        while started.value < need and time.monotonic() < give_up:
            time.sleep(0.002)
    start = time.monotonic()
    warned = timeout is None
    while True:
        marks = [m for m in ((None if warned else timeout), limit) if m is not None]
        step = max(0.0, start + min(marks) - time.monotonic()) if marks else None
        _, late = concurrent.futures.wait(futures, step)
        if not late:
            return
        elapsed = time.monotonic() - start
        if not warned and elapsed >= timeout:
            warned = True
            warnings.warn(
                'MultiprocessIterator: {} after {:.3g} seconds (dataset_timeout={}); a '
                'stalled dataset (a lock or a connection opened before the workers '
                'started, an infinite loop) blocks the training. Still waiting{}.'.format(
                    _describe(futures, chunks, late, reading), elapsed, timeout,
                    '' if limit is None else ' until dataset_time_limit={}'.format(
                        limit)),
                warning, stacklevel=4)
        if limit is not None and elapsed >= limit:
            raise error(
                'MultiprocessIterator: {} after {:.3g} seconds (dataset_time_limit={}); '
                'its workers are terminated and the next call reads this batch again '
                'with new ones.'.format(_describe(futures, chunks, late, reading),
                                        elapsed, limit))


def first_free(region_futures, idle, limit, error):
    """The first of the ``idle`` regions whose futures (``region_futures[r]``, the
    chunks of a dropped batch that wrote to it) are all done, waiting for one when
    none is. After ``limit`` seconds (None: no limit) ``error`` is raised."""
    give_up = None if limit is None else time.monotonic() + limit
    while True:
        for region in idle:
            if all(f.done() for f in region_futures[region]):
                return region
        remaining = None if give_up is None else give_up - time.monotonic()
        if remaining is not None and remaining <= 0:
            raise error(
                'MultiprocessIterator: the chunks of batches dropped earlier have been '
                'read for more than {} seconds (dataset_time_limit) and hold every free '
                'region of the shared memory; the workers are terminated and the next '
                'call goes on with new ones.'.format(limit))
        running = [f for region in idle for f in region_futures[region] if not f.done()]
        concurrent.futures.wait(running, remaining,
                                return_when=concurrent.futures.FIRST_COMPLETED)
