"""Debug mode (spec 001 §3.1.9): NaN checks after every forward and backward."""

_debug = False


def is_debug():
    """Returns True if Chainer is in debug mode."""
    return _debug


def set_debug(debug):
    """Sets the debug mode (a global setting, shared by all threads).

    Args:
        debug (bool): New debug mode.
    """
    global _debug
    _debug = bool(debug)


class DebugMode(object):
    """Context manager that sets the debug mode and restores the previous one on exit.

    Args:
        debug (bool): Debug mode used in the context.
    """

    def __init__(self, debug):
        self._debug = debug

    def __enter__(self):
        self._old = is_debug()
        set_debug(self._debug)
        return self

    def __exit__(self, *args):
        set_debug(self._old)
