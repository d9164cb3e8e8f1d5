"""``ObservationAggregator``: one value of an observation for all processes."""
from chainer import cuda
from chainer import variable
from chainer.training import extension, util


def _mean_of_all(histories):
    """The mean of every value in the per-process lists of values."""
    values = [v for history in histories for v in history]
    return sum(values) / len(values)


class ObservationAggregator(extension.Extension):
    """Trainer extension that summarizes an observation over all processes, as ChainerMN
    v7's.

    Every iteration it keeps this process's value of ``trainer.observation[
    original_key]`` (an array or a Variable's array is copied to the host; a Variable
    stays a Variable, so the default summary of Variables is one); when ``comm_trigger`` fires,
    rank 0 gathers every process's values since the last time, applies ``aggregator``
    and broadcasts the result, which every process writes to
    ``trainer.observation[aggregated_key]``.

    Args:
        comm: a ChainerMN communicator.
        original_key (str): the observation to summarize.
        aggregated_key (str): where the summary goes; None: ``original_key``.
        comm_trigger: when to communicate (a trigger or ``(period, unit)``).
        aggregator (callable): takes the list (rank order) of each process's list of
            values and returns the summary; by default the mean of all the values.
    """

    trigger = 1, 'iteration'
    priority = extension.PRIORITY_EDITOR
    name = None

    def __init__(self, comm, original_key, aggregated_key=None, *,
                 comm_trigger=(1, 'iteration'), aggregator=None):
        self.comm = comm
        self.original_key = original_key
        self.aggregated_key = original_key if aggregated_key is None else aggregated_key
        self.comm_trigger = util.get_trigger(comm_trigger)
        self.observation_history = []
        self.aggregator = aggregator or _mean_of_all

    def compute_summary(self, trainer):
        """Records this iteration's value; returns the summary when ``comm_trigger``
        fires (a collective call then), else None."""
        if self.original_key in trainer.observation:
            value = trainer.observation[self.original_key]
            if isinstance(value, variable.Variable):  # stays one, on the host
                value = variable.Variable(cuda.to_cpu(value.data))
            elif hasattr(value, 'shape'):  # an array (a CuPy one comes to the host)
                value = cuda.to_cpu(value)
            self.observation_history.append(value)
        if not self.comm_trigger(trainer):
            return None
        gathered = self.comm.gather_obj(self.observation_history)
        self.observation_history = []
        summary = self.aggregator(gathered) if self.comm.rank == 0 else None
        return self.comm.bcast_obj(summary)

    def __call__(self, trainer):
        """Writes the summary into the observation when one was computed."""
        summary = self.compute_summary(trainer)
        if summary is not None:
            trainer.observation[self.aggregated_key] = summary
