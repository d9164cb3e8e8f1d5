"""TimerHook: measures the elapsed time of the forward computation of links."""
import collections
import sys
import time

from chainer import link_hook


_UNITS = (('sec', 1.0), ('ms', 1e3), ('us', 1e6), ('ns', 1e9))


def _unit_for(seconds):
    # The largest unit in which the time is at least 1 (ns below a microsecond).
    for unit, factor in _UNITS:
        if seconds * factor >= 1:
            return unit, factor
    return _UNITS[-1]


class TimerHook(link_hook.LinkHook):
    """Link hook that records the wall time each link's forward takes.

    Attributes:
        call_history (list): ``(link class name, seconds)`` for each finished forward,
            in the order they finished (an inner link before the link calling it).
    """

    name = 'TimerHook'

    def __init__(self):
        self.call_history = []
        self._starts = []
        self._total_time = 0.0

    def forward_preprocess(self, args):
        """Starts the clock of this call."""
        self._starts.append(time.perf_counter())

    def forward_postprocess(self, args):
        """Stops the clock of this call and records it."""
        elapsed = time.perf_counter() - self._starts.pop()
        self.call_history.append((type(args.link).__name__, elapsed))
        if not self._starts:
            self._total_time += elapsed

    def total_time(self):
        """Seconds spent in the outermost forward calls (nested calls counted
        once)."""
        return self._total_time

    def summary(self):
        """Ordered dict: link class name -> ``{'elapsed_time': seconds,
        'occurrence': calls}``."""
        result = collections.OrderedDict()
        for name, elapsed in self.call_history:
            entry = result.setdefault(name, {'elapsed_time': 0.0, 'occurrence': 0})
            entry['elapsed_time'] += elapsed
            entry['occurrence'] += 1
        return result

    def print_report(self, unit='auto', file=sys.stdout):
        """Writes a table of :meth:`summary` to ``file``: a header line, then one
        line per link class (name, elapsed time, occurrences), right-aligned.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``; ``'auto'`` (one unit
                for the table, chosen by the longest time) or ``'auto_foreach'`` (a
                unit per line).
            file: the stream written to.
        """
        factors = dict(_UNITS)
        if unit not in factors and unit not in ('auto', 'auto_foreach'):
            raise ValueError("unit must be 'sec', 'ms', 'us', 'ns', 'auto' or "
                             "'auto_foreach', got {!r}".format(unit))
        summary = self.summary()
        if unit == 'auto':
            longest = max([e['elapsed_time'] for e in summary.values()] or [0.0])
            unit = _unit_for(longest)[0]
        rows = [('LinkName', 'ElapsedTime', 'Occurrence')]
        for name, entry in summary.items():
            seconds = entry['elapsed_time']
            row_unit = _unit_for(seconds)[0] if unit == 'auto_foreach' else unit
            rows.append((name, '{:3.2f}{}'.format(seconds * factors[row_unit], row_unit),
                         str(entry['occurrence'])))
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        for row in rows:
            file.write('  '.join(cell.rjust(w) for cell, w in zip(row, widths)) + '\n')
