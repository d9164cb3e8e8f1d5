"""Warning about non-deterministic computations (v7's
``chainer.utils.nondeterministic``)."""
import warnings


def nondeterministic(f_name):
    """Warns that ``f_name`` may give results that differ from run to run (atomic
    additions on the GPU, ...), when ``chainer.config.warn_nondeterministic`` is True.

    Args:
        f_name (str): the name of the code, shown in the warning.
    """
    from chainer.configuration import config
    if config.warn_nondeterministic:
        warnings.warn('Potentially non-deterministic code is being executed while '
                      'config.warn_nondeterministic is set. Source: ' + f_name)
