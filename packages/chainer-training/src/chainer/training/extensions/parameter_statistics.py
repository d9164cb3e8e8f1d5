"""``ParameterStatistics``: summaries of the parameters and gradients of links."""
import numpy

from chainer import cuda
from chainer import link as link_module
from chainer import reporter
from chainer.training import extension
from chainer.training.extensions import _interval_summary
from chainer.training import util


def _count_zeros(x):
    return (x == 0).sum()


def _percentiles(x):
    # The percentiles of -3, -2, -1, 0, 1, 2 and 3 standard deviations of a normal law.
    return numpy.percentile(x, (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87))


class ParameterStatistics(extension.Extension):
    """Trainer extension that reports statistics of parameters and their gradients.

    At each iteration it computes, for every parameter of the given links and each
    registered statistic, the statistic of the flattened parameter values and/or
    gradients, and adds them to a summary; when ``trigger`` fires it reports the
    means of the summary and starts a new one (Chainer v1.24).

    The report keys are ``[prefix/]<link name><parameter path>/<data|grad>/<name>``,
    e.g. ``predictor/l1/W/grad/mean`` (the link name is ``None`` for a link outside a
    chain); a statistic that returns several values gets one key per value, suffixed
    ``/0``, ``/1``, ...

    Args:
        links (~chainer.Link or iterable of ~chainer.Link): Links whose parameters
            (those of their child links included) are observed.
        statistics (dict): Names and functions of the statistics; a function takes a
            1-d array and returns a number or a sequence of numbers. The default
            (also ``'default'``, v7), :attr:`default_statistics`, has the mean,
            standard deviation, minimum, maximum, number of zeros and seven
            percentiles; None: none until :meth:`register_statistics`.
        report_params (bool): Report statistics of the parameter values.
        report_grads (bool): Report statistics of the gradients.
        prefix (str or None): Prefix of the report keys.
        trigger: When to report the means and start over: a trigger or a
            ``(period, unit)`` tuple.
        skip_nan_params (bool): Report NaN for every statistic of an array that
            holds a NaN instead of computing it (v7).
    """

    default_name = 'parameter_statistics'
    priority = extension.PRIORITY_WRITER

    #: Format of the report keys (the parameter path starts with ``/``).
    report_key_template = '{prefix}{link_name}{param_name}/{attr_name}/{function_name}'

    #: The statistics reported when none are given.
    default_statistics = {
        'mean': numpy.mean,
        'std': numpy.std,
        'min': numpy.min,
        'max': numpy.max,
        'zeros': _count_zeros,
        'percentile': _percentiles,
    }

    def __init__(self, links, statistics='default', report_params=True,
                 report_grads=True, prefix=None, trigger=(1, 'epoch'),
                 skip_nan_params=False):
        self._links = (links,) if isinstance(links, link_module.Link) else tuple(links)
        if statistics is None:
            statistics = {}
        elif isinstance(statistics, str) and statistics == 'default':
            statistics = self.default_statistics
        self._skip_nan_params = bool(skip_nan_params)
        # A copy: registering a statistic must not change the class default.
        self._statistics = dict(statistics)
        self._attrs = [name for name, wanted in (('data', report_params),
                                                 ('grad', report_grads)) if wanted]
        self._prefix = prefix + '/' if prefix else ''
        self._trigger = util.get_trigger(trigger)
        self._summary = reporter.DictSummary()

    def __call__(self, trainer):
        """Adds the statistics of the current parameters to the summary, and reports
        and clears the summary when the trigger fires."""
        self._summary.add(self._compute())
        if self._trigger(trainer):
            reporter.report(self._summary.compute_mean())
            self._summary = reporter.DictSummary()

    def serialize(self, serializer):
        """Saves or loads the statistics accumulated in the current interval, so that a
        resumed run reports the same means (a snapshot without them starts a fresh
        interval)."""
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['trigger'])
        self._summary = _interval_summary.serialize_summary(serializer['_summary'],
                                                            self._summary)

    def _compute(self):
        statistics = {}
        for link in self._links:
            link_name = getattr(link, 'name', None)
            for param_name, param in link.namedparams():
                for attr_name in self._attrs:
                    array = getattr(param, attr_name)
                    if array is None:  # not initialized yet, or no gradient yet
                        continue
                    values = array.ravel()
                    skip = self._skip_nan_params and bool(
                        cuda.get_array_module(values).isnan(values).any())
                    for function_name, function in self._statistics.items():
                        key = self.report_key_template.format(
                            prefix=self._prefix, link_name=link_name,
                            param_name=param_name, attr_name=attr_name,
                            function_name=function_name)
                        _store(statistics, key,
                               numpy.nan if skip else function(values))
        return statistics

    def register_statistics(self, name, function):
        """Adds a statistic to compute from now on.

        Args:
            name (str): Name of the statistic (the last part of its report keys).
            function: Takes a 1-d array of values and returns a number or a sequence
                of numbers.
        """
        self._statistics[name] = function


def _store(statistics, key, value):
    """Stores a statistic; one that has several values gets one key per value."""
    if numpy.ndim(value) == 0:
        statistics[key] = value
        return
    for i, v in enumerate(value):
        statistics['{}/{}'.format(key, i)] = v
