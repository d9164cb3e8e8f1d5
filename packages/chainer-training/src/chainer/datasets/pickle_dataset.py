"""``PickleDataset``: a dataset stored as consecutive pickles in one file, and the
writer that makes such files."""
import os
import pickle
import threading
import weakref

from chainer.dataset import dataset_mixin

#: Datasets whose reader is told, in a forked child, that it now lives in another
#: process (``reader.after_fork()``), so that processes do not share a file position.
_datasets = weakref.WeakSet()
_hook_installed = []


def _after_fork_in_child():
    for dataset in list(_datasets):
        dataset._after_fork()


def _install_fork_hook():
    if not _hook_installed and hasattr(os, 'register_at_fork'):
        os.register_at_fork(after_in_child=_after_fork_in_child)
        _hook_installed.append(True)


class PickleDatasetWriter(object):
    """Writes examples one after the other as pickles, to make a
    :class:`PickleDataset`.

    Args:
        writer: A binary file-like object opened for writing.
        protocol (int): The pickle protocol.
    """

    def __init__(self, writer, protocol=pickle.HIGHEST_PROTOCOL):
        self._writer = writer
        self._protocol = protocol

    def write(self, x):
        """Appends the example ``x``."""
        pickle.dump(x, self._writer, protocol=self._protocol)

    def flush(self):
        """Flushes the underlying file."""
        self._writer.flush()

    def close(self):
        """Closes the underlying file."""
        self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()


class PickleDataset(dataset_mixin.DatasetMixin):
    """Dataset of the pickles stored one after the other in a file.

    Opening scans the file once to note where each example starts; each access seeks
    there and unpickles one example, so only the offsets stay in memory. Safe to use
    from threads, and in forked worker processes: a reader with an ``after_fork()``
    method (the one :func:`open_pickle_dataset` makes) is told to reopen its file in
    the child. Only unpickle files you trust.

    Args:
        reader: A binary file-like object opened for reading (``read``, ``readline``,
            ``seek`` and ``tell``).
    """

    def __init__(self, reader):
        self._reader = reader
        self._lock = threading.Lock()
        self._positions = []
        reader.seek(0)
        while True:
            position = reader.tell()
            try:
                pickle.load(reader)
            except EOFError:
                break
            self._positions.append(position)
        self._register()

    def _register(self):
        _install_fork_hook()
        _datasets.add(self)

    def _after_fork(self):
        self._lock = threading.Lock()
        hook = getattr(self._reader, 'after_fork', None)
        if hook is not None:
            hook()

    def __len__(self):
        return len(self._positions)

    def get_example(self, i):
        """Unpickles the ``i``-th example."""
        with self._lock:
            self._reader.seek(self._positions[i])
            return pickle.load(self._reader)

    def close(self):
        """Closes the reader."""
        self._reader.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __getstate__(self):
        state = dict(self.__dict__)
        del state['_lock']
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()
        self._register()


class _FileReader(object):
    """A file opened for reading that reopens itself after a fork and on unpickling
    (pickling keeps only its path)."""

    def __init__(self, path):
        self._path = path
        self._fp = open(path, 'rb')

    def after_fork(self):
        """Opens the file again, so this process has its own position."""
        self._fp.close()
        self._fp = open(self._path, 'rb')

    def read(self, *args):
        return self._fp.read(*args)

    def readline(self, *args):
        return self._fp.readline(*args)

    def seek(self, *args):
        return self._fp.seek(*args)

    def tell(self):
        return self._fp.tell()

    def close(self):
        self._fp.close()

    def __getstate__(self):
        return {'_path': self._path}

    def __setstate__(self, state):
        self._path = state['_path']
        self._fp = open(self._path, 'rb')


def open_pickle_dataset(path):
    """Opens the file written by :func:`open_pickle_dataset_writer` as a
    :class:`PickleDataset` (usable in a ``with`` statement)."""
    return PickleDataset(_FileReader(path))


def open_pickle_dataset_writer(path, protocol=pickle.HIGHEST_PROTOCOL):
    """Creates ``path`` and returns a :class:`PickleDatasetWriter` writing to it
    (usable in a ``with`` statement)."""
    return PickleDatasetWriter(open(path, 'wb'), protocol=protocol)
