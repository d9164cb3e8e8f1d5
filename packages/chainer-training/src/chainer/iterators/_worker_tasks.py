"""What the worker processes of :class:`~chainer.iterators.MultiprocessIterator` run:
the pool initializer and the reading of a chunk of a batch."""
import multiprocessing.sharedctypes
import signal

import numpy

from chainer.iterators import _batch_segments
from chainer.iterators import _shared_memory

# The dataset inside a worker process, and the shared buffer (a uint8 array, or None)
# with the size of one example's slot, set once by the pool initializer.
_worker_dataset = None
_worker_buffer = None
_worker_slot_size = 0
# This worker's pair of the pool's shared progress array (see new_progress).
_worker_progress = None


def new_progress(n_processes):
    """A shared array where each of ``n_processes`` workers keeps the range of indices
    (start, stop) it is reading from the dataset; (-1, -1) while it reads none."""
    progress = multiprocessing.sharedctypes.RawArray('q', 2 * n_processes)
    progress[:] = [-1] * (2 * n_processes)
    return progress


def reading_now(progress):
    """The set of dataset indices the workers are reading, from their ``progress``."""
    pairs = numpy.frombuffer(progress, numpy.int64).reshape(-1, 2).tolist()
    return {i for start, stop in pairs for i in range(max(start, 0), stop)}


def init(dataset, memory, slot_size, started, progress):
    """Pool initializer: keeps the dataset and the shared buffer of this worker,
    ignores Ctrl-C, counts the worker in ``started`` and takes the pair of
    ``progress`` of that number."""
    global _worker_dataset, _worker_buffer, _worker_slot_size, _worker_progress
    _worker_dataset = dataset
    _worker_buffer = None if memory is None else numpy.frombuffer(memory, numpy.uint8)
    _worker_slot_size = slot_size
    # Ctrl-C is for the main process, which shuts the pool down; workers ignore it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with started.get_lock():
        number = started.value
        started.value += 1
    pairs = numpy.frombuffer(progress, numpy.int64).reshape(-1, 2)
    _worker_progress = pairs[number] if number < len(pairs) else None


def _reading(start, stop):
    _worker_progress[:] = (start, stop)


def fetch(segments, first_slot):
    """Reads a chunk of a batch; with ``first_slot`` (not None) the arrays of its
    examples go to consecutive slots of the shared buffer from that one on.

    Returns the (packed) examples and the largest slot size an example lacked (0 when
    all fitted)."""
    reading = None if _worker_progress is None else _reading
    try:
        examples = _batch_segments.fetch_examples(_worker_dataset, segments, reading)
    finally:
        if reading is not None:
            _reading(-1, -1)
    if first_slot is None:
        return examples, 0
    packed, lacking = [], 0
    for k, example in enumerate(examples):
        example, needed = _shared_memory.pack(
            example, _worker_buffer, (first_slot + k) * _worker_slot_size,
            _worker_slot_size)
        packed.append(example)
        lacking = max(lacking, needed)
    return packed, lacking
