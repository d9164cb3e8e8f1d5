"""``PlotReport``: PNG plots of observed values over training."""
import importlib.util
import warnings

from chainer import _missing
from chainer import serializer as serializer_module
from chainer.training import extension
from chainer.training.extensions import _atomic_write
from chainer.training.extensions import _interval_summary


def _figure_canvas():
    # The Agg canvas renders without a display and without touching pyplot's global
    # backend, so plotting works on headless machines and in any program.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    return Figure, FigureCanvasAgg


def _warn_unless_available():
    """True when matplotlib is installed; otherwise warns, as Chainer v1 did (v1 code
    creates a PlotReport unconditionally and still trains without matplotlib)."""
    if importlib.util.find_spec('matplotlib') is not None:
        return True
    warnings.warn('matplotlib is not installed, so PlotReport plots nothing; install '
                  'it with ' + _missing.install_hint('chainer-training[plot]'),
                  stacklevel=3)
    return False


class PlotReport(extension.Extension):
    """Trainer extension to plot the means of observed values over training.

    Like :class:`LogReport` it averages the values between the firings of
    ``trigger``; each firing adds a point per key and redraws the PNG file
    ``<out>/<file_name>`` (atomically). Needs matplotlib (``pip install
    chainer-training[plot]``); without it, as in Chainer v1, creating one warns and
    it still collects the points but draws nothing.

    Args:
        y_keys (str or list of str): keys of the values to plot.
        x_key (str): ``'iteration'``, ``'epoch'`` or ``'elapsed_time'``.
        trigger: when to add points and redraw, ``(1, 'epoch')`` by default.
        postprocess (callable): called as ``postprocess(figure, axes, summary)``
            before saving, to customize the plot.
        file_name (str): output file name.
        marker (str): matplotlib marker of the points (None for lines only).
        grid (bool): draw a grid.
    """

    def __init__(self, y_keys, x_key='iteration', trigger=(1, 'epoch'),
                 postprocess=None, file_name='plot.png', marker='x', grid=True):
        self._can_draw = _warn_unless_available()
        if isinstance(y_keys, str):
            y_keys = [y_keys]
        if x_key not in ('iteration', 'epoch', 'elapsed_time'):
            raise ValueError("x_key must be 'iteration', 'epoch' or 'elapsed_time', got "
                             "{!r}".format(x_key))
        if postprocess is not None and not callable(postprocess):
            raise TypeError('postprocess must be callable, got {!r}'.format(postprocess))
        self._y_keys = list(y_keys)
        self._x_key = x_key
        self._interval = _interval_summary.IntervalSummary(self._y_keys, trigger)
        self._postprocess = postprocess
        self._file_name = file_name
        self._marker = marker
        self._grid = grid
        self._data = {key: [] for key in self._y_keys}

    @staticmethod
    def available():
        """Whether matplotlib is installed (warns when it is not, as in v1)."""
        return _warn_unless_available()

    @property
    def data(self):
        """The plotted points: ``{key: [[x, y], ...]}``."""
        return self._data

    def __call__(self, trainer):
        stats = self._interval.add(trainer)
        if stats is None:
            return
        x = stats[self._x_key]
        for key in self._y_keys:
            if key in stats:
                self._data[key].append([x, stats[key]])
        if not self._can_draw:
            return
        _atomic_write.atomic_write(trainer.out, self._file_name,
                                   lambda path: self._render(path, stats))

    def _render(self, path, stats):
        figure_cls, canvas_cls = _figure_canvas()
        figure = figure_cls(figsize=(6.4, 4.8))
        canvas_cls(figure)
        axes = figure.add_subplot(1, 1, 1)
        for key in self._y_keys:
            points = self._data[key]
            if points:
                xs, ys = zip(*points)
                axes.plot(xs, ys, marker=self._marker, label=key)
        axes.set_xlabel(self._x_key)
        if any(self._data.values()):
            axes.legend(loc='best')
        axes.grid(self._grid)
        if self._postprocess is not None:
            self._postprocess(figure, axes, stats)
        with open(path, 'wb') as f:
            figure.savefig(f, format='png')

    def serialize(self, serializer):
        """Saves or loads the plotted points and the running summary."""
        self._interval.serialize(serializer)
        # '_plot_data' whatever the file name, and Chainer v7's entry beside it
        v7_key = '_plot_{}'.format(self._file_name)
        if isinstance(serializer, serializer_module.Deserializer):
            try:
                self._data = _interval_summary.serialize_json(serializer, '_plot_data',
                                                              self._data)
            except KeyError:  # a snapshot of the real Chainer v7
                self._data = _interval_summary.serialize_json(serializer, v7_key,
                                                              self._data)
            return
        _interval_summary.serialize_json(serializer, '_plot_data', self._data)
        _interval_summary.serialize_json(serializer, v7_key, self._data)
