"""Test helpers: skipping tests by installed requirements (``with_requires``,
``without_requires``), asserting warnings (``assert_warns``) and wrapping patches
(``patch``)."""
import contextlib
import importlib
import unittest
import warnings

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


def without_requires(*requirements):
    """Decorator skipping a test (function, method or class) when every requirement
    is installed: the opposite of :func:`with_requires`, for tests of what happens
    without a package.

    Args:
        requirements (str): requirement strings such as ``'numpy>=1.10'``.

    Returns:
        A :func:`unittest.skipIf` decorator, whose skip reason lists the requirements.
    """
    met = all(_is_met(r) for r in requirements)
    return unittest.skipIf(met, 'requires the absence of: {}'.format(
        ','.join(requirements)))


@contextlib.contextmanager
def assert_warns(expected):
    """Context manager asserting that its block emits a warning of class
    ``expected`` (or a subclass); every warning is recorded, even one already
    emitted from the same line before.

    Args:
        expected (type): the warning class.

    Raises:
        AssertionError: when no such warning was emitted.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield
    if not any(isinstance(w.message, expected) for w in caught):
        raise AssertionError('{} not triggered'.format(
            getattr(expected, '__name__', expected)))


def _resolve(dotted):
    """The object named by ``dotted`` (``'package.module.Class.attr'``), importing the
    longest importable module prefix."""
    parts = dotted.split('.')
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module('.'.join(parts[:i]))
        except ImportError:
            continue
        for name in parts[i:]:
            obj = getattr(obj, name)
        return obj
    raise ImportError('cannot import any module of {!r}'.format(dotted))


def _mock_module():
    """The ``mock`` backport where installed (v7 test files use its classes), else
    :mod:`unittest.mock`."""
    try:
        import mock
    except ImportError:
        from unittest import mock
    return mock


def patch(target, *args, **kwargs):
    """:func:`unittest.mock.patch` (``mock.patch`` where the ``mock`` package is
    installed) whose mock wraps the patched object by default,
    so calls are recorded and still reach the real object.

    Args:
        target (str): the dotted name of the object to patch.
        args: passed to :func:`unittest.mock.patch`.
        kwargs: passed to :func:`unittest.mock.patch`; ``wraps`` (default: the object
            ``target`` names) is the object the mock forwards calls to.

    Returns:
        The patcher (a decorator and context manager) of :func:`unittest.mock.patch`.
    """
    mock = _mock_module()
    if 'wraps' not in kwargs:
        kwargs['wraps'] = _resolve(target)
    return mock.patch(target, *args, **kwargs)
