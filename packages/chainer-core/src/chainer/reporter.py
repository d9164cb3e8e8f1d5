"""Reporter and online summaries of observed values.

A :class:`Reporter` collects named values (*observations*) reported from anywhere in
the code, typically links reporting their loss. Values reported with an *observer*
(an object registered under a name, e.g. the target link as ``'main'``) are named
``'<observer name>/<key>'``: ``'main/loss'``.
"""
import collections
import contextlib
import json
import threading
import warnings

import numpy

from chainer import configuration
from chainer import cuda
from chainer import serializer as serializer_module
from chainer import variable


class _ReporterStack(threading.local):
    def __init__(self):
        self.reporters = []


_stack = _ReporterStack()


def _join(prefix, key):
    # An observer name that already ends with a separator (``'my_observer:'`` in the
    # v1 documented example, or ``'main/'``) is used as is; otherwise ``'/'`` joins them.
    if prefix.endswith(('/', ':')):
        return prefix + key
    return prefix + '/' + key


class Reporter(object):
    """Object to which observed values are reported.

    Observers are registered by name (:meth:`add_observer`) and told apart by their
    object id. ``with reporter:`` makes the reporter current (per thread) so that
    :func:`report` writes to it; :meth:`scope` also redirects the observations into a
    given dict.

    Attributes:
        observation (dict): the dictionary of observed values.
    """

    def __init__(self):
        self._observer_names = {}
        self.observation = {}

    def __enter__(self):
        """Makes this reporter object current."""
        _stack.reporters.append(self)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        """Recovers the previous reporter object as current."""
        _stack.reporters.pop()

    @contextlib.contextmanager
    def scope(self, observation):
        """Context in which this reporter is current and reports go to ``observation``.

        Args:
            observation (dict): receives every value reported in the ``with`` block.
        """
        old = self.observation
        self.observation = observation
        self.__enter__()
        try:
            yield
        finally:
            self.__exit__(None, None, None)
            self.observation = old

    def add_observer(self, name, observer):
        """Registers ``observer`` under ``name`` (the prefix of its values' names).

        Args:
            name (str): name of the observer.
            observer: any object; observers are told apart by ``id(observer)``.
        """
        if not isinstance(name, str):
            raise TypeError('observer name must be a str, got {!r}'.format(name))
        self._observer_names[id(observer)] = name

    def add_observers(self, prefix, observers):
        """Registers several observers at once.

        Args:
            prefix (str): prefix of every observer's name.
            observers: iterable of ``(name, observer)`` pairs, e.g.
                ``link.namedlinks(skipself=True)``.
        """
        for name, observer in observers:
            self.add_observer(prefix + name, observer)

    def report(self, values, observer=None):
        """Writes ``values`` to the current observation, each key prefixed by the name
        of ``observer`` when given.

        Args:
            values (dict): observed values (scalars, arrays or Variables).
            observer: a registered observer object, or None.

        A Variable with a graph is stored as a new Variable sharing its array, without
        the graph (which would stay alive until the observation is summarized), unless
        ``chainer.config.keep_graph_on_report`` is True.
        """
        if not configuration.config.keep_graph_on_report:
            values = {k: _without_graph(v) for k, v in values.items()}
        if observer is None:
            self.observation.update(values)
            return
        try:
            prefix = self._observer_names[id(observer)]
        except KeyError:
            raise KeyError('the observer {!r} is not registered to the reporter '
                           '(use add_observer)'.format(observer))
        observation = self.observation
        for key, value in values.items():
            observation[_join(prefix, key)] = value


def _without_graph(value):
    if isinstance(value, variable.Variable) and value.creator is not None:
        return variable.Variable(value.data, volatile=value.volatile, name=value.name)
    return value


def get_current_reporter():
    """Returns the current reporter object (the innermost ``with reporter:``)."""
    reporters = _stack.reporters
    if not reporters:
        raise RuntimeError('no reporter is current: use "with reporter:" or '
                           'reporter.scope(observation)')
    return reporters[-1]


def report(values, observer=None):
    """Reports observed values to the current reporter; does nothing without one.

    Args:
        values (dict): observed values.
        observer: a registered observer object, whose name prefixes the keys.
    """
    if _stack.reporters:
        _stack.reporters[-1].report(values, observer)


