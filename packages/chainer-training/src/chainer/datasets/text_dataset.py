"""``TextDataset``: the lines of text files, read on access."""
import io
import threading

from chainer.dataset import dataset_mixin


def _per_file(value, n, name):
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise ValueError('TextDataset: {} has {} entries for {} files'.format(
                name, len(value), n))
        return list(value)
    return [value] * n


class TextDataset(dataset_mixin.DatasetMixin):
    """Dataset whose examples are the lines of one or more text files.

    With one path (alone or in a list), the ``i``-th example is the ``i``-th line (a
    str, end of line included); with several paths, it is the tuple of the ``i``-th lines of the
    files, which must have the same number of lines. Only the line offsets are kept
    in memory: each access seeks and reads the files. Picklable (the files are opened
    again on unpickling).

    Args:
        paths (str or list of str): The text file(s).
        encoding (str or list of str): Encoding of the files (one for all or one per
            file); None is the locale's default.
        errors (str or list of str): How to handle decoding errors, as in
            :func:`open`.
        newline (str or list of str): Newline mode of the files, as in :func:`open`.
        filter_func (callable): Keeps only the examples for which
            ``filter_func(*lines)`` is true.
    """

    def __init__(self, paths, encoding=None, errors=None, newline=None,
                 filter_func=None):
        paths = [paths] if isinstance(paths, str) else list(paths)
        n = len(paths)
        self._single = n == 1
        if n == 0:
            raise ValueError('TextDataset needs at least one path')
        self._paths = paths
        self._options = list(zip(_per_file(encoding, n, 'encoding'),
                                 _per_file(errors, n, 'errors'),
                                 _per_file(newline, n, 'newline')))
        self._open()
        offsets = [self._line_offsets(fp) for fp in self._fps]
        lengths = {len(o) for o in offsets}
        if len(lengths) != 1:
            self.close()
            raise ValueError('TextDataset: the files have different numbers of lines: '
                             '{}'.format(dict(zip(paths, map(len, offsets)))))
        rows = list(zip(*offsets))
        if filter_func is not None:
            rows = [row for row in rows if filter_func(*self._read_row(row))]
        self._rows = rows

    def _open(self):
        self._lock = threading.Lock()
        self._fps = [io.open(path, 'rt', encoding=encoding, errors=errors, newline=newline)
                     for path, (encoding, errors, newline) in zip(self._paths,
                                                                  self._options)]

    @staticmethod
    def _line_offsets(fp):
        offsets = []
        while True:
            position = fp.tell()
            if not fp.readline():
                return offsets
            offsets.append(position)

    def _read_row(self, row):
        lines = []
        for fp, position in zip(self._fps, row):
            fp.seek(position)
            lines.append(fp.readline())
        return lines

    def __len__(self):
        return len(self._rows)

    def get_example(self, i):
        """Returns the ``i``-th line (a str), or the tuple of the files' lines."""
        with self._lock:
            lines = self._read_row(self._rows[i])
        return lines[0] if self._single else tuple(lines)

    def close(self):
        """Closes the files (every one, then raises the first error met, if any)."""
        error = None
        for fp in self._fps:
            try:
                fp.close()
            except Exception as e:
                if error is None:
                    error = e
        if error is not None:
            raise error

    def __getstate__(self):
        state = dict(self.__dict__)
        del state['_fps'], state['_lock']
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._open()
