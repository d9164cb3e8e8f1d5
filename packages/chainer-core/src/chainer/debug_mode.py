"""Debug mode: NaN checks after every forward and backward, and where each function
was applied in the message of a bad gradient.

Debug mode is the configuration key ``chainer.config.debug``; these functions are its
v1 spelling. :func:`set_debug` sets it for the whole process (as v1 did) and for the
calling thread; ``chainer.using_config('debug', True)`` sets it in one thread only.
"""
from chainer.configuration import config, global_config


def is_debug():
    """Returns True if Chainer is in debug mode in the current thread."""
    return bool(config.debug)


def set_debug(debug):
    """Sets the debug mode of the process (and of the calling thread, where a
    :func:`chainer.using_config` had set it).

    Args:
        debug (bool): New debug mode.
    """
    debug = bool(debug)
    global_config.debug = debug
    if 'debug' in config.__dict__:
        config.debug = debug


class DebugMode(object):
    """Context manager that sets the debug mode of the current thread and restores the
    previous one on exit.

    Args:
        debug (bool): Debug mode used in the context.
    """

    def __init__(self, debug):
        self._debug = bool(debug)

    def __enter__(self):
        self._had = config.__dict__.get('debug', self)
        config.debug = self._debug
        return self

    def __exit__(self, *args):
        if self._had is self:
            if 'debug' in config.__dict__:
                delattr(config, 'debug')
        else:
            config.debug = self._had
