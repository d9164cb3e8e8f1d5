"""Chainer: a define-by-run deep-learning framework.

This is the ``chainer-core`` distribution. ``chainer.functions`` and ``chainer.links``
(chainer-links), ``chainer.training`` and friends (chainer-training) and the Caffe
importer (chainer-caffe) are portions of this namespace shipped by sibling
distributions; ``__path__`` is extended so that all installed portions are found.
As in v1, a bare ``import chainer`` gives every subpackage as an attribute: the module
``__getattr__`` below imports each on first access, so importing chainer stays fast and
imports no sibling.
"""
import pkgutil

__path__ = pkgutil.extend_path(__path__, __name__)

from chainer._api_version import __version__  # noqa: E402,F401 (the API level, 8.x)
from chainer import flag  # noqa: E402
from chainer.flag import AUTO, Flag, OFF, ON  # noqa: E402,F401
from chainer import configuration  # noqa: E402,F401
from chainer.configuration import config, global_config, using_config  # noqa: E402,F401,E501
from chainer._config_defaults import mixed16  # noqa: E402,F401
from chainer.debug_mode import DebugMode, is_debug, set_debug  # noqa: E402,F401
from chainer.function import Function, FunctionHook, thread_local  # noqa: E402,F401
from chainer.function import get_function_hooks  # noqa: E402,F401
from chainer.function import force_backprop_mode, no_backprop_mode  # noqa: E402,F401
from chainer.function_node import FunctionNode, grad  # noqa: E402,F401
from chainer._backward_outputs import backward_outputs as backward  # noqa: E402,F401
from chainer.function_adapter import FunctionAdapter  # noqa: E402,F401
from chainer.variable import Variable, as_array, as_variable  # noqa: E402,F401
from chainer.variable_node import VariableNode  # noqa: E402,F401
from chainer.parameter import Parameter  # noqa: E402,F401
from chainer.link import Chain, ChainList, Link  # noqa: E402,F401
from chainer.link_hook import LinkHook  # noqa: E402,F401
from chainer.link_hook import _global_hooks as _get_link_hooks  # noqa: E402,F401 (v4+)
from chainer.distribution import Distribution, cross_entropy  # noqa: E402,F401
from chainer.distribution import kl_divergence, register_kl  # noqa: E402,F401
from chainer.sequential import Sequential  # noqa: E402,F401
from chainer.graph_optimizations import static_code, static_graph  # noqa: E402,F401,E501
from chainer import link_hooks  # noqa: E402,F401
from chainer.initializer import Initializer  # noqa: E402,F401
from chainer.initializers import init_weight  # noqa: E402,F401
from chainer.serializer import AbstractSerializer, Deserializer, Serializer  # noqa: E402,F401,E501
from chainer.function_set import FunctionSet  # noqa: E402,F401
from chainer.optimizer import GradientMethod, Optimizer  # noqa: E402,F401
from chainer.update_rule import Hyperparameter, UpdateRule  # noqa: E402,F401
from chainer import optimizer_hooks  # noqa: E402,F401
from chainer.reporter import DictSummary, Reporter, Summary  # noqa: E402,F401
from chainer.reporter import get_current_reporter, report, report_scope  # noqa: E402,F401
from chainer._runtime import check_compatibility, print_runtime_info  # noqa: E402,F401
from chainer.thread_policy import get_blas_threads, set_blas_threads  # noqa: E402,F401
from chainer import heap_policy  # noqa: E402
from chainer._cudnn_policy import should_use_cudnn  # noqa: E402,F401
from chainer._cudnn_policy import should_use_cudnn_tensor_core  # noqa: E402,F401
from chainer import _missing, _namespace, _runtime  # noqa: E402

heap_policy.apply_at_import()

#: Set to True to silence the warnings of :func:`chainer.utils.experimental` (v1.24).
disable_experimental_feature_warning = False


def get_dtype(dtype=None, map_mixed16=None):
    """Resolves a dtype: ``dtype`` itself (as a numpy dtype) when given, else
    ``chainer.config.dtype``; with the mixed16 setting, ``map_mixed16`` (default
    float16).

    Args:
        dtype: a dtype specifier, or None for the configured default.
        map_mixed16: the dtype that stands for :data:`chainer.mixed16`.

    Returns:
        numpy.dtype: the resolved dtype.
    """
    import numpy
    if dtype is None:
        dtype = config.dtype
    if dtype is mixed16:
        dtype = numpy.float16 if map_mixed16 is None else map_mixed16
    return numpy.dtype(dtype)


def get_compute_mode():
    """Returns ``chainer.config.compute_mode`` (v5+; None by default, or a string
    such as ``'cudnn_fast'`` that links read when they are created)."""
    return config.compute_mode


class _FallbackType(object):
    """The type of :data:`Fallback`."""
    __slots__ = ()

    def __repr__(self):
        return 'Fallback'


#: What a v6+ ``FunctionNode.forward_chainerx`` returns to say it has no ChainerX
#: implementation for its arguments; ChainerX is not part of this project, so the
#: plain forward always runs (the value exists for code that refers to it).
Fallback = _FallbackType()


_missing.install()  # "pip install chainer-links" instead of "No module named ..."
_runtime.install_gate()  # version check at the first import of a sibling portion


def __getattr__(name):
    """Imports a v1 subpackage (``chainer.optimizers``, ``chainer.training``, ...) on
    first access, as v1's eager imports made it available (see :mod:`chainer._namespace`).
    """
    return _namespace.load(globals(), name)


def __dir__():
    return _namespace.names(globals())
