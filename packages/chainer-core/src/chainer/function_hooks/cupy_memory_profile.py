"""CupyMemoryProfileHook: GPU memory that every function call takes from CuPy's pool."""
import collections

from chainer import _timing_table
from chainer import cuda
from chainer import function
from chainer.function_hooks._called_function import CalledFunction

_BYTE_UNITS = ('B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB')
_BYTE_FACTORS = {u: 1024.0 ** i for i, u in enumerate(_BYTE_UNITS)}
_counter_class = []


def _make_counter():
    # A CuPy memory hook adding up what the pool hands out (malloc) and what it
    # takes from the device (alloc); its base class exists only with CuPy.
    if not _counter_class:
        base = cuda.cupy.cuda.memory_hook.MemoryHook

        class _CumulativeBytes(base):
            name = 'CupyMemoryCumulativeHook'

            def __init__(self):
                self.used_bytes = 0
                self.acquired_bytes = 0

            def alloc_preprocess(self, **kwargs):
                self.acquired_bytes += kwargs['mem_size']

            def malloc_preprocess(self, **kwargs):
                self.used_bytes += kwargs['mem_size']

        _counter_class.append(_CumulativeBytes)
    return _counter_class[0]()


def _byte_unit(size):
    """The largest unit (powers of 1024) in which ``size`` is at least 1."""
    unit = _BYTE_UNITS[0]
    for u in _BYTE_UNITS:
        if size >= _BYTE_FACTORS[u]:
            unit = u
    return unit


class CupyMemoryProfileHook(function.FunctionHook):
    """Function hook that measures the GPU memory each forward and backward takes
    from CuPy's memory pool (v3+).

    While the hook is registered a CuPy memory hook counts the bytes the pool hands
    out (used bytes) and the bytes it allocates on the device (acquired bytes).

    Attributes:
        call_history (list): ``(name, used bytes, acquired bytes, depth)`` for each
            finished call; ``name`` is the function's class name (see
            :class:`~chainer.function_hooks.TimerHook`), ``depth`` the number of
            calls it ran inside.

    Raises:
        RuntimeError: without a usable CUDA backend.
    """

    name = 'CupyMemoryProfileHook'

    def __init__(self):
        cuda.check_cuda_available()
        self._memory_hook = _make_counter()
        self._running_stack = []
        self._total_used_bytes = 0
        self._total_acquired_bytes = 0
        self.call_history = []

    def added(self, function):
        """Starts counting CuPy's allocations."""
        self._memory_hook.__enter__()

    def deleted(self, function):
        """Stops counting CuPy's allocations."""
        self._memory_hook.__exit__()

    def _preprocess(self):
        self._running_stack.append((self._memory_hook.used_bytes,
                                    self._memory_hook.acquired_bytes))

    def _postprocess(self, function):
        used0, acquired0 = self._running_stack.pop()
        used = self._memory_hook.used_bytes - used0
        acquired = self._memory_hook.acquired_bytes - acquired0
        depth = len(self._running_stack)
        self.call_history.append((CalledFunction(function), used, acquired, depth))
        if depth == 0:
            self._total_used_bytes += used
            self._total_acquired_bytes += acquired

    def forward_preprocess(self, function, in_data):
        self._preprocess()

    def forward_postprocess(self, function, in_data):
        self._postprocess(function)

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess()

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function)

    def total_used_bytes(self):
        """Returns the bytes the outermost calls took from the memory pool."""
        return self._total_used_bytes

    def total_acquired_bytes(self):
        """Returns the bytes the memory pool allocated on the device for the
        outermost calls."""
        return self._total_acquired_bytes

    def summary(self):
        """Returns the per-function totals, ordered by first finished call.

        Returns:
            OrderedDict: ``{name: {'used_bytes', 'acquired_bytes', 'occurrence'}}``.
        """
        totals = collections.OrderedDict()
        for name, used, acquired, _ in self.call_history:
            entry = totals.get(name)
            if entry is None:
                entry = totals[str(name)] = {
                    'used_bytes': 0, 'acquired_bytes': 0, 'occurrence': 0}
            entry['used_bytes'] += used
            entry['acquired_bytes'] += acquired
            entry['occurrence'] += 1
        return totals

    def print_report(self, unit='auto', file=None):
        """Prints a table ``FunctionName  UsedBytes  AcquiredBytes  Occurrence``.

        Args:
            unit (str): ``'B'``, ``'KB'``, ... ``'ZB'`` (powers of 1024); ``'auto'``:
                per column, the unit suiting its largest value; ``'auto_foreach'``:
                the unit suiting each value.
            file: text stream (``sys.stdout`` by default).

        Raises:
            ValueError: for another ``unit``.
        """
        if unit not in _BYTE_FACTORS and unit not in ('auto', 'auto_foreach'):
            raise ValueError('unit must be one of {}, auto or auto_foreach, got '
                             '{!r}'.format(', '.join(_BYTE_UNITS), unit))
        summary = self.summary()
        units = [unit, unit]
        if unit == 'auto':
            units = [_byte_unit(max([e[k] for e in summary.values()] or [0]))
                     for k in ('used_bytes', 'acquired_bytes')]
        rows = [('FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence')]
        for name, entry in summary.items():
            cells = [name]
            for k, u in zip(('used_bytes', 'acquired_bytes'), units):
                u = _byte_unit(entry[k]) if u == 'auto_foreach' else u
                cells.append('{:3.2f}{}'.format(entry[k] / _BYTE_FACTORS[u], u))
            rows.append(tuple(cells) + (str(entry['occurrence']),))
        _timing_table.write_rows(rows, file)
