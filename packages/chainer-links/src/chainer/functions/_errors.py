"""Errors shared by the function categories."""


class AssertedValueError(ValueError, AssertionError):
    """An invalid value that Chainer v1 reported with an ``assert``.

    It is a ValueError, as the project reports invalid values, and an AssertionError,
    so that v1 code catching the latter still does (v1 asserted, e.g., a non-empty
    clipping interval and a positive deconvolution output size).
    """


class UnsupportedOptionError(ValueError, NotImplementedError):
    """An option value the function does not implement (e.g. a hinge norm other than L1
    and L2): a ValueError, and a NotImplementedError as Chainer v1 raised it."""
