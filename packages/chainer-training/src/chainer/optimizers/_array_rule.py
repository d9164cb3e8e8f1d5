"""Shared machinery of the concrete optimizers: one array-generic update rule per
parameter, zero-initialized state arrays, and hyperparameter checks.

Every optimizer here writes its rule once, as in-place array code on ``xp`` (numpy or
CuPy); :class:`ArrayRuleOptimizer` routes both the CPU and the GPU paths of
:class:`~chainer.GradientMethod` to it (the GPU path runs inside the parameter's
device context, set up by the base class).
"""
import numbers
import warnings

import numpy

from chainer import cuda
from chainer import optimizer


def check_hyperparameter(value, name, lower=0.0, upper=None, lower_open=False,
                         upper_open=False):
    """Returns ``value`` as a float, warning when it is out of its expected range.

    No Chainer release refused an out-of-range hyperparameter (v7's own tests set
    e.g. ``rho=1.05``), so a script written for one keeps running: a value outside
    the range (or NaN, or a bool) warns with the argument's name and the range, and
    is used as given. Only a value the update cannot compute with (not a real
    number) is an error.

    Args:
        value: the hyperparameter value given by the user.
        name (str): its name, for the messages.
        lower (float): the lower bound of the expected range.
        upper (float or None): the upper bound, if any.
        lower_open (bool): the lower bound itself is outside the range.
        upper_open (bool): the upper bound itself is outside the range.

    Raises:
        TypeError: ``value`` is not a real number.
    """
    if not isinstance(value, numbers.Real):
        raise TypeError('{} must be a real number, got {!r}'.format(name, value))
    if isinstance(value, bool):
        warnings.warn('{} is a bool ({!r}): used as {}'.format(
            name, value, float(value)), UserWarning, stacklevel=3)
    value = float(value)
    below = value <= lower if lower_open else value < lower
    above = upper is not None and (value >= upper if upper_open else value > upper)
    if below or above or value != value:
        interval = '{}{}, {}{}'.format('(' if lower_open else '[', lower,
                                       'inf' if upper is None else upper,
                                       ')' if upper_open or upper is None else ']')
        warnings.warn('{}={!r} is outside its expected range {}: used as given (the '
                      'update may diverge)'.format(name, value, interval),
                      UserWarning, stacklevel=3)
    return value


def moving_average(average, x, decay):
    """Updates ``average`` in place: ``average <- decay * average + (1 - decay) * x``."""
    average *= scalar(decay, average)
    average += scalar(1 - decay, average) * x


def momentum_step(velocity, step, momentum):
    """Updates ``velocity`` in place: ``velocity <- momentum * velocity - step``."""
    velocity *= scalar(momentum, velocity)
    velocity -= step


def root_plus_eps(xp, x, eps):
    """Returns a new array :math:`\\sqrt{x} + \\epsilon` (the adaptive denominators)."""
    root = xp.sqrt(x)
    root += scalar(eps, root)
    return root


def adaptive_step(xp, data, lr, numerator, second_moment, eps):
    """Updates ``data`` in place:
    :math:`w \\leftarrow w - \\eta\\, a / (\\sqrt{b} + \\epsilon)` with ``a`` the
    ``numerator`` (a gradient or its average) and ``b`` the ``second_moment``; the
    step of AdaGrad, RMSprop and Adam."""
    step = numerator / root_plus_eps(xp, second_moment, eps)
    step *= scalar(lr, step)
    data -= step


#: Bytes of one array in a chunk of :func:`update_in_chunks`: the four arrays of a
#: momentum update (parameter, gradient, state, scratch) then take 1 MiB, inside the
#: per-core L2 cache of current x86 CPUs.
_CHUNK_BYTES = 1 << 18


