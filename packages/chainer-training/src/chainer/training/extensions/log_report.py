"""``LogReport``: writes the averaged observations to a JSON log file."""
import json

from chainer.training import extension
from chainer.training.extensions import _atomic_write
from chainer.training.extensions import _interval_summary


class LogReport(extension.Extension):
    """Trainer extension to output the accumulated results to a log file.

    At every call it adds the observation to a summary; when ``trigger`` fires it
    appends the means (with ``epoch``, ``iteration`` and ``elapsed_time``) to
    :attr:`log` and writes the whole log as JSON to ``<out>/<log_name>``, atomically.
    The log is part of the trainer's snapshot and the file is rewritten from it, so a
    resumed run never duplicates entries.

    Args:
        keys (iterable of str): keys to accumulate; all when None.
        trigger: when to emit an entry, ``(1, 'epoch')`` by default.
        postprocess (callable): called with each entry (a dict it may modify) before
            the entry is stored.
        log_name (str): file name under the trainer's output directory; a format
            string given the entry's values (``'log_{iteration}'``); None writes no
            file.
        filename (str): v7's name of ``log_name`` (keyword only); wins when given.
    """

    def __init__(self, keys=None, trigger=(1, 'epoch'), postprocess=None,
                 log_name='log', **kwargs):
        filename = kwargs.pop('filename', None)
        if kwargs:
            raise TypeError('LogReport got unexpected keyword arguments: {}'.format(
                ', '.join(sorted(kwargs))))
        if filename is not None:
            log_name = filename
        if postprocess is not None and not callable(postprocess):
            raise TypeError('postprocess must be callable, got {!r}'.format(postprocess))
        self._interval = _interval_summary.IntervalSummary(keys, trigger)
        self._postprocess = postprocess
        self._log_name = log_name
        self._log = []

    @property
    def log(self):
        """The current list of log entries (dicts)."""
        return self._log

    def __call__(self, trainer):
        entry = self._interval.add(trainer)
        if entry is None:
            return
        if self._postprocess is not None:
            self._postprocess(entry)
        self._log.append(entry)
        if self._log_name is not None:
            text = json.dumps(self._log, indent=4)
            _atomic_write.atomic_write_text(trainer.out, self._log_name.format(**entry),
                                            text)

    def serialize(self, serializer):
        """Saves or loads the log entries and the running summary."""
        self._interval.serialize(serializer)
        self._log = _interval_summary.serialize_json(serializer, '_log', self._log)