@contextlib.contextmanager
def report_scope(observation):
    """Context in which reports to the current reporter go to ``observation``.

    Equivalent to ``get_current_reporter().scope(observation)`` without making the
    reporter current a second time.
    """
    current = get_current_reporter()
    old = current.observation
    current.observation = observation
    try:
        yield
    finally:
        current.observation = old


def _device_of(value):
    # only arrays select a device (cuda.get_device would take an int as a GPU id)
    if isinstance(value, (numpy.ndarray, numpy.generic, int, float)):
        return cuda.DummyDevice
    return cuda.get_device(value)


def _count_like(total, n):
    """The count ``n`` as a scalar of ``total``'s dtype, so that dividing keeps float32
    sums float32 on numpy 1 too (which promotes float32 by a Python int to float64)."""
    dtype = getattr(total, 'dtype', None)
    return n if dtype is None else dtype.type(n)


class Summary(object):
    """Online mean and standard deviation of a sequence of scalars.

    Keeps :math:`\\sum x`, :math:`\\sum x^2` and the count :math:`n`:
    mean :math:`= \\sum x / n`, std :math:`= \\sqrt{\\max(0, \\sum x^2/n - mean^2)}`.
    Sums stay on the device (and in the dtype) of the added values.
    """

    def __init__(self):
        self._x = 0.0
        self._x2 = 0.0
        self._n = 0

    def add(self, value, weight=1):
        """Adds a scalar: a Python or numpy scalar, or a 0-d array (CPU or GPU).

        Args:
            value: the scalar.
            weight: how much it counts (v4+): the mean is
                :math:`\\sum w x / \\sum w`; a scalar or 0-d array or Variable.
        """
        plain = weight.__class__ is int and weight == 1
        if not plain:
            weight = _scalar_weight(weight)
        with _device_of(value):
            wx = value if plain else value * weight
            if self._n == 0:
                # Start from the value itself, not from the float 0.0: numpy 1 would
                # promote float32 values to float64 when added to a Python float.
                self._x = wx.copy() if hasattr(wx, 'copy') else wx
                self._x2 = wx * value
            else:
                self._x += wx
                self._x2 += wx * value
            self._n += weight

    def _check_nonempty(self):
        if self._n == 0:
            raise ValueError('the summary is empty: add() values first')

    def compute_mean(self):
        """Returns the mean of the added values."""
        self._check_nonempty()
        with _device_of(self._x):
            return self._x / _count_like(self._x, self._n)

    def make_statistics(self):
        """Returns the tuple ``(mean, std)`` of the added values."""
        self._check_nonempty()
        x, n = self._x, _count_like(self._x, self._n)
        xp = cuda.get_array_module(x)
        with _device_of(x):
            mean = x / n
            # rounding can make the variance slightly negative: clip at zero
            var = xp.maximum(self._x2 / n - mean * mean, 0)
            return mean, xp.sqrt(var)

    def serialize(self, serializer):
        """Saves or loads the running sums, in their dtype (so that a resumed summary
        adds up bit for bit as the uninterrupted one, float32 sums included), and the
        count."""
        if isinstance(serializer, serializer_module.Serializer):
            serializer('_x', _host_scalar(self._x))
            serializer('_x2', _host_scalar(self._x2))
            n = float(self._n)
            serializer('_n', int(n) if n.is_integer() else n)
            return
        if isinstance(serializer, serializer_module.Deserializer) or \
                serializer_module._is_validating(serializer):
            x = _loaded_scalar(serializer, '_x', self._x)
            x2 = _loaded_scalar(serializer, '_x2', self._x2)
        else:  # a duck-typed (de)serializer gets v1's plain floats
            x = serializer('_x', _as_float(self._x))
            x2 = serializer('_x2', _as_float(self._x2))
        n = serializer('_n', float(self._n))  # a weighted count may be fractional
        n = int(n) if float(n).is_integer() else float(n)
        if not serializer_module._is_validating(serializer):
            self._x, self._x2, self._n = x, x2, n


