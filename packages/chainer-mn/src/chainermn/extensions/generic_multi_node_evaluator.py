"""``GenericMultiNodeEvaluator``: an evaluation whose per-batch results are gathered on
one process and combined there by user code (for metrics that are no mean)."""
import copy

import chainer
from chainer.dataset import convert
from chainer.training import extension


class GenericMultiNodeEvaluator(extension.Extension):
    """Trainer extension evaluating ``target`` on each process's share of a dataset and
    combining every result on rank ``root``, as ChainerMN v7's.

    Every process runs :meth:`calc_local` on each batch of its (non-repeating)
    ``iterator``; rank ``root`` receives all the results, ordered batch by batch (the
    first batch of every rank in rank order, then the second, ...; a rank that has run
    out is skipped), and :meth:`aggregate` combines them. Calling the extension returns
    that on ``root`` and None on the other ranks; reporting, if any, is for
    :meth:`aggregate` to do. Override :meth:`calc_local` and :meth:`aggregate`. The
    shares may have different lengths.

    Args:
        comm: a ChainerMN communicator (None: a single process; every result is this
            process's).
        iterator: the iterator over this process's share; must not repeat. It is reset
            (or copied) before each evaluation.
        target (callable): the model that :meth:`calc_local` calls by default.
        device: passed to ``converter`` with each batch (None: the converter's
            default).
        converter (callable): turns a batch into the arguments of :meth:`calc_local`
            (a tuple: positional; a dict: keywords; else one argument).
        root (int): the rank that aggregates.
        progress_hook (callable): called on ``root`` with each of its batches.
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name = None

    def __init__(self, comm, iterator, target, device=None,
                 converter=convert.concat_examples, root=0, *, progress_hook=None):
        if comm is not None and not 0 <= root < comm.size:
            raise ValueError('root must be a rank of the communicator (0 .. {}), got '
                             '{}'.format(comm.size - 1, root))
        self.comm = comm
        self.iterator = iterator
        self._targets = {'main': target}
        self.converter = converter
        self.device = device
        self.root = root
        self._progress_hook = progress_hook

    def __call__(self, trainer=None):
        """Evaluates; returns the aggregate on ``root`` and None elsewhere."""
        if hasattr(self.iterator, 'reset'):
            self.iterator.reset()
            iterator = self.iterator
        else:
            iterator = copy.copy(self.iterator)
        is_root = self.comm is None or self.comm.rank == self.root
        local = [self._calc_batch(batch, is_root) for batch in iterator]
        if self.comm is None:
            return self.aggregate(local)
        every = self.comm.gather_obj(local, root=self.root)
        if not is_root:
            return None
        ordered = [results[i] for i in range(max(len(r) for r in every))
                   for results in every if i < len(results)]
        return self.aggregate(ordered)

    def _calc_batch(self, batch, is_root):
        args = self.converter(batch) if self.device is None \
            else self.converter(batch, self.device)
        with chainer.no_backprop_mode():
            if isinstance(args, tuple):
                result = self.calc_local(*args)
            elif isinstance(args, dict):
                result = self.calc_local(**args)
            else:
                result = self.calc_local(args)
        if is_root and self._progress_hook is not None:
            self._progress_hook(batch)
        return result

    def calc_local(self, *args, **kwargs):
        """The result of one batch on this process (override it): by default
        ``target(*args, **kwargs)``. It must not return None."""
        return self._targets['main'](*args, **kwargs)

    def aggregate(self, results):
        """Combines the list of every process's batch results, on ``root`` only
        (override it); by default returns the list."""
        return results
