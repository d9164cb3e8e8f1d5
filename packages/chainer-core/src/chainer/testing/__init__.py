"""Test helpers shared by every Chainer distribution's test-suite.

``product``/``product_dict``/``parameterize`` generate parameterized test classes,
``run_module`` runs a test file's tests when it is executed as a script (v1 test files
end with it), ``unary_math_function_unittest`` generates the tests of a unary
elementwise function, ``with_requires`` skips tests whose requirements are missing,
``condition`` repeats flaky (stochastic) tests, ``attr`` holds the pytest marks for
tests that need a GPU, cuDNN, several GPUs or a lot of time, ``assert_allclose``
compares host and device arrays, and ``check_signature`` compares an implementation's
signature with a documented parameter list.
"""
from chainer.testing import array  # noqa: F401
from chainer.testing import attr  # noqa: F401
from chainer.testing import condition  # noqa: F401
from chainer.testing import helper  # noqa: F401
from chainer.testing import parameterized  # noqa: F401
from chainer.testing import unary_math_function_test  # noqa: F401
from chainer.testing._runner import run_module  # noqa: F401
from chainer.testing.array import assert_allclose  # noqa: F401
from chainer.testing.helper import with_requires  # noqa: F401
from chainer.testing.parameterized import parameterize  # noqa: F401
from chainer.testing.parameterized import product  # noqa: F401
from chainer.testing.parameterized import product_dict  # noqa: F401
from chainer.testing.signature import check_signature  # noqa: F401
from chainer.testing.unary_math_function_test import unary_math_function_unittest  # noqa: F401,E501

__all__ = ['assert_allclose', 'attr', 'check_signature', 'condition', 'parameterize',
           'product', 'product_dict', 'run_module', 'unary_math_function_unittest',
           'with_requires']
