"""Error types that keep the exception classes Chainer v1 raised where it used ``assert``.

v1 checked some arguments with ``assert`` (an AssertionError); this project raises the
conventional ValueError. Code written for v1 (its tests included) catches the
AssertionError, so these errors are both.
"""


class ArgumentAssertionError(ValueError, AssertionError):
    """An invalid argument that v1 refused with an ``assert``."""


class ArgumentTypeAssertionError(TypeError, AssertionError):
    """An argument of a wrong type that v1 refused with an ``assert``."""
