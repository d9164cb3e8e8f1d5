"""What the worker processes of :class:`~chainer.iterators.MultiprocessIterator` run:
the pool initializer and the reading of a chunk of a batch."""
import signal

import numpy

from chainer.iterators import _batch_segments
from chainer.iterators import _shared_memory

# The dataset inside a worker process, and the shared buffer (a uint8 array, or None)
# with the size of one example's slot, set once by the pool initializer.
_worker_dataset = None
_worker_buffer = None
_worker_slot_size = 0


def init(dataset, memory, slot_size, started):
    """Pool initializer: keeps the dataset and the shared buffer of this worker,
    ignores Ctrl-C and counts the worker in ``started``."""
    global _worker_dataset, _worker_buffer, _worker_slot_size
    _worker_dataset = dataset
    _worker_buffer = None if memory is None else numpy.frombuffer(memory, numpy.uint8)
    _worker_slot_size = slot_size
    # Ctrl-C is for the main process, which shuts the pool down; workers ignore it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with started.get_lock():
        started.value += 1


def fetch(segments, first_slot):
    """Reads a chunk of a batch; with ``first_slot`` (not None) the arrays of its
    examples go to consecutive slots of the shared buffer from that one on.

    Returns the (packed) examples and the largest slot size an example lacked (0 when
    all fitted)."""
    examples = _batch_segments.fetch_examples(_worker_dataset, segments)
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
