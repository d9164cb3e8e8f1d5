"""``PrintReport``: prints chosen entries of a LogReport's log as a table."""
import sys

from chainer.training import extension
from chainer.training.extensions import log_report as log_report_module


class PrintReport(extension.Extension):
    """Trainer extension to print the accumulated results.

    It prints a header once, then one row per new entry of the log of a
    :class:`LogReport`; a missing value leaves its cell blank.

    Args:
        entries (list of str): keys of the log entries to print.
        log_report (str or LogReport): the name of a LogReport registered to the
            trainer, or a LogReport to use internally.
        out: stream to print to; the *current* ``sys.stdout`` at each print when
            None (so that a running ProgressBar keeps its bar below the rows).
    """

    def __init__(self, entries, log_report='LogReport', out=None):
        if isinstance(entries, str) or not all(isinstance(e, str) for e in entries):
            raise TypeError('entries must be a list of str, got {!r}'.format(entries))
        if not isinstance(log_report, (str, log_report_module.LogReport)):
            raise TypeError('log_report must be the name of a LogReport extension or a '
                            'LogReport, got {!r}'.format(log_report))
        self._entries = list(entries)
        self._log_report = log_report
        self._out = out
        self._widths = [max(10, len(e)) for e in self._entries]
        self._header_done = False
        self._log_len = 0

    def _stream(self):
        return self._out if self._out is not None else sys.stdout

    def _write(self, text):
        out = self._stream()
        out.write(text)
        flush = getattr(out, 'flush', None)
        if flush is not None:  # v7 accepts streams without flush
            flush()

    def header(self):
        """The header line (entry names, padded)."""
        return '  '.join(e.ljust(w) for e, w in zip(self._entries, self._widths)) + '\n'

    def row(self, entry):
        """One table row for a log entry."""
        cells = []
        for key, width in zip(self._entries, self._widths):
            value = entry.get(key)
            if value is None:
                cells.append(' ' * width)
            elif isinstance(value, float):
                cells.append('{:<{}g}'.format(value, width))
            else:
                cells.append(str(value).ljust(width))
        return '  '.join(cells).rstrip() + '\n'

    def _get_log_report(self, trainer):
        if isinstance(self._log_report, str):
            ext = trainer.get_extension(self._log_report)
            if not isinstance(ext, log_report_module.LogReport):
                raise TypeError('extension {!r} is not a LogReport'.format(
                    self._log_report))
            return ext
        self._log_report(trainer)  # an internal LogReport is fed by this extension
        return self._log_report

    def __call__(self, trainer):
        log = self._get_log_report(trainer).log
        if len(log) <= self._log_len:
            return
        text = '' if self._header_done else self.header()
        self._header_done = True
        text += ''.join(self.row(entry) for entry in log[self._log_len:])
        self._log_len = len(log)
        self._write(text)

    def serialize(self, serializer):
        """Saves or loads an internal LogReport."""
        if isinstance(self._log_report, log_report_module.LogReport):
            self._log_report.serialize(serializer['_log_report'])
