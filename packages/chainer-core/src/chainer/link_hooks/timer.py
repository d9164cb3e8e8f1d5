"""TimerHook: measures the elapsed time of the forward computation of links."""
import collections
import time

from chainer import _timing_table
from chainer import link_hook


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

    def print_report(self, unit='auto', file=None):
        """Writes a table of :meth:`summary` to ``file``: a header line
        (``LinkName  ElapsedTime  Occurrence``), then one line per link class,
        right-aligned.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``; ``'auto'`` (one unit
                for the table, chosen by the longest time) or ``'auto_foreach'`` (a
                unit per line).
            file: the stream written to (``sys.stdout`` by default).

        Raises:
            ValueError: for another ``unit``.
        """
        _timing_table.write_table('LinkName', self.summary(), unit, file)
