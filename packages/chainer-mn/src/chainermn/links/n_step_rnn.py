"""``create_multi_node_n_step_rnn``: a stacked RNN whose initial states come from one
process and whose final states go to another (model parallelism over time)."""
import chainer
from chainermn.functions.point_to_point_communication import recv, send


def _is_n_step_rnn(link):
    from chainer.links.connection.n_step_rnn import NStepBase
    return isinstance(link, NStepBase)


class _MultiNodeNStepRNN(chainer.Chain):
    """The stacked RNN ``actual_rnn`` between processes ``rank_in`` and ``rank_out``
    (see :func:`create_multi_node_n_step_rnn`)."""

    def __init__(self, link, communicator, rank_in, rank_out):
        if not _is_n_step_rnn(link):
            raise ValueError('link must be a stacked RNN link (NStepLSTM, NStepGRU, '
                             'NStepRNNTanh, ... or their bidirectional versions), got '
                             '{}'.format(type(link).__name__))
        super(_MultiNodeNStepRNN, self).__init__(actual_rnn=link)
        self.communicator = communicator
        self.rank_in = rank_in
        self.rank_out = rank_out
        self.n_cells = link.n_cells

    def __call__(self, *inputs):
        """Runs the RNN on ``inputs`` (its sequences, ``xs``) from the states received
        from ``rank_in`` (or zeros), sends its final states to ``rank_out``.

        Returns:
            tuple: the RNN's outputs (final states, then the output sequences) and a
            delegate variable (None without ``rank_out``) that backward must reach,
            e.g. through :func:`chainermn.functions.pseudo_connect`.
        """
        # All the states move as one message each way (and their gradients back as
        # one), so no order of several messages has to agree between the processes.
        cells = (None,) * self.n_cells
        if self.rank_in is not None:
            cells = recv(self.communicator, rank=self.rank_in, force_tuple=True)
        outputs = self.actual_rnn(*(tuple(cells) + inputs))
        delegate = None
        if self.rank_out is not None:
            delegate = send(tuple(outputs[:-1]), self.communicator, rank=self.rank_out)
        return tuple(outputs) + (delegate,)


def create_multi_node_n_step_rnn(actual_link, communicator, rank_in=None, rank_out=None):
    """A stacked RNN link for model parallelism, as ChainerMN v7's.

    Calling the result receives the initial states (``hx``, and ``cx`` for LSTMs) from
    process ``rank_in`` (None: zeros), runs ``actual_link`` and sends its final states
    to process ``rank_out`` (None: sends nothing). It returns the outputs of
    ``actual_link`` followed by a delegate variable; with ``rank_out``, backward must
    start from (or pass through, with :func:`chainermn.functions.pseudo_connect`) that
    variable, which receives the gradients of the sent states from ``rank_out`` and
    sends those of the received ones back to ``rank_in``.

    Args:
        actual_link: a stacked RNN link (``NStepLSTM``, ``NStepGRU``,
            ``NStepRNNTanh``, ``NStepRNNReLU`` or a bidirectional one).
        communicator: a ChainerMN communicator.
        rank_in (int or None): the process sending the initial states.
        rank_out (int or None): the process receiving the final states.

    Returns:
        ~chainer.Chain: the multi-node RNN (``actual_rnn`` is the wrapped link).

    Raises:
        ValueError: ``actual_link`` is not a stacked RNN link.
    """
    return _MultiNodeNStepRNN(actual_link, communicator, rank_in, rank_out)
