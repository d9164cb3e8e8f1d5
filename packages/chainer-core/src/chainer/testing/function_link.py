"""Test cases built from a description of a function or a link (Chainer v7):
:class:`FunctionTestCase`, :class:`LinkTestCase`, :class:`LinkInitializersTestCase`,
their errors :class:`FunctionTestError` and :class:`LinkTestError`, and
:class:`InitializerArgument`."""
from chainer.testing._case_checks import FunctionTestError  # noqa: F401
from chainer.testing._case_checks import InitializerArgument  # noqa: F401
from chainer.testing._case_checks import LinkTestError  # noqa: F401
from chainer.testing._function_test_case import FunctionTestCase  # noqa: F401
from chainer.testing._link_test_case import LinkInitializersTestCase  # noqa: F401
from chainer.testing._link_test_case import LinkTestCase  # noqa: F401

__all__ = ['FunctionTestCase', 'FunctionTestError', 'InitializerArgument',
           'LinkInitializersTestCase', 'LinkTestCase', 'LinkTestError']
