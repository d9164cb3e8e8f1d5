"""Helpers of :class:`chainer.Link` for its parameters: checks of shapes and dtypes,
the making of a registered :class:`~chainer.Parameter` and the sharing or
re-initialization of one in a copied link."""
import numbers

import numpy

from chainer import cuda
from chainer import initializers
from chainer.parameter import Parameter


#: ``Link._initial_grad``'s answer for v1's gradient of NaNs (deferred, see
#: Variable.grad).
NAN = object()


class UninitializedParam(object):
    """What a parameter registered by :meth:`Link.add_uninitialized_param` remembers
    until it is initialized: whether its gradient was cleared or zeroed meanwhile
    (attribute names as in v1)."""

    def __init__(self):
        self._cleared = False
        self._zeroed = False


def normalize_shape(shape, name):
    """``shape`` as a tuple of non-negative ints (an int stands for a 1-tuple)."""
    if isinstance(shape, numbers.Integral):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)) or \
            not all(isinstance(s, numbers.Integral) for s in shape):
        raise TypeError('shape of parameter {!r} must be an int or a tuple of ints, '
                        'got {!r}'.format(name, shape))
    shape = tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError('shape of parameter {!r} must be non-negative, got {}'.format(
            name, shape))
    return shape


def float_dtype(dtype, name):
    """``dtype`` as a numpy dtype; TypeError unless it is a floating point type."""
    dtype = numpy.dtype(dtype)
    if dtype.kind != 'f':
        raise TypeError('dtype of parameter {!r} must be a floating point type, got '
                        '{}'.format(name, dtype))
    return dtype


def configured_dtype(initializer, dtype):
    """The dtype :meth:`~chainer.Link.add_param` makes with ``initializer``: the
    default float32 stands for ``chainer.config.dtype`` when an initializer (not an
    array) fills the data, as a v4+ parameter's dtype does; else ``dtype``."""
    if initializer is None or numpy.dtype(dtype) != numpy.float32 or \
            hasattr(initializer, 'shape'):
        return dtype
    import chainer
    return chainer.get_dtype()


def shape_and_dtype(value, name):
    """Link(**params) takes a shape (float32), or a (shape, dtype) pair."""
    if isinstance(value, numbers.Integral) or (
            isinstance(value, tuple) and
            all(isinstance(v, numbers.Integral) for v in value)):
        return value, numpy.float32
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return value[0], value[1]
    raise TypeError('parameter {!r} of Link(...) must be a shape or a (shape, dtype) '
                    'pair, got {!r}'.format(name, value))


def fill(data, initializer, name):
    """Fills ``data`` by ``initializer`` (an initializer, a scalar or an array)."""
    try:
        initializers.init_weight(data, initializer)
    except (TypeError, ValueError) as e:
        raise type(e)('initializer of parameter {!r}: {}'.format(name, e)) from e


def make_parameter(data, name, grad, initializer):
    """A Parameter holding ``data``, whose gradient is ``grad`` (an array, None or
    :data:`NAN` for a deferred array of NaNs) and whose initializer (used again by
    ``copy(mode='init')``) is ``initializer``."""
    param = Parameter(data, name=name)
    if grad is not NAN:
        param._grad = grad
    param.initializer = initializers.NaN(data.dtype) if initializer is None \
        else initializer
    return param


def share(param):
    """A new parameter object sharing ``param``'s data array, without a gradient (as
    v1 does: a copy's backward must not add into the original's gradients); as in
    v7, it shares the slot of the array too (see :meth:`Parameter.__copy__`)."""
    if not isinstance(param, Parameter):
        from chainer import variable
        return variable.Variable(param.data, volatile=param.volatile, name=param.name)
    if param.data is None:
        new = Parameter(param.initializer, name=param.name)
        new._grad_initializer = param._grad_initializer
        new._initial_device = param._initial_device
    else:
        new = Parameter(param.data, name=param.name)
        new._grad = None
        new.initializer = param.initializer
    new.volatile = param.volatile
    param._share_data_with(new)  # v7: the copies share the slot of the array
    return new


def reinitialize(param):
    """Refills an initialized ``param``'s data by its initializer (in place); its
    gradient becomes what :meth:`Parameter.initialize` gives one (v7)."""
    if param.data is None:
        return
    ginit = getattr(param, '_grad_initializer', None)
    if ginit is None:
        param.grad_var = None
    else:
        with cuda.get_device(param.data):
            param.grad = initializers.generate_array(
                ginit, param.data.shape, cuda.get_array_module(param.data)).astype(
                    param.data.dtype, copy=False)
    initializer = param.initializer
    if initializer is None:
        initializer = initializers.NaN(param.data.dtype)
    data = param.data
    if isinstance(initializer, numpy.ndarray) or \
            hasattr(initializer, '__cuda_array_interface__'):
        data[...] = cuda.to_cpu(initializer) if isinstance(data, numpy.ndarray) \
            else initializer
        return
    with cuda.get_device(data):
        fill(data, initializer, param.name)
