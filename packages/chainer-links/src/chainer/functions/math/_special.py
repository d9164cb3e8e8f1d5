"""The special functions of SciPy (``scipy.special`` on the CPU,
``cupyx.scipy.special`` on the GPU) that erf, lgamma, digamma, zeta, ndtr and their
kin compute with."""
import numpy


def special_function(xp, name):
    """``scipy.special.<name>`` for numpy arrays, ``cupyx.scipy.special.<name>`` for
    cupy arrays.

    Raises:
        ImportError: SciPy (or CuPy's cupyx) is not installed; the message names the
            function and the package to install.
    """
    if xp is numpy:
        try:
            import scipy.special
        except ImportError:
            raise ImportError('chainer.functions.{} needs SciPy on the CPU: pip install '
                              'scipy'.format(name))
        return getattr(scipy.special, name)
    import cupyx.scipy.special
    return getattr(cupyx.scipy.special, name)
