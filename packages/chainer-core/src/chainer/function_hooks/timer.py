"""TimerHook: elapsed time of every function call."""
import collections
import time

from chainer import _timing_table
from chainer import cuda
from chainer import function
from chainer.function_hooks._called_function import CalledFunction


def _sync(arrays):
    # GPU work is asynchronous: wait for it so that wall time measures the kernels
    for a in arrays:
        if a is not None and hasattr(a, '__cuda_array_interface__'):
            cuda.get_device(a).synchronize()
            return


class TimerHook(function.FunctionHook):
    """Function hook that measures the elapsed time of each forward and backward.

    Calls may nest (a backward that applies functions, a function calling
    functions): each call is timed on its own, from its preprocess to its
    postprocess, with :func:`time.perf_counter`.

    Attributes:
        call_history (list): ``(name, elapsed seconds)`` pairs in the order the
            calls finished; ``name`` is the function's class name (v2+), a string
            that also stands for the function object of Chainer v1
            (``isinstance(name, functions.Exp)``, ``name.label``; see
            :class:`~chainer.function_hooks._called_function.CalledFunction`).
    """

    name = 'TimerHook'

    def __init__(self):
        self.call_history = []
        self._starts = []  # a stack: hooks may nest
        self._total_time = 0.0

    def _preprocess(self, arrays):
        _sync(arrays)
        self._starts.append(time.perf_counter())

    def _postprocess(self, function, arrays):
        _sync(arrays)
        elapsed = time.perf_counter() - self._starts.pop()
        self.call_history.append((CalledFunction(function), elapsed))
        if not self._starts:
            self._total_time += elapsed

    def forward_preprocess(self, function, in_data):
        self._preprocess(in_data)

    def forward_postprocess(self, function, in_data):
        self._postprocess(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess(tuple(in_data) + tuple(out_grad))

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function, tuple(in_data) + tuple(out_grad))

    def total_time(self):
        """Returns the total elapsed time in seconds: the time of the outermost
        calls, so a call made inside another one is not counted twice."""
        return self._total_time

    def summary(self):
        """Returns the per-function totals, ordered by first finished call.

        Returns:
            OrderedDict: ``{name: {'elapsed_time': seconds, 'occurrence': calls}}``.
        """
        totals = collections.OrderedDict()
        for name, elapsed in self.call_history:
            entry = totals.get(name)
            if entry is None:
                entry = totals[str(name)] = {'elapsed_time': 0.0, 'occurrence': 0}
            entry['elapsed_time'] += elapsed
            entry['occurrence'] += 1
        return totals

    def print_report(self, unit='auto', file=None):
        """Prints a table of the per-function total time and number of calls
        (``FunctionName  ElapsedTime  Occurrence``, right-aligned columns).

        Args:
            unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``, ``'auto'`` (the
                largest unit in which the longest total is at least 1, for the whole
                table) or ``'auto_foreach'`` (that choice made for each line).
            file: text stream (``sys.stdout`` by default).

        Raises:
            ValueError: for another ``unit``.
        """
        _timing_table.write_table('FunctionName', self.summary(), unit, file)
