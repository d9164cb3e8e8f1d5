"""TimerHook: elapsed time of every function call."""
import collections
import sys
import time

from chainer import cuda
from chainer import function

_UNITS = (('sec', 1.0), ('ms', 1e-3), ('us', 1e-6), ('ns', 1e-9))


def _sync(arrays):
    # GPU work is asynchronous: wait for it so that wall time measures the kernels
    for a in arrays:
        if a is not None and hasattr(a, '__cuda_array_interface__'):
            cuda.get_device(a).synchronize()
            return


class TimerHook(function.FunctionHook):
    """Function hook that measures the elapsed time of each forward and backward.

    Attributes:
        call_history (list): ``(function, elapsed seconds)`` pairs, in call order.
    """

    name = 'TimerHook'

    def __init__(self):
        self.call_history = []
        self._starts = []  # a stack: hooks may nest (a function calling functions)

    def _preprocess(self, arrays):
        _sync(arrays)
        self._starts.append(time.perf_counter())

    def _postprocess(self, function, arrays):
        _sync(arrays)
        elapsed = time.perf_counter() - self._starts.pop()
        self.call_history.append((function, elapsed))

    def forward_preprocess(self, function, in_data):
        self._preprocess(in_data)

    def forward_postprocess(self, function, in_data):
        self._postprocess(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess(in_data + tuple(out_grad))

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function, in_data + tuple(out_grad))

    def total_time(self):
        """Returns the total elapsed time in seconds."""
        return sum(t for _, t in self.call_history)

    def summary(self):
        """Returns the per-function totals, ordered by first call.

        Returns:
            OrderedDict: ``{label: {'elapsed_time': seconds, 'occurrence': calls}}``.
        """
        totals = collections.OrderedDict()
        for func, elapsed in self.call_history:
            entry = totals.get(func.label)
            if entry is None:
                entry = totals[func.label] = {'elapsed_time': 0.0, 'occurrence': 0}
            entry['elapsed_time'] += elapsed
            entry['occurrence'] += 1
        return totals

    def print_report(self, unit='auto', file=None):
        """Prints a table of the per-function total time and number of calls.

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, or ``'auto'`` (the
                largest unit in which the biggest total is at least 1).
            file: text stream (``sys.stdout`` by default).
        """
        summary = self.summary()
        scale = _pick_unit(unit, [e['elapsed_time'] for e in summary.values()])
        name_width = max([len('FunctionName')] + [len(k) for k in summary])
        out = file or sys.stdout
        out.write('{:<{w}}  {:>14}  {:>10}\n'.format(
            'FunctionName', 'ElapsedTime', 'Occurrence', w=name_width))
        for label, entry in summary.items():
            out.write('{:<{w}}  {:>14}  {:>10}\n'.format(
                label, '{:.3f}{}'.format(entry['elapsed_time'] / scale[1], scale[0]),
                entry['occurrence'], w=name_width))


def _pick_unit(unit, values):
    if unit != 'auto':
        for name, factor in _UNITS:
            if name == unit:
                return name, factor
        raise ValueError('unit must be one of auto, {}; got {!r}'.format(
            ', '.join(n for n, _ in _UNITS), unit))
    biggest = max(values) if values else 0.0
    for name, factor in _UNITS:
        if biggest >= factor:
            return name, factor
    return _UNITS[-1]
