"""What :class:`~chainer.testing.FunctionTestCase` and the link test cases share: their
error classes, :class:`InitializerArgument`, the checks of what the test-writer's
methods return, and the retry of a check on a non-differentiable point."""
import contextlib
import numbers

import numpy

import chainer
from chainer.testing import array as array_module


class _TestError(AssertionError):
    """Base of the errors that say the code under test is wrong (not the test)."""

    @classmethod
    def check(cls, condition, message):
        """Raises ``cls(message)`` unless ``condition``."""
        if not condition:
            raise cls(message)

    @classmethod
    def fail(cls, message, cause=None):
        """Raises ``cls(message)``, chained to ``cause`` (whose text is appended)."""
        if cause is not None:
            raise cls('{}\n\n({}) {}'.format(message, type(cause).__name__, cause)) \
                from cause
        raise cls(message)

    @classmethod
    @contextlib.contextmanager
    def raise_if_fail(cls, message, error_types=AssertionError):
        """Context manager turning ``error_types`` raised in its block into ``cls``."""
        try:
            yield
        except error_types as e:
            cls.fail(message, e)


class FunctionTestError(_TestError):
    """Raised by :class:`~chainer.testing.FunctionTestCase` when the function under
    test is wrong (forward values, modified inputs, gradients)."""


class LinkTestError(_TestError):
    """Raised by :class:`~chainer.testing.LinkTestCase` and
    :class:`~chainer.testing.LinkInitializersTestCase` when the link under test is
    wrong."""


def _is_initializer_like(value):
    return (isinstance(value, (chainer.Initializer, numbers.Number, numpy.generic,
                               numpy.ndarray)) or callable(value))


class InitializerArgument(object):
    """An initializer argument of a link together with the initializer the link is
    expected to use for it, for arguments that are not initializers themselves
    (``None`` meaning "the default" is the usual case).

    Args:
        argument_value: what is passed to the link's constructor.
        expected_initializer: the initializer, scalar or array the parameter must be
            filled as.

    Raises:
        ValueError: ``expected_initializer`` is None.
        TypeError: ``expected_initializer`` is not initializer-like.
    """

    def __init__(self, argument_value, expected_initializer):
        if expected_initializer is None:
            raise ValueError('the expected initializer cannot be None')
        if not _is_initializer_like(expected_initializer):
            raise TypeError('expected an initializer, a scalar or an array, got '
                            '{!r}'.format(expected_initializer))
        self.argument_value = argument_value
        self.expected_initializer = expected_initializer


def check_initializer(init):
    """Checks one entry of ``generate_params``/``get_initializers``."""
    if isinstance(init, InitializerArgument):
        init = init.expected_initializer
    elif init is None:
        raise ValueError('a None initializer must be given as InitializerArgument('
                         'None, <the initializer used instead>)')
    if not _is_initializer_like(init):
        raise TypeError('expected an initializer, a scalar or an array, got '
                        '{!r}'.format(init))


def argument_value(init):
    """What is passed to ``create_link`` for an entry of ``generate_params``."""
    return init.argument_value if isinstance(init, InitializerArgument) else init


def check_array_tuple(arrays, device, method_name):
    """Checks that the test-writer's ``method_name`` returned a tuple of arrays of
    ``device`` (or None entries)."""
    if not isinstance(arrays, tuple):
        raise TypeError('{}() must return a tuple, not {}'.format(
            method_name, type(arrays).__name__))
    bad = [type(a).__name__ for a in arrays
           if a is not None and not isinstance(a, device.supported_array_types)]
    if bad:
        raise TypeError('{}() must return a tuple of arrays of {} (or None), got '
                        '{}'.format(method_name, device, ', '.join(bad)))


def check_variable_tuple(outputs, device, method_name, error_class):
    """Checks that ``forward`` returned a tuple of Variables holding arrays of
    ``device``; raises ``error_class`` otherwise."""
    if not isinstance(outputs, tuple):
        error_class.fail('{}() must return a tuple, not {}'.format(
            method_name, type(outputs).__name__))
    if not all(isinstance(v, chainer.Variable) for v in outputs):
        error_class.fail('{}() must return a tuple of Variables, got {}'.format(
            method_name, ', '.join(type(v).__name__ for v in outputs)))
    if not all(isinstance(v.array, device.supported_array_types) for v in outputs):
        error_class.fail('{}() must return Variables of arrays of {}, got {}'.format(
            method_name, device, ', '.join(type(v.array).__name__ for v in outputs)))


def _props(arrays):
    return ', '.join('{}:{}'.format(a.shape, a.dtype) if a is not None else 'None'
                     for a in arrays)


def check_arrays_equal(actual, expected, error_class, **tolerances):
    """Compares output arrays with the expected ones (count, shapes, dtypes, values
    within ``tolerances`` of :func:`~chainer.testing.assert_allclose`); raises
    ``error_class`` with a report of every mismatch."""
    if len(actual) != len(expected):
        problem = 'number of outputs differs: {} vs {} expected'.format(
            len(actual), len(expected))
    elif any(a.shape != e.shape or a.dtype != e.dtype for a, e in zip(actual, expected)):
        problem = 'shapes and/or dtypes differ'
    else:
        failures = []
        for i, (a, e) in enumerate(zip(actual, expected)):
            try:
                array_module.assert_allclose(a, e, **tolerances)
            except AssertionError as err:
                failures.append('output [{}]:\n{}'.format(i, err))
        if not failures:
            return
        problem = 'outputs differ from the expected values (indices: {})\n\n{}'.format(
            ', '.join(f.split(']')[0][len('output ['):] for f in failures),
            '\n'.join(failures))
    error_class.fail('{}\nexpected shapes and dtypes: {}\nactual shapes and dtypes: '
                     '{}'.format(problem, _props(expected), _props(actual)))


def random_like(templates):
    """Uniform(-1, 1) arrays of the shapes and dtypes of ``templates`` (None stays
    None): the default output gradients and second-order input gradients."""
    return tuple(None if t is None else
                 numpy.random.uniform(-1, 1, t.shape).astype(t.dtype)
                 for t in templates)


def maybe_noncontiguous(case, arrays):
    """``arrays`` as the case's ``contiguous`` attribute asks: None makes them
    non-contiguous, ``'C'`` leaves them C-contiguous."""
    if case.contiguous is None:
        return array_module._as_noncontiguous_array(arrays)
    if case.contiguous == 'C':
        return arrays
    raise ValueError("contiguous must be None or 'C', got {!r}".format(case.contiguous))


def retry_nondifferentiable(case, check):
    """Runs ``check``; with ``dodge_nondifferentiable``, again on fresh inputs for as
    long as the inputs land on a non-differentiable point."""
    from chainer import gradient_check
    if not case.dodge_nondifferentiable:
        return check()
    while True:
        try:
            return check()
        except gradient_check.NondifferentiableError:
            continue
