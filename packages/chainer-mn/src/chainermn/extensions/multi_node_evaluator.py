"""An evaluator whose results are the mean over all processes."""
import types

import numpy

import chainer
from chainer import cuda


def _array(value):
    return value.data if isinstance(value, chainer.Variable) else value


def _mean_over_ranks(comm, local):
    """``{key: mean of local[key] over ranks}`` with one all-reduce for every value."""
    keys = sorted(local)
    every = comm.mpi_comm.allgather(keys)
    if any(k != keys for k in every):
        raise RuntimeError('the evaluators of the ranks reported different values: {}'
                           .format(dict(enumerate(every))))
    values = [cuda.to_cpu(_array(local[k])) for k in keys]
    packed = numpy.array([numpy.asarray(v, dtype=numpy.float64) for v in values],
                         dtype=numpy.float64).reshape(len(keys))
    mean = comm.allreduce(packed) / comm.size
    return {k: numpy.asarray(m, dtype=numpy.asarray(v).dtype)
            for k, m, v in zip(keys, mean, values)}


def create_multi_node_evaluator(actual_evaluator, communicator):
    """Makes ``actual_evaluator`` report the mean of its results over all processes.

    Each process evaluates its own share of the validation set (e.g. from
    :func:`chainermn.scatter_dataset`); every process then reports the mean of the
    per-process means. The evaluator is patched in place and returned.

    Args:
        actual_evaluator: a ``chainer.training.extensions.Evaluator`` (or any object
            whose ``evaluate()`` returns a dict of scalars).
        communicator: a ChainerMN communicator.
    """
    if not callable(getattr(actual_evaluator, 'evaluate', None)):
        raise TypeError('actual_evaluator must have an evaluate() method (an '
                        'extensions.Evaluator), got {}'.format(
                            type(actual_evaluator).__name__))
    local_evaluate = actual_evaluator.evaluate

    def evaluate(self):
        return _mean_over_ranks(communicator, local_evaluate())

    actual_evaluator.evaluate = types.MethodType(evaluate, actual_evaluator)
    return actual_evaluator
