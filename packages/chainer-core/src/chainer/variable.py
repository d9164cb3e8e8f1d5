"""Variable: an array with the structure to track computation (spec 001 §3.1.1)."""
import heapq
import traceback

import numpy

from chainer import cuda
from chainer import debug_mode
from chainer import flag
from chainer.utils import force_array


def _grad_mismatch(var, grad):
    """``(error type, message)`` when ``grad`` cannot be ``var``'s gradient, else None."""
    if type(grad) is not type(var.data) and not (
            isinstance(grad, numpy.ndarray) and isinstance(var.data, numpy.ndarray)):
        return TypeError, 'type of data and grad mismatch: {} != {}'.format(
            type(var.data), type(grad))
    if grad.dtype != var.data.dtype:
        return TypeError, 'dtype of data and grad mismatch: {} != {}'.format(
            var.data.dtype, grad.dtype)
    if grad.shape != var.data.shape:
        return ValueError, 'shape of data and grad mismatch: {} != {}'.format(
            var.data.shape, grad.shape)
    return None


def _blame(func):
    """The part of a bad-gradient message naming the function at fault, as in v1, with
    where it was applied when debug mode recorded it."""
    text = 'Function `{}` ({}) has a bug: its backward returned a bad gradient.\n'.format(
        type(func).__name__, func.label)
    if func.stack:
        text += 'Stacktrace of the function is below:\n' + ''.join(
            traceback.format_list(func.stack))
    return text


def _check_grad_type(var, grad, func=None):
    """Raises TypeError/ValueError unless ``grad`` fits ``var`` (``func``: the function
    whose backward computed it, named in the message)."""
    if grad is None or var.data is None:
        return
    mismatch = _grad_mismatch(var, grad)
    if mismatch is not None:
        error_type, message = mismatch
        raise error_type(message if func is None else _blame(func) + message)


def _as_data_array(data):
    """Returns ``data`` as the data array of a Variable: numpy arrays (and subclasses)
    and GPU arrays as they are, a numpy scalar as a 0-d array (the spec holds arrays
    only; a scalar could not receive an array gradient)."""
    if isinstance(data, numpy.ndarray) or hasattr(data, '__cuda_array_interface__'):
        return data
    if isinstance(data, numpy.generic):
        return numpy.asarray(data)
    raise TypeError('Variable data must be a numpy.ndarray or a GPU array, got '
                    '{}'.format(type(data).__name__))


class _NanGrad(object):
    """The value of ``Variable._grad`` standing for a gradient of NaNs not allocated yet
    (see ``Variable._defer_nan_grad``)."""
    __slots__ = ()

    def __repr__(self):
        return '<NaN gradient, allocated on first use>'


_NAN_GRAD = _NanGrad()


