"""TimerHook: measures the elapsed time of the forward computation of links."""
import collections
import sys
import time

from chainer import link_hook


class TimerHook(link_hook.LinkHook):
    """Link hook that records the wall time each link's forward takes.

    Attributes:
        call_history (list): ``(link, seconds)`` for each finished forward, in the
            order they finished (an inner link before the link calling it).
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
        self.call_history.append((args.link, elapsed))
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
        for link, elapsed in self.call_history:
            entry = result.setdefault(type(link).__name__,
                                      {'elapsed_time': 0.0, 'occurrence': 0})
            entry['elapsed_time'] += elapsed
            entry['occurrence'] += 1
        return result

    def print_report(self, unit='auto', file=sys.stdout):
        """Writes a table of :meth:`summary` to ``file``; ``unit`` is ``'sec'``,
        ``'ms'``, ``'us'`` or ``'auto'`` (per row)."""
        factors = {'sec': 1.0, 'ms': 1e3, 'us': 1e6}
        if unit != 'auto' and unit not in factors:
            raise ValueError("unit must be 'auto', 'sec', 'ms' or 'us', got {!r}"
                             .format(unit))
        file.write('LinkName  ElapsedTime  Occurrence\n')
        for name, entry in self.summary().items():
            seconds = entry['elapsed_time']
            row_unit = unit
            if unit == 'auto':
                row_unit = 'sec' if seconds >= 1 else 'ms' if seconds >= 1e-3 else 'us'
            file.write('{:>8}  {:>8.3f}{:<3}  {:>10}\n'.format(
                name, seconds * factors[row_unit], row_unit, entry['occurrence']))
