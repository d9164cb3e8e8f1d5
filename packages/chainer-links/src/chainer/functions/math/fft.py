"""Fast Fourier transforms of complex arrays given as (real, imaginary) pairs: ``fft``
and ``ifft`` (Chainer v4+)."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class FFT(function_node.FunctionNode):
    """``(real, imag)`` of ``fft(real + 1j * imag)`` (or ``ifft``) along the last
    axis.

    The transform's matrix is symmetric, so the gradient of ``(xr, xi)`` is the same
    transform of ``(gi, gr)`` with its real and imaginary outputs swapped; the
    function is linear and differentiable to any order.
    """

    def __init__(self, method):
        if method not in ('fft', 'ifft'):
            raise ValueError("method must be 'fft' or 'ifft', got {!r}".format(method))
        self._method = method

    @property
    def label(self):
        return self._method

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        r_type, i_type = in_types
        type_check.expect(r_type.dtype.kind == 'f', r_type.ndim > 0,
                          r_type.shape == i_type.shape, r_type.dtype == i_type.dtype)

    def forward(self, inputs):
        real, imag = inputs
        xp = cuda.get_array_module(real)
        y = getattr(xp.fft, self._method)(real + imag * 1j, axis=-1)
        return (utils.force_array(y.real, real.dtype),
                utils.force_array(y.imag, real.dtype))

    def backward(self, indexes, grad_outputs):
        gr, gi = grad_outputs
        gxi, gxr = FFT(self._method).apply((gi, gr))
        return gxr, gxi


def fft(x):
    """Fast Fourier transform along the last axis.

    Args:
        x (tuple): ``(real, imag)``, two Variables or arrays of one shape and
            floating-point dtype: the real and imaginary parts of the input.

    Returns:
        tuple: ``(real, imag)`` of the transform, Variables of the input's shape and
        dtype.
    """
    real, imag = x
    return FFT('fft').apply((real, imag))


def ifft(x):
    """Inverse fast Fourier transform along the last axis.

    Args:
        x (tuple): ``(real, imag)``, two Variables or arrays of one shape and
            floating-point dtype: the real and imaginary parts of the input.

    Returns:
        tuple: ``(real, imag)`` of the inverse transform, Variables of the input's
        shape and dtype.
    """
    real, imag = x
    return FFT('ifft').apply((real, imag))