def update_in_chunks(xp, rule, *arrays):
    """Runs the in-place update ``rule(*pieces, scratch)`` over ``arrays`` chunk by chunk.

    A multi-pass update (``v *= mu; v -= lr g; w += v``) streams every array through
    main memory once per pass; on host arrays larger than a chunk the passes run on
    matching flat pieces of ``_CHUNK_BYTES`` instead, so that all but the first pass
    read the cache. ``scratch`` is a buffer of the pieces' shape and dtype for
    temporaries (``numpy.multiply(g, lr, out=scratch)``), allocated once per call.
    GPU arrays, non-contiguous ones and small ones are passed whole.

    Args:
        xp: numpy or cupy, the module of the arrays.
        rule (callable): ``rule(*pieces, scratch)``, updating the pieces in place.
        arrays: arrays of one shape and dtype (parameter, gradient, states).
    """
    first = arrays[0]
    chunk = max(1, _CHUNK_BYTES // first.itemsize)
    if xp is not numpy or first.size <= chunk or \
            not all(a.flags.c_contiguous for a in arrays):
        rule(*(arrays + (xp.empty_like(first),)))
        return
    flats = [a.reshape(-1) for a in arrays]
    scratch = numpy.empty(chunk, dtype=first.dtype)
    for start in range(0, first.size, chunk):
        pieces = [f[start:start + chunk] for f in flats]
        rule(*(pieces + [scratch[:len(pieces[0])]]))


class ArrayRuleOptimizer(optimizer.GradientMethod):
    """A gradient method whose per-parameter rule is array-generic code.

    Subclasses set :attr:`state_names` (state arrays created as zeros shaped like the
    parameter, in its dtype and on its device), may override :meth:`init_arrays` for
    other initial values, and implement :meth:`update_arrays`.
    """

    #: Names of the per-parameter state arrays (initialized to zeros).
    state_names = ()

    def init_state_cpu(self, param, state):
        self.init_arrays(numpy, param.data, state)

    def init_state_gpu(self, param, state):
        self.init_arrays(cuda.get_array_module(param.data), param.data, state)

    def init_arrays(self, xp, data, state):
        """Fills ``state`` with one zero array like ``data`` per state name."""
        for name in self.state_names:
            state[name] = xp.zeros_like(data)

    def update_one_cpu(self, param, state):
        self.update_arrays(numpy, param.data, param.grad, state)
        flush_subnormal_states(state, self.t)

    def update_one_gpu(self, param, state):
        self.update_arrays(cuda.get_array_module(param.data), param.data, param.grad,
                           state)

    def update_arrays(self, xp, data, grad, state):
        """Updates ``data`` and the arrays of ``state`` in place from ``grad``.

        Args:
            xp: numpy or cupy, the module of the arrays.
            data: the parameter array.
            grad: its gradient array.
            state (dict): its state arrays.
        """
        raise TypeError('{} must implement update_arrays'.format(type(self).__name__))


#: Every this many steps, state arrays of host optimizers lose their subnormal values.
FLUSH_INTERVAL = 64


def flush_subnormal_states(state, t):
    """Sets the subnormal values of the host state arrays in ``state`` to zero at every
    :data:`FLUSH_INTERVAL`-th step ``t``.

    A state that decays while its gradient is exactly zero (the velocity or first
    moment of a dead unit's weights, of an embedding's unused rows) reaches the
    subnormal range after some 700 steps of ``v *= 0.9`` and stays there: 0.9 times
    the smallest subnormal rounds back to it. Every later update of those elements
    pays the CPU's microcode assist for subnormal operands: in an MLP trained on one
    batch, 22 % of the velocities got stuck so and the MomentumSGD update took 250 us
    instead of 125 (``benchmarks/README.md``). Values below the smallest normal number
    (1.2e-38 in float32) move a parameter by nothing it can represent unless it is
    itself that small; flushing them changes no result of practical size.
    """
    if t % FLUSH_INTERVAL:
        return
    for value in state.values():
        if isinstance(value, numpy.ndarray) and value.dtype.kind == 'f' and value.size:
            tiny = numpy.finfo(value.dtype).tiny
            numpy.copyto(value, 0, where=numpy.abs(value) < tiny)


def scalar(value, like):
    """``value`` as a scalar of ``like``'s dtype, so that float16/float32 arrays are
    never promoted to float64 by a Python float."""
    return like.dtype.type(value)
