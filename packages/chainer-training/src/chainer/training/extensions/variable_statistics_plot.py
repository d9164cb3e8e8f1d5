"""``VariableStatisticsPlot``: PNG plots of the distribution of variables (and
their gradients) over training."""
import numpy

from chainer import cuda
from chainer import link as link_module
from chainer import variable
from chainer.training import extension
from chainer.training import util
from chainer.training.extensions import _atomic_write
from chainer.training.extensions import plot_report


def _variables_of(targets):
    """The Variables in ``targets``: a Variable, a Link (its parameters) or a
    list/tuple of them."""
    if isinstance(targets, variable.Variable):
        return (targets,)
    if isinstance(targets, link_module.Link):
        return tuple(targets.params())
    if isinstance(targets, (list, tuple)):
        return tuple(v for t in targets for v in _variables_of(t))
    return ()


class Reservoir(object):
    """Uniform sample of at most ``size`` of the arrays added to it (reservoir
    sampling), kept in the order they were added.

    Args:
        size (int): capacity.
        data_shape (tuple): shape of each array.
        dtype: dtype of the stored arrays.
    """

    def __init__(self, size, data_shape, dtype=numpy.float32):
        self.size = size
        self.data = numpy.zeros((size,) + tuple(data_shape), dtype=dtype)
        self.idxs = numpy.zeros((size,), dtype=numpy.int32)
        self.counter = 0

    def add(self, x, idx=None):
        """Offers ``x`` (labelled ``idx``, the count of additions by default)."""
        if self.counter < self.size:
            slot = self.counter
        else:
            slot = numpy.random.randint(self.counter + 1)
            if slot >= self.size:
                slot = None
        if slot is not None:
            self.data[slot] = x
            self.idxs[slot] = self.counter if idx is None else idx
        self.counter += 1

    def get_data(self):
        """Returns ``(idxs, data)`` of the kept arrays, sorted by label."""
        n = min(self.counter, self.size)
        order = numpy.argsort(self.idxs[:n], kind='stable')
        return self.idxs[:n][order], self.data[:n][order]


class Statistician(object):
    """Computes the mean, standard deviation and percentiles of an array.

    Args:
        collect_mean (bool): compute the mean.
        collect_std (bool): compute the standard deviation.
        percentile_sigmas (float or sequence): percentiles (0-100) to compute;
            empty or None: none.
    """

    def __init__(self, collect_mean, collect_std, percentile_sigmas):
        self.collect_mean = collect_mean
        self.collect_std = collect_std
        self.percentile_sigmas = percentile_sigmas

    def __call__(self, x, axis=0, dtype=None, xp=None):
        """Returns a dict (``'mean'``, ``'std'``, ``'percentile'``) of the
        statistics along ``axis`` (None: all axes), in ``dtype`` (``x``'s)."""
        xp = cuda.get_array_module(x) if xp is None else xp
        if axis is None:
            axis = tuple(range(x.ndim))
        dtype = x.dtype if dtype is None else dtype
        out = {}
        if self.collect_mean:
            out['mean'] = xp.asarray(x.mean(axis=axis), dtype=dtype)
        if self.collect_std:
            out['std'] = xp.asarray(x.std(axis=axis), dtype=dtype)
        if self.percentile_sigmas is not None and \
                numpy.size(self.percentile_sigmas) > 0:
            out['percentile'] = xp.asarray(
                xp.percentile(x, self.percentile_sigmas, axis=axis), dtype=dtype)
        return out


