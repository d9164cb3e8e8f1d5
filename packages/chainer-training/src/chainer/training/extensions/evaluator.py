"""``Evaluator``: evaluates models on a validation set."""
import copy
import sys
import warnings

from chainer import configuration
from chainer import flag
from chainer import function
from chainer import reporter as reporter_module
from chainer.dataset import convert
from chainer.training import _batch_inputs
from chainer.training import extension
from chainer.training.updaters import standard_updater
from chainer.training._named_objects import as_named, main_of
from chainer.training._observers import observe_link


class Evaluator(extension.Extension):
    """Trainer extension to evaluate models on a validation set.

    At each call it runs the evaluation function over one pass of the validation
    iterator in testing mode (``chainer.config.train`` is False around
    :meth:`evaluate`, so dropout and batch normalization called without Chainer v1's
    ``train``/``test`` arguments run as at test time) and without building a graph
    (``chainer.no_backprop_mode``), averages every
    value reported during the pass with a :class:`~chainer.DictSummary`, and reports
    the means to the current reporter, prefixed by the extension's name (``'validation/main/loss'``
    for the default name and a target link named ``'main'``). Called at the end of
    every epoch by default.

    The arrays of each batch reach the evaluation function as they come (Chainer
    v2+), or wrapped in volatile Variables for a v1-style model, as Chainer v1 did: a
    target (or the link of ``eval_func``) with a user class defining ``__call__`` and
    none defining ``forward`` (v1 had no ``forward``). The inputs of v1 code are
    volatile unless a target parameter is flagged OFF (the flags cannot be mixed).

    Args:
        iterator: validation iterator, or a dict of them by name. It must not
            repeat; the default :meth:`evaluate` reads the one named ``'main'`` (a
            lone iterator is named so), reset (or copied) before each evaluation.
        target: link to evaluate, or a dict of links by name; each reports under
            its name. The main one is the default ``eval_func``. As in v1, dicts
            without a ``'main'`` entry are accepted, e.g. for an :meth:`evaluate` of
            one's own.
        converter: converts a batch into input arrays (:func:`concat_examples`).
        device: device to send the arrays to (negative: host).
        eval_hook: called with this extension at the start of each evaluation.
        eval_func: called with the inputs of each batch; the main target when
            None.
        progress_bar (bool): print the progress of the evaluation to stderr
            (keyword only; v7).

    Attributes:
        converter, device, eval_hook, eval_func: as given.
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER

    def __init__(self, iterator, target, converter=convert.concat_examples, device=None,
                 eval_hook=None, eval_func=None, **kwargs):
        progress_bar = kwargs.pop('progress_bar', False)
        if kwargs:
            raise TypeError('Evaluator got unexpected keyword arguments: {}'.format(
                ', '.join(sorted(kwargs))))
        self._progress_bar = bool(progress_bar)
        self._iterators = as_named(iterator, 'iterator', _check_iterator)
        self._targets = as_named(target, 'target')
        for name, func in (('converter', converter), ('eval_hook', eval_hook),
                           ('eval_func', eval_func)):
            if func is not None and not callable(func):
                raise TypeError('{} must be callable, got {!r}'.format(name, func))
        self.converter = converter
        self.device = device
        self.eval_hook = eval_hook
        self.eval_func = eval_func

    def get_iterator(self, name):
        """Returns the iterator of the given name."""
        return self._iterators[name]

    def get_all_iterators(self):
        """Returns a dict of all iterators."""
        return dict(self._iterators)

    def get_target(self, name):
        """Returns the target link of the given name."""
        return self._targets[name]

    def get_all_targets(self):
        """Returns a dict of all target links."""
        return dict(self._targets)

    def __call__(self, trainer=None):
        """Evaluates and reports the means; returns them as a dict.

        It works without a trainer too (then the result is reported to the current
        reporter, if any, without a name prefix).
        """
        reporter = reporter_module.Reporter()
        prefix = self.name + '/' if self.name else ''
        for name, target in self._targets.items():
            observe_link(reporter, prefix + name, target)
        with reporter, configuration.using_config('train', False):
            result = self.evaluate()
        reporter_module.report(result)
        return result

    def finalize(self):
        """Finalizes every iterator (e.g. stops the workers of a
        ``MultiprocessIterator``); the trainer calls it at the end of training."""
        for iterator in self._iterators.values():
            if hasattr(iterator, 'finalize'):
                iterator.finalize()

    def _fresh_iterator(self):
        iterator = main_of(self._iterators, 'iterator')
        if getattr(iterator, 'repeat', False):
            raise ValueError('validation iterator repeats forever: create it with '
                             'repeat=False')
        if hasattr(iterator, 'reset'):
            iterator.reset()
            return iterator
        return copy.copy(iterator)

    def evaluate(self):
        """Runs one pass over the validation set and returns the mean of every
        reported value (must be called with a current reporter). The evaluation
        function runs in ``chainer.no_backprop_mode``; :meth:`__call__` sets
        ``chainer.config.train`` to False around this method."""
        if self.eval_hook:
            self.eval_hook(self)
        eval_func = self.eval_func
        if eval_func is None:
            eval_func = main_of(self._targets, 'target')
        targets = list(self._targets.values())
        as_variables = _batch_inputs.wants_variables(False, eval_func, *targets)
        volatile = _input_volatility(targets) if as_variables else flag.ON
        summary = reporter_module.DictSummary()
        device = standard_updater._device_object(self.device)
        for count, batch in enumerate(self._fresh_iterator(), 1):
            observation = {}
            with reporter_module.report_scope(observation):
                in_arrays = standard_updater.call_converter(self.converter, batch,
                                                            device)
                with function.no_backprop_mode():
                    standard_updater.call_with_batch(eval_func, in_arrays,
                                                     volatile=volatile,
                                                     as_variables=as_variables)
            summary.add(observation)
            if self._progress_bar:
                sys.stderr.write('\rvalidation: {} iterations'.format(count))
                sys.stderr.flush()
        if self._progress_bar:
            sys.stderr.write('\n')
        return summary.compute_mean()


def _check_iterator(name, iterator):
    # v7 warns when the evaluator is built; the evaluation itself refuses to start
    # (see _fresh_iterator) instead of looping for ever
    if getattr(iterator, 'repeat', False):
        warnings.warn('validation iterator {!r} repeats forever (repeat=True): the '
                      'evaluation would never end; create it with repeat=False'
                      .format(name), stacklevel=4)


def _input_volatility(targets):
    """ON (no graph kept) unless a target parameter is flagged OFF: ON and OFF
    variables cannot meet in one function, and parameters must be AUTO for volatile
    inputs (Chainer v1 creates them AUTO; a core whose Link.add_param creates OFF
    parameters would otherwise fail every evaluation)."""
    for target in targets:
        for param in target.params():
            if param.volatile is flag.OFF:
                return flag.OFF
    return flag.ON
