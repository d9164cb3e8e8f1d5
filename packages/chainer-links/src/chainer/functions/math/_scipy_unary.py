"""Shared shape of the elementwise functions computed by ``scipy.special`` (erf,
erfc, erfinv, ndtr, log_ndtr, lgamma, ...): a node class that names its SciPy
function, and a factory for the public function that applies it."""
from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function

_DOC_TEMPLATE = """{summary}

    .. math:: {formula}

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """


class ScipyUnary(UnaryElementwise):
    """``y = scipy.special.<scipy_name>(x)`` elementwise (``cupyx.scipy.special`` on
    the GPU).

    Subclasses set :attr:`scipy_name` and ``label`` and define
    :meth:`~chainer.functions._unary_elementwise.UnaryElementwise.derivative`.
    """

    scipy_name = None

    def compute(self, xp, x):
        """The SciPy function applied to ``x``; ImportError without SciPy."""
        return special_function(xp, self.scipy_name)(x)


def scipy_unary_function(node_class, summary, formula):
    """The public function ``f(x)`` that applies a fresh ``node_class()`` to ``x``.

    Args:
        node_class (type): a :class:`ScipyUnary` subclass; its ``label`` is the
            function's name and its module the function's module.
        summary (str): the first line(s) of the docstring.
        formula (str): the reST math of the docstring (``y = ...``).

    Returns:
        function: ``f(x) -> ~chainer.Variable`` with its name, module and docstring
        set.
    """
    def apply(x):
        return node_class()(x)

    apply.__name__ = apply.__qualname__ = node_class.label
    apply.__module__ = node_class.__module__
    apply.__doc__ = _DOC_TEMPLATE.format(summary=summary, formula=formula)
    return apply