class VariableStatisticsPlot(extension.Extension):
    """Trainer extension plotting, over iterations, the mean, standard deviation
    and percentiles of the values (and gradients) of some variables.

    At each call it computes the statistics of all the targets' values together
    (and of their gradients) and keeps a uniform sample of at most
    ``max_sample_size`` calls; when ``trigger`` fires it writes the plot to
    ``<out>/<filename>`` (atomically; nothing without matplotlib, with a warning).

    Args:
        targets: a Variable, a Link (its parameters) or a list of them.
        max_sample_size (int): number of calls kept for the plot.
        report_data (bool): plot the values.
        report_grad (bool): plot the gradients.
        plot_mean (bool): plot the mean.
        plot_std (bool): plot mean ± standard deviation.
        percentile_sigmas (float or sequence): percentiles to plot as bands.
        trigger: when to write the plot.
        filename (str): file name (``'statistics.png'``; ``file_name=``: old name).
        figsize (tuple): figure size in inches.
        marker (str): matplotlib marker of the lines.
        grid (bool): draw a grid.
    """

    def __init__(self, targets, max_sample_size=1000, report_data=True,
                 report_grad=True, plot_mean=True, plot_std=True,
                 percentile_sigmas=(0, 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87,
                                    100),
                 trigger=(1, 'epoch'), filename=None, figsize=None, marker=None,
                 grid=True, **kwargs):
        file_name = kwargs.pop('file_name', 'statistics.png')
        if kwargs:
            raise TypeError('unexpected keyword arguments: {}'.format(
                ', '.join(sorted(kwargs))))
        self._vars = _variables_of(targets)
        if not self._vars:
            raise ValueError('VariableStatisticsPlot needs at least one variable')
        n_percentiles = int(numpy.size(percentile_sigmas)) \
            if percentile_sigmas is not None else 0
        if not (plot_mean or plot_std or n_percentiles):
            raise ValueError('nothing to plot: enable the mean, the std or give '
                             'percentiles')
        self._keys = [k for k, on in (('data', report_data), ('grad', report_grad))
                      if on]
        self._statistician = Statistician(plot_mean, plot_std, percentile_sigmas)
        self._plot_mean, self._plot_std = plot_mean, plot_std
        self._n_percentiles = n_percentiles
        self._trigger = util.get_trigger(trigger)
        self._filename = filename or file_name
        self._figsize, self._marker, self._grid = figsize, marker, grid
        self._data_shape = (len(self._keys),
                            int(plot_mean) + int(plot_std) + n_percentiles)
        self._samples = Reservoir(max_sample_size, self._data_shape)

    @staticmethod
    def available():
        """Whether matplotlib is installed (warns when it is not)."""
        return plot_report._warn_unless_available()

    def _statistics(self):
        stats = numpy.zeros(self._data_shape, dtype=numpy.float32)
        for i, key in enumerate(self._keys):
            arrays = [cuda.to_cpu(getattr(v, key)).ravel() for v in self._vars
                      if getattr(v, key, None) is not None]
            if not arrays:
                continue
            found = self._statistician(numpy.concatenate(arrays), axis=0)
            row = [numpy.atleast_1d(found[name]) for name in
                   ('mean', 'std', 'percentile') if name in found]
            stats[i] = numpy.concatenate(row)
        return stats

    def __call__(self, trainer):
        self._samples.add(self._statistics(), idx=trainer.updater.iteration)
        if self._trigger(trainer) and self.available():
            _atomic_write.atomic_write(trainer.out, self._filename, self._render)

    def _render(self, path):
        figure_cls, canvas_cls = plot_report._figure_canvas()
        figure = figure_cls(figsize=self._figsize)
        canvas_cls(figure)
        idxs, data = self._samples.get_data()
        for i, key in enumerate(self._keys):
            axes = figure.add_subplot(1, len(self._keys), i + 1)
            column = 0
            if self._plot_mean:
                mean = data[:, i, 0]
                axes.plot(idxs, mean, marker=self._marker, label='mean')
                column = 1
            if self._plot_std:
                std = data[:, i, column]
                center = data[:, i, 0] if self._plot_mean else numpy.zeros_like(std)
                axes.fill_between(idxs, center - std, center + std, alpha=0.2,
                                  label='std')
                column += 1
            percentiles = data[:, i, column:]
            half = self._n_percentiles // 2
            for k in range(half):
                axes.fill_between(idxs, percentiles[:, k], percentiles[:, -1 - k],
                                  alpha=0.2, linewidth=0)
            axes.set_title(key)
            axes.set_xlabel('iteration')
            axes.grid(self._grid)
            if self._plot_mean or self._plot_std:
                axes.legend(loc='best')
        with open(path, 'wb') as f:
            figure.savefig(f, format='png')
