"""The deprecated ``L.Parameter`` link."""
import warnings

import numpy

import chainer.functions as F
from chainer import flag
from chainer import link
from chainer import variable


class Parameter(link.Link):
    """Link that just holds a parameter and returns it.

    .. deprecated:: v1.5
       Parameters are stored as variables; use them directly instead.

    Args:
        array: Initial parameter array (numpy or cupy); the parameter shares it.

    Attributes:
        W (~chainer.Variable): Parameter variable.
    """

    def __init__(self, array):
        warnings.warn('chainer.links.Parameter is deprecated since v1.5: use the '
                      'parameter variable directly', DeprecationWarning, stacklevel=2)
        super(Parameter, self).__init__()
        self.add_param('W', array.shape, dtype=array.dtype)
        self.W.data = array
        if not isinstance(array, numpy.ndarray):
            self.to_gpu(array.device)

    def forward(self, volatile='off'):
        """Returns the parameter variable.

        Args:
            volatile (~chainer.Flag): The volatility of the returned variable.

        Returns:
            ~chainer.Variable: A copy of the parameter variable with the given
            volatility; when it is not volatile, gradients flow back to ``W``.
        """
        volatile = flag.Flag(volatile)
        if volatile is flag.ON:
            return variable.Variable(self.W.data, volatile=flag.ON)
        # Parameters are AUTO, so the copy would be AUTO too: give it the asked flag.
        y = F.identity(self.W)
        y.volatile = volatile
        return y
