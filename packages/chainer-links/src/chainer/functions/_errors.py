"""Errors shared by the function categories."""


class AssertedValueError(ValueError, AssertionError):
    """An invalid value that Chainer v1 reported with an ``assert``.

    It is a ValueError, as the project reports invalid values, and an AssertionError,
    so that v1 code catching the latter still does (v1 asserted, e.g., a non-empty
    clipping interval and a positive deconvolution output size).
    """
