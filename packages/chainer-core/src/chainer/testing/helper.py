"""Skipping tests whose third-party requirements are not installed."""
import unittest

from chainer import _runtime


def _installed_version(name):
    from importlib import metadata
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _is_met(requirement):
    """Whether an installed distribution satisfies ``requirement`` (``'numpy>=1.10'``)."""
    name, specifier, _ = _runtime.parse_requirement(requirement)
    version = _installed_version(name)
    return version is not None and _runtime.satisfies(version, specifier)


def with_requires(*requirements):
    """Decorator skipping a test (function, method or class) unless every requirement
    is installed.

    Args:
        requirements (str): requirement strings such as ``'numpy>=1.10'`` or
            ``'scipy'``.

    Returns:
        A :func:`unittest.skipIf` decorator, whose skip reason lists the requirements.
    """
    unmet = not all(_is_met(r) for r in requirements)
    return unittest.skipIf(unmet, 'requires: {}'.format(','.join(requirements)))