class Variable(object):
    """Array with a structure to keep track of computation.

    Args:
        data (array): Initial data array (numpy, or a GPU array with a backend).
        volatile (~chainer.Flag): Volatility flag; ``'on'``/``'off'``/``'auto'`` or a
            bool may be given too. With ON, functions applied to this variable build no
            graph.
        name (str): Name of the variable.
        grad (array): Initial gradient array.

    Attributes:
        data: Data array.
        grad: Gradient array (None until backprop reaches it).
        creator: The :class:`~chainer.Function` that made this variable, or None for a
            root variable.
        volatile (~chainer.Flag): Ternary volatility flag.
        rank (int): topological order of the variable in the graph (0 for roots).
    """

    __array_priority__ = 200
    __slots__ = ('data', '_grad', 'creator', 'rank', 'name', '_volatile',
                 '__weakref__')

    def __init__(self, data, volatile=flag.OFF, name=None, grad=None):
        if data.__class__ is not numpy.ndarray:  # the common case costs one check
            data = _as_data_array(data)
        self.data = data
        self.rank = 0
        self._volatile = volatile if volatile.__class__ is flag.Flag \
            else flag.Flag(volatile)
        self.creator = None
        self.name = name
        self._grad = None
        if grad is not None:
            self.grad = grad

    def __reduce__(self):
        return Variable, (self.data, self._volatile, self.name, self.grad)

    def __repr__(self):
        if self.name:
            return '<variable {}>'.format(self.name)
        return '<variable at 0x{:x}>'.format(id(self))

    def __str__(self):
        return self.name or ('<var@%x>' % id(self))

    def debug_print(self):
        """Returns a summary of the data (and grad) arrays and their location."""
        def stats(a):
            if a is None:
                return 'None'
            if a.size == 0:
                return 'empty'
            xp = cuda.get_array_module(a)
            return 'mean={0:.8f}, std={1:.8f}'.format(
                float(xp.mean(a)), float(xp.std(a)))
        device = 'CPU' if isinstance(self.data, numpy.ndarray) else \
            'GPU{}'.format(int(cuda.get_device(self.data)))
        lines = [repr(self),
                 '- device: {}'.format(device),
                 '- volatile: {}'.format(self.volatile),
                 '- backend: {}'.format(type(self.data)),
                 '- shape: {}'.format(self.data.shape),
                 '- dtype: {}'.format(self.data.dtype),
                 '- statistics: {}'.format(stats(self.data)),
                 '- grad: {}'.format(self._grad_summary(stats))]
        return '\n'.join(lines)

    def _grad_summary(self, stats):
        grad = self.grad
        if grad is None:
            return 'None'
        if grad.size and not cuda.get_array_module(grad).any(grad):
            return '0'  # v1 reports an all-zero gradient (e.g. after zerograd) as 0
        return stats(grad)

    @property
    def volatile(self):
        """The volatility flag (:data:`chainer.ON`, ``OFF`` or ``AUTO``): functions
        applied to a volatile variable record no graph. Set it with anything
        :class:`chainer.Flag` accepts (``'on'``, ``True``, ...)."""
        return self._volatile

    @volatile.setter
    def volatile(self, v):
        self._volatile = flag.Flag(v)

    @property
    def label(self):
        """Short text that represents the variable: its shape and dtype."""
        if self.data.shape == ():
            return str(self.data.dtype)
        return '(%s), %s' % (', '.join(map(str, self.data.shape)), self.data.dtype)

    @property
    def grad(self):
        """The gradient array: None for a new variable (a new parameter of a link holds
        NaNs, as in v1) until a backward pass or an assignment sets it; an assigned array
        must match the data's array type, dtype and shape."""
        grad = self._grad
        if grad is _NAN_GRAD:
            grad = self._grad = self._nan_array()
        return grad

    def _nan_array(self):
        xp = cuda.get_array_module(self.data)
        with cuda.get_device(self.data):
            return xp.full_like(self.data, numpy.nan)

    def _defer_nan_grad(self):
        """Gives the variable a gradient of NaNs that is allocated on first use (a new
        parameter's, as in v1): a model being built or loaded holds no gradient memory."""
        self._grad = _NAN_GRAD

    @grad.setter
    def grad(self, g):
        _check_grad_type(self, g)
        self._grad = g

    @property
    def shape(self):
        """Shape of the data array."""
        return self.data.shape

    @property
    def ndim(self):
        """Number of dimensions of the data array."""
        return self.data.ndim

    @property
    def size(self):
        """Number of elements of the data array."""
        return self.data.size

    @property
    def dtype(self):
        """Dtype of the data array."""
        return self.data.dtype

    def __len__(self):
        """Returns the number of elements of the data array (``data.size``).

        This is Chainer v1's documented meaning (spec 001 §3.1.1, 002 "Variable"), not
        the length of the first axis: old user code relies on it.
        """
        return self.data.size

    def to_cpu(self):
        """Copies the data and gradient arrays to the host."""
        self.data = cuda.to_cpu(self.data)
        if self._grad is not None and self._grad is not _NAN_GRAD:
            self._grad = cuda.to_cpu(self._grad)

    def to_gpu(self, device=None):
        """Copies the data and gradient arrays to the given (or current) GPU."""
        self.data = cuda.to_gpu(self.data, device)
        if self._grad is not None and self._grad is not _NAN_GRAD:
            self._grad = cuda.to_gpu(self._grad, device)

    def cleargrad(self):
        """Clears the gradient array (sets it to None)."""
        self._grad = None

    def zerograd(self):
        """Initializes the gradient array by zeros (in place when it exists)."""
        if self._grad is None or self._grad is _NAN_GRAD:
            xp = cuda.get_array_module(self.data)
            with cuda.get_device(self.data):
                self._grad = xp.zeros_like(self.data)
        else:
            self._grad.fill(0)

    def copydata(self, var):
        """Copies the data array from ``var`` (across host and devices)."""
        src = var.data
        dst = self.data
        src_xp = cuda.get_array_module(src)
        dst_xp = cuda.get_array_module(dst)
        if dst_xp is src_xp:
            dst_xp.copyto(dst, src)
        elif dst_xp is numpy:
            dst_xp.copyto(dst, cuda.to_cpu(src))
        else:
            dst.set(src)

    def addgrad(self, var):
        """Accumulates the gradient of ``var`` into this variable's gradient."""
        src = var.grad
        if src is None:
            return
        dst_xp = cuda.get_array_module(self.data)
        if dst_xp is not cuda.get_array_module(src):
            src = cuda.to_cpu(src) if dst_xp is numpy else \
                cuda.to_gpu(src, cuda.get_device(self.data))
        if self._grad is None:
            self._grad = src.copy()
        else:
            self.grad += src

    def set_creator(self, gen_func):
        """Notifies the variable that ``gen_func`` is its creator."""
        self.creator = gen_func
        self.rank = gen_func.rank + 1

    def backward(self, retain_grad=False):
        """Runs error backpropagation from this variable.

        Functions are visited from the largest rank down, so every function runs
        once, after all the gradients of its outputs are complete. If the data has a
        single element and no gradient is set, the initial gradient is one; a larger
        variable without a gradient passes None to its creator's ``backward``, as in v1.

        Args:
            retain_grad (bool): keep the gradients of intermediate variables; by default
                they are freed as soon as they are used.
        """
        if self.creator is None:
            return
        if self.data.size == 1 and self._grad is None:
            xp = cuda.get_array_module(self.data)
            with cuda.get_device(self.data):
                self.grad = xp.ones_like(self.data)

        creator = self.creator
        # (-rank, order of discovery, function): the heap pops the largest rank first
        candidates = [(-creator.rank, 0, creator)]
        seen_funcs = {creator}
        # id of a variable whose gradient was set in this pass -> whether that array
        # may be shared (another variable's gradient too) and so must not be added
        # into in place
        shared = {}
        given_to_leaves = set()
        is_debug = debug_mode._debug
        while candidates:
            func = heapq.heappop(candidates)[2]
            inputs = func.inputs
            out_refs = func.outputs
            if len(out_refs) == 1:  # the common case, without lists
                y = out_refs[0]()
                outputs = y,
                out_grad = None if y is None else y._grad,
            else:
                outputs = [y() for y in out_refs]
                out_grad = tuple([None if y is None else y._grad for y in outputs])
            in_data = (inputs[0].data,) if len(inputs) == 1 else \
                tuple([x.data for x in inputs])
            hooks = thread_local.function_hooks
            if func._local_function_hooks:
                hooks = func._hooks()
            if hooks:
                for hook in hooks.values():
                    hook.backward_preprocess(func, in_data, out_grad)
            if func._host and _all_host(out_grad):
                gxs = func.backward(in_data, out_grad)
            else:
                with cuda.get_device(*(in_data + out_grad)):
                    gxs = func.backward(in_data, out_grad)
            if len(gxs) != len(in_data):
                raise ValueError(
                    '{}.backward returned {} gradients for {} inputs'.format(
                        func.label, len(gxs), len(in_data)))
            if hooks:
                for hook in hooks.values():
                    hook.backward_postprocess(func, in_data, out_grad)
            if is_debug:
                from chainer.function import _check_nan
                _check_nan(func, gxs, 'backward')

            if not retain_grad:
                for y in outputs:
                    if y is not None and y is not self:
                        y._grad = None
            for x, gx in zip(inputs, gxs):
                if gx is None:
                    continue
                xd = x.data
                if gx.__class__ is not xd.__class__ or gx.dtype != xd.dtype or \
                        gx.shape != xd.shape:
                    _check_grad_type(x, gx, func)  # raises unless a compatible array
                if x.__class__ is _ArrayInput:
                    continue  # nobody can read it (see _ArrayInput): not kept
                id_x = id(x)
                creator = x.creator
                if creator is None:  # a leaf: accumulate into what it holds
                    grad = x._grad
                    if grad is None:
                        # Two leaves must never share one array: a later backward
                        # adds into leaf gradients in place.
                        if id(gx) in given_to_leaves:
                            gx = gx.copy()
                        given_to_leaves.add(id(gx))
                        x._grad = gx
                        shared[id_x] = True
                    elif grad is _NAN_GRAD:
                        x._grad = x._nan_array()  # NaN + gx: the NaNs are the sum
                    elif shared.get(id_x):
                        x._grad = force_array(grad + gx)  # gx may be shared: not in place
                        shared[id_x] = False
                    else:
                        x._grad += gx
                    continue
                # an intermediate: its grad starts fresh in every backward
                if creator not in seen_funcs:
                    seen_funcs.add(creator)
                    heapq.heappush(candidates, (-creator.rank, len(seen_funcs), creator))
                state = shared.get(id_x)
                if state is None:
                    x._grad = gx
                    shared[id_x] = True
                elif state:
                    x._grad = force_array(gx + x._grad)
                    shared[id_x] = False
                else:
                    x._grad += gx

    def _ordering_is_undefined(self, other):
        raise NotImplementedError(
            'Variables cannot be ordered (<, <=, >, >=), as in Chainer v1: compare their '
            '.data arrays instead')

    __lt__ = __le__ = __gt__ = __ge__ = _ordering_is_undefined

    def reshape(self, *shape):
        """Returns a variable of a different shape and the same content (v1.24).

        ``x.reshape(2, 3)`` and ``x.reshape((2, 3))`` are both
        :func:`chainer.functions.reshape` ``(x, (2, 3))``; like every function, it needs
        the chainer-links distribution.
        """
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return _functions().reshape(self, tuple(shape))

    def transpose(self, *axes):
        """Permutes the axes without copy (v1.24): :func:`chainer.functions.transpose`.

        ``x.transpose()`` reverses the axes; ``x.transpose(1, 0, 2)``,
        ``x.transpose((1, 0, 2))`` and ``x.transpose(None)`` work as for numpy arrays.
        """
        if not axes:
            axes = None
        elif len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        return _functions().transpose(self, axes)

    def unchain_backward(self):
        """Deletes the references between variables and functions backward from here.

        This variable becomes a root; backprop after unchaining stops here (truncated
        BPTT).
        """
        cand_funcs = []
        seen_set = set()

        def add_cand(cand):
            if cand is not None and cand not in seen_set:
                cand_funcs.append(cand)
                seen_set.add(cand)

        add_cand(self.creator)
        while cand_funcs:
            func = cand_funcs.pop()
            for var in func.inputs or ():
                add_cand(var.creator)
            func.unchain()
        self.creator = None


class _ArrayInput(Variable):
    """The Variable that :meth:`Function.__call__ <chainer.Function.__call__>` wraps
    around an array argument.

    Only the graph holds it (``creator.inputs``), so no caller can read its ``grad`` the
    way it reads the gradient of a Variable it passed: :meth:`Variable.backward` drops
    the gradient a function returns for it instead of storing it, and functions that
    ask :meth:`Function._input_grads_needed <chainer.Function._input_grads_needed>` do
    not compute it. Everything else is a plain Variable's (it pickles as one).
    """

    __slots__ = ()


def _functions():
    # chainer.functions is a sibling portion (chainer-links): resolved at call time
    # through the package's lazy v1 namespace, which names the distribution to install
    # when it is missing.
    import chainer
    return chainer.functions


from chainer.function import _all_host, thread_local  # noqa: E402
from chainer.core_functions import basic_math  # noqa: E402
basic_math.install_variable_operators(Variable)
