"""Test helpers shared by every Chainer distribution's test-suite (v1 and v7 names).

``product``/``product_dict``/``parameterize``/``parameterize_pytest`` generate
parameterized test classes; ``inject_backend_tests`` and ``BackendConfig`` run tests
per backend; ``FunctionTestCase``, ``LinkTestCase`` and ``LinkInitializersTestCase``
test a function or link from a description of it; ``fix_random`` makes random numbers
reproducible; ``run_module`` runs a test file's tests when it is executed as a script
(v1 test files end with it); ``unary_math_function_unittest`` generates the tests of a
unary elementwise function; ``distribution_unittest`` checks a probability
distribution against SciPy; ``with_requires``/``without_requires`` skip tests by
installed requirements; ``condition`` repeats flaky (stochastic) tests; ``attr`` holds
the pytest marks for tests that need a GPU, cuDNN, several GPUs or a lot of time;
``assert_allclose`` compares host and device arrays; ``assert_warns``, ``patch``,
``save_and_load*``, ``generate_matrix`` and ``get_trainer_with_mock_updater`` help
particular tests; ``check_signature`` compares an implementation's signature with a
documented parameter list.
"""
from chainer.testing import array  # noqa: F401
from chainer.testing import attr  # noqa: F401
from chainer.testing import condition  # noqa: F401
from chainer.testing import helper  # noqa: F401
from chainer.testing import parameterized  # noqa: F401
from chainer.testing import unary_math_function_test  # noqa: F401
from chainer.testing import backend  # noqa: F401
from chainer.testing import function_link  # noqa: F401
from chainer.testing import matrix  # noqa: F401
from chainer.testing import random  # noqa: F401
from chainer.testing import serializer  # noqa: F401
from chainer.testing import training  # noqa: F401
from chainer.testing._runner import run_module  # noqa: F401
from chainer.testing.array import assert_allclose  # noqa: F401
from chainer.testing.backend import BackendConfig  # noqa: F401
from chainer.testing.backend import inject_backend_tests  # noqa: F401
from chainer.testing.distribution_test import distribution_unittest  # noqa: F401
from chainer.testing.function_link import FunctionTestCase  # noqa: F401
from chainer.testing.function_link import FunctionTestError  # noqa: F401
from chainer.testing.function_link import InitializerArgument  # noqa: F401
from chainer.testing.function_link import LinkInitializersTestCase  # noqa: F401
from chainer.testing.function_link import LinkTestCase  # noqa: F401
from chainer.testing.function_link import LinkTestError  # noqa: F401
from chainer.testing.helper import assert_warns  # noqa: F401
from chainer.testing.helper import patch  # noqa: F401
from chainer.testing.helper import with_requires  # noqa: F401
from chainer.testing.helper import without_requires  # noqa: F401
from chainer.testing.matrix import generate_matrix  # noqa: F401
from chainer.testing.parameterized import from_pytest_parameterize  # noqa: F401
from chainer.testing.parameterized import parameterize  # noqa: F401
from chainer.testing.parameterized import parameterize_pytest  # noqa: F401
from chainer.testing.parameterized import product  # noqa: F401
from chainer.testing.parameterized import product_dict  # noqa: F401
from chainer.testing.random import fix_random  # noqa: F401
from chainer.testing.random import generate_seed  # noqa: F401
from chainer.testing.serializer import save_and_load  # noqa: F401
from chainer.testing.serializer import save_and_load_hdf5  # noqa: F401
from chainer.testing.serializer import save_and_load_npz  # noqa: F401
from chainer.testing.signature import check_signature  # noqa: F401
from chainer.testing.training import get_trainer_with_mock_updater  # noqa: F401
from chainer.testing.unary_math_function_test import unary_math_function_unittest  # noqa: F401,E501

__all__ = ['BackendConfig', 'FunctionTestCase', 'FunctionTestError',
           'InitializerArgument', 'LinkInitializersTestCase', 'LinkTestCase',
           'LinkTestError', 'assert_allclose', 'assert_warns', 'attr',
           'check_signature', 'condition', 'fix_random', 'from_pytest_parameterize',
           'generate_matrix', 'generate_seed', 'get_trainer_with_mock_updater',
           'inject_backend_tests', 'parameterize', 'parameterize_pytest', 'patch',
           'product', 'product_dict', 'run_module', 'save_and_load',
           'save_and_load_hdf5', 'save_and_load_npz', 'unary_math_function_unittest',
           'with_requires', 'without_requires']