def _scalar_weight(weight):
    if isinstance(weight, variable.Variable):
        weight = weight.data
    if getattr(weight, 'ndim', 0) != 0:
        raise ValueError('a weight must be a scalar or a 0-d array, got shape {}'
                         .format(weight.shape))
    return weight


def _as_float(value):
    # the sums may be 0-d device arrays: plain floats for duck-typed serializers
    return float(cuda.to_cpu(value)) if not isinstance(value, float) else value


def _host_scalar(value):
    # the sums may be 0-d device arrays or Python numbers: a 0-d host array keeps the dtype
    if hasattr(value, '__cuda_array_interface__'):
        value = cuda.to_cpu(value)
    return numpy.asarray(value)


def _loaded_scalar(serializer, key, current):
    """The stored sum ``key`` as a numpy scalar of the stored dtype (``current`` when a
    non-strict load finds none)."""
    stored = serializer_module._peek(serializer, key, None)
    if stored is None:
        return current
    stored = numpy.asarray(stored)
    if stored.size != 1 or stored.dtype.kind not in 'biufc':
        raise ValueError('entry {!r} holds {} of shape {} where a number is expected'
                         .format(key, stored.dtype, stored.shape))
    return stored.reshape(())[()]


def _is_scalar(value):
    return numpy.isscalar(value) or getattr(value, 'ndim', -1) == 0


class DictSummary(object):
    """Online summaries of dictionaries of scalars, one :class:`Summary` per key.

    Only scalars, 0-d arrays and Variables of 0-d arrays are accumulated; other values
    are ignored.
    """

    def __init__(self):
        self._summaries = collections.OrderedDict()

    def add(self, d):
        """Adds a dictionary of scalars; a value may be a pair ``(value, weight)``
        (see :meth:`Summary.add`)."""
        summaries = self._summaries
        for key, value in d.items():
            weight = 1
            if isinstance(value, tuple) and len(value) == 2:  # (value, weight), v4+
                value, weight = value
                weight = _scalar_weight(weight)
            if isinstance(value, variable.Variable):
                value = value.data
            if isinstance(value, (bool, str)) or not _is_scalar(value):
                continue
            summary = summaries.get(key)
            if summary is None:
                summary = summaries[key] = Summary()
            summary.add(value, weight)

    def compute_mean(self):
        """Returns a dict of the mean value of every key."""
        return {key: s.compute_mean() for key, s in self._summaries.items()}

    def make_statistics(self):
        """Returns a dict with the mean under ``key`` and the standard deviation under
        ``key + '.std'`` for every key."""
        stats = {}
        for key, summary in self._summaries.items():
            mean, std = summary.make_statistics()
            stats[key] = mean
            stats[key + '.std'] = std
        return stats

    def serialize(self, serializer):
        """Saves or loads every key's summary (the key list as JSON in ``_names``)."""
        names = list(self._summaries.keys())
        try:
            loaded = serializer_module._peek(serializer, '_names', json.dumps(names))
        except KeyError:
            if isinstance(serializer, serializer_module.Serializer):
                raise
            # a file of a release whose DictSummary saved nothing (v1, v2): it
            # starts empty, as in v4+
            warnings.warn('the file holds no statistics of this DictSummary (saved '
                          'by an older release): it starts empty',
                          UserWarning, stacklevel=2)
            if not serializer_module._is_validating(serializer):
                self._summaries = collections.OrderedDict()
            return
        if loaded is None:
            return
        try:
            names_now = json.loads(str(loaded))
            if not isinstance(names_now, list) or \
                    not all(isinstance(n, str) for n in names_now):
                raise ValueError(names_now)
        except ValueError:
            raise ValueError('entry {!r} is not the JSON list of names a DictSummary '
                             'saves'.format('_names')) from None
        if serializer_module._is_validating(serializer):
            for index in range(len(names_now)):  # checks the entries, changes nothing
                Summary().serialize(serializer['_summaries'][str(index)])
            return
        if names_now != names:  # deserializing: rebuild the summaries from the file
            self._summaries = collections.OrderedDict(
                (name, Summary()) for name in names_now)
        for index, name in enumerate(names_now):
            self._summaries[name].serialize(serializer['_summaries'][str(index)])
