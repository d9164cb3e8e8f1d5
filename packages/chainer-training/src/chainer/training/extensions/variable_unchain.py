"""``unchain_variables``: frees the graphs of the observed variables."""
import chainer
from chainer import variable
from chainer.training import extension


class unchain_variables(extension.Extension):  # noqa: N801 (v7's name)
    """Trainer extension cutting the computational graph behind every Variable of
    the observation, after the other extensions have run (priority 0), to release
    the memory that ``chainer.config.keep_graph_on_report`` kept.

    It fires at the iterations during which that flag was on (as it was at the
    previous call).
    """

    priority = 0

    def __init__(self):
        self._prev_flag = None

    def initialize(self, trainer):
        """Notes the flag before the first iteration."""
        self._prev_flag = chainer.config.keep_graph_on_report

    def trigger(self, trainer):
        """True when the flag was on since the last call."""
        flag = self._prev_flag
        self._prev_flag = chainer.config.keep_graph_on_report
        return bool(flag)

    def __call__(self, trainer):
        for value in trainer.observation.values():
            if isinstance(value, variable.Variable):
                value.unchain_backward()
