"""Variable: an array with the structure to track computation.

A Variable holds its data array, its gradient, and its place in the graph (the
``creator`` that computed it and its ``rank``). The engine that computes gradients is
:mod:`chainer._backprop`; the v7 view of a variable in the graph is
:class:`~chainer.variable.VariableNode`; :class:`~chainer.Parameter` is the variable a
link owns.
"""
import warnings

import numpy

from chainer import _deferred_grad
from chainer import _graph
from chainer import _variable_report
from chainer import cuda
from chainer import flag


from chainer._variable_checks import (  # noqa: E402,F401
    _NAN_GRAD, UnsupportedOperatorError, _as_data_array, _blame, _check_grad_type,
    _grad_mismatch, _NanGrad)


class Variable(object):
    """Array with a structure to keep track of computation.

    Args:
        data (array): Initial data array (numpy, or a GPU array with a backend), or
            None for a variable whose data is set later.
        volatile (~chainer.Flag): Volatility flag (v1); ``'on'``/``'off'``/``'auto'``
            or a bool may be given too. With ON, functions applied to this variable
            build no graph.
        name (str): Name of the variable.
        grad (array): Initial gradient array.
        requires_grad (bool): whether backprop computes this variable's gradient
            (v2+); with False, a function whose inputs all require none builds no
            graph.

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
                 '_requires_grad', '_grad_var', '_node_cache', '__weakref__')

    def __init__(self, data=None, volatile=flag.OFF, name=None, grad=None,
                 requires_grad=True):
        if data.__class__ is not numpy.ndarray:  # the common case costs one check
            data = _as_data_array(data)
        self.data = data
        self.rank = 0
        self._volatile = volatile if volatile.__class__ is flag.Flag \
            else flag.Flag(volatile)
        self.creator = None
        self.name = name
        self._grad = None
        self._requires_grad = requires_grad
        if grad is not None:
            self.grad = grad

    def __reduce__(self):
        cls = Variable if type(self) is _ArrayInput else type(self)
        return _restore_variable, (cls, self.data, self._volatile, self.name,
                                   self.grad, self._requires_grad)

    def __repr__(self):
        return _variable_report.variable_repr(self)

    def __str__(self):
        return _variable_report.variable_str(self)

    def debug_print(self):
        """Returns a summary of the data (and grad) arrays and their location."""
        return _variable_report.debug_print(self)

    @property
    def volatile(self):
        """The volatility flag (:data:`chainer.ON`, ``OFF`` or ``AUTO``): functions
        applied to a volatile variable record no graph. Set it with anything
        :class:`chainer.Flag` accepts (``'on'``, ``True``, ...)."""
        return self._volatile

    @volatile.setter
    def volatile(self, v):
        self._volatile = flag.Flag(v)
        if self._volatile is not flag.ON:
            # v1: a variable made volatile and turned non-volatile starts a graph of
            # its own (a trainable leaf), whatever made it
            self._requires_grad = True

    @property
    def label(self):
        """Short text that represents the variable: its shape and dtype."""
        if self.data is None:
            return 'None'
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
        elif grad.__class__ is _DeferredGrad:  # computed on first read
            grad = self._grad = grad.materialize()
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
    def grad_var(self):
        """The gradient as a Variable (None without gradient). After a backward with
        ``enable_double_backprop=True`` it carries the graph of its computation."""
        g = self.grad
        if g is None:
            return None
        gv = getattr(self, '_grad_var', None)
        if gv is None or gv.data is not g:
            gv = Variable(g)  # (v3+: it requires a gradient)
            self._grad_var = gv
        return gv

    @grad_var.setter
    def grad_var(self, gv):
        if gv is None:
            self._grad = None
            self._grad_var = None
            return
        if not isinstance(gv, Variable):
            raise TypeError('grad_var must be a Variable or None, got {}'.format(
                type(gv).__name__))
        _check_grad_type(self, gv.data)
        self._grad = gv.data
        self._grad_var = gv

    @property
    def array(self):
        """The data array (the v2+ name of :attr:`data`)."""
        return self.data

    @array.setter
    def array(self, value):
        self.data = value

    @property
    def requires_grad(self):
        """Whether backprop computes this variable's gradient (False for a variable
        made with ``requires_grad=False``, a volatile one, or an output of a function
        applied without building the graph)."""
        return self._requires_grad and self._volatile is not flag.ON

    @property
    def creator_node(self):
        """The :class:`~chainer.FunctionNode` that computed this variable (for a v1
        :class:`~chainer.Function`, its :class:`~chainer.FunctionAdapter`); None for a
        root."""
        creator = self.creator
        if creator is not None and creator._is_v1:
            return creator.node
        return creator

    @creator_node.setter
    def creator_node(self, func):
        self.set_creator_node(func)

    def set_creator_node(self, func):
        """Makes ``func`` the creator of this variable (the rank follows)."""
        if func is not None and hasattr(func, '_function'):  # a FunctionAdapter
            func = func._function
        self.creator = func
        if func is not None:
            self.rank = func.rank + 1

    @property
    def node(self):
        """This variable's node in the graph (:class:`VariableNode`), made on demand
        and the same object for the life of the variable."""
        node = getattr(self, '_node_cache', None)
        if node is None:
            node = self._node_cache = VariableNode(self)
        return node

    @property
    def _node(self):
        # v2+ code (and tests) reach the node under this private name
        return self.node

    def get_variable(self):
        """Returns this variable: a v1 Function's ``inputs`` are Variables where v2+'s
        are nodes, and code written for v2+ (onnx-chainer) asks them for theirs
        (:meth:`VariableNode.get_variable`)."""
        return self

    get_variable_or_none = get_variable

    @property
    def xp(self):
        """The array module of the data (numpy, or the GPU one)."""
        if self.data is None:
            return numpy
        return cuda.get_array_module(self.data)

    @property
    def device(self):
        """The device of the data (see :mod:`chainer.backend`)."""
        from chainer import backend
        if self.data is None:
            return backend.CpuDevice()
        return backend.get_device_from_array(self.data)

    def item(self):
        """The single element of the data as a Python scalar."""
        if self.data.size != 1:
            raise ValueError('item() needs a variable of one element, got shape {}'
                             .format(self.data.shape))
        return self.data.item()

    @property
    def T(self):
        """The variable with its axes reversed (:func:`chainer.functions.transpose`)."""
        return self.transpose()

    def unchain(self):
        """Makes this variable a root: it forgets its creator (the graph before it
        stays as it is for other variables)."""
        self.creator = None

    def retain_data(self):
        """Keeps the data for backprop (data is always kept here: a no-op kept for
        code written for Chainer v2+)."""
        pass

    def summary(self):
        """Short text naming the variable: ``<variable NAME>`` or its address."""
        if self.name:
            return '<variable {}>'.format(self.name)
        return '<variable at 0x{:x}>'.format(id(self))

    #: Always False: ChainerX is not part of this project (v7 code reads it).
    _has_chainerx_array = False

    @classmethod
    def _init_unchecked(cls, data=None, device=None, name=None, grad=None,
                        grad_valid=True, requires_grad=True, is_chainerx_array=None,
                        node=None, layout=None):
        # v7's fast constructor, which v7 code and tests call directly
        return cls(data, name=name, grad=grad, requires_grad=requires_grad)

    def __pos__(self):
        """``+x``: the variable itself."""
        return self

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
        """Returns the length of the first axis of the data (v2+); 1 for a 0-d variable.

        Chainer v1 documented the number of elements instead: the two agree for 0-d
        and 1-d variables, and for others the v2+ meaning (the batch size, which most
        code asks for) holds. A 0-d variable has length 1, as in v1 (v2+ raised).
        """
        shape = self.data.shape
        return shape[0] if shape else 1

    def to_cpu(self):
        """Copies the data and gradient arrays to the host."""
        self.data = cuda.to_cpu(self.data)
        if self._grad is not None and self._grad is not _NAN_GRAD:
            self._grad = cuda.to_cpu(self.grad)

    def to_gpu(self, device=None):
        """Copies the data and gradient arrays to the given (or current) GPU."""
        self.data = cuda.to_gpu(self.data, device)
        if self._grad is not None and self._grad is not _NAN_GRAD:
            self._grad = cuda.to_gpu(self.grad, device)

    def to_device(self, device):
        """Moves the data and gradient to ``device`` (v4+); for a Parameter, also
        where an uninitialized one will be initialized.

        Args:
            device: a device specifier (see :func:`chainer.get_device`): ``'@numpy'``,
                ``'@cupy:N'``, a :class:`~chainer.backend.Device`, ...

        Raises:
            TypeError: the device is neither the host nor a CUDA GPU (ChainerX and
                iDeep are not part of this project).
        """
        from chainer import backend
        device = backend.get_device(device)
        if isinstance(device, backend.CpuDevice):
            self.to_cpu()
        elif isinstance(device, backend.GpuDevice):
            self.to_gpu(device.device.id)
        else:
            raise TypeError('a variable can move to the host or a CUDA GPU, not to '
                            '{}'.format(device))

    def to_chx(self):
        """Not available: ChainerX is not part of this project."""
        raise RuntimeError('ChainerX is not available: it is not part of this project')

    def from_chx(self):
        """Nothing to do: a variable never holds a ChainerX array here."""
        return None

    def cleargrad(self):
        """Clears the gradient array (sets it to None)."""
        self._grad = None
        self._grad_var = None

    def zerograd(self):
        """Initializes the gradient array by zeros (in place when it exists); a
        gradient Variable with a creator loses it (zeros have no history).

        .. deprecated:: v1.15
           Use :meth:`cleargrad` instead (a DeprecationWarning, as in v1.24 and v7).
        """
        warnings.warn('Variable.zerograd is deprecated: use Variable.cleargrad',
                      DeprecationWarning, stacklevel=2)
        self._zerograd()

    def _zerograd(self):
        grad = self._grad
        if grad is None or grad is _NAN_GRAD or grad.__class__ is _DeferredGrad:
            xp = cuda.get_array_module(self.data)
            with cuda.get_device(self.data):
                self._grad = xp.zeros_like(self.data)
        else:
            self._grad.fill(0)
            gv = getattr(self, '_grad_var', None)
            if gv is not None and gv.creator is not None:
                gv.creator = None  # zeros have no history (v7 unchains it)

    def copydata(self, var):
        """Copies the data array from ``var`` (across host and devices).

        An uninitialized :class:`~chainer.Parameter` on either side is first
        initialized with the other's shape (nothing happens when both are).
        """
        src = var.data
        dst = self.data
        if src is None:
            if dst is None:
                return
            var.initialize(dst.shape)
            src = var.data
        elif dst is None:
            self.initialize(src.shape)
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
        if self.data is None:  # an uninitialized Parameter: takes src's shape
            self.initialize(src.shape)
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

    def backward(self, retain_grad=False, enable_double_backprop=False,
                 loss_scale=None):
        """Runs error backpropagation from this variable.

        Functions are visited from the largest rank down, so every function runs
        once, after all the gradients of its outputs are complete. If the data has a
        single element and no gradient is set, the initial gradient is one; a larger
        variable without a gradient passes None to its creator's ``backward``, as in v1.
        Gradients are accumulated into the leaves' ``grad``.

        Args:
            retain_grad (bool): keep the gradients of intermediate variables; by default
                they are freed as soon as they are used.
            enable_double_backprop (bool): compute the gradients with differentiable
                functions, so that each leaf's ``grad_var`` can be differentiated again
                (e.g. a gradient penalty). Costs more time and memory.
            loss_scale (float): multiplies the initial gradient (loss scaling for
                float16 training); the optimizers divide the parameters' gradients by
                it before the update.
        """
        _backprop.backward(self, retain_grad, enable_double_backprop, loss_scale)

    def _ordering_is_undefined(self, other):
        raise UnsupportedOperatorError(
            'Variables cannot be compared (<, <=, >, >=, ==, !=): compare their .array '
            'instead')

    __lt__ = __le__ = __gt__ = __ge__ = _ordering_is_undefined

    def __eq__(self, other):
        # the node of a variable stands for it (the graph of v2+ is made of nodes)
        if other.__class__ is VariableNode:
            return other._variable is self
        self._ordering_is_undefined(other)

    def __ne__(self, other):
        if other.__class__ is VariableNode:
            return other._variable is not self
        self._ordering_is_undefined(other)

    def __bool__(self):
        """Not supported: a Variable has no truth value (test ``x.array`` instead)."""
        raise UnsupportedOperatorError(
            'a Variable cannot be evaluated as a bool: test its .array instead')

    # Hashable by identity, as in v1 (v1 code keeps variables in sets and dicts).
    __hash__ = object.__hash__

    def mean(self, axis=None, *, weights=None, keepdims=False):
        """The (weighted) average over ``axis``: :func:`chainer.functions.average`
        (v5+; needs chainer-links)."""
        return _functions().average(self, axis, weights, keepdims)

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
        _backprop.unchain_backward(self)


def _restore_variable(cls, data, volatile, name, grad, requires_grad):
    v = cls.__new__(cls)
    Variable.__init__(v, data, volatile, name, grad, requires_grad)
    return v


def as_variable(obj):
    """``obj`` itself if it is a Variable, else a Variable of the array ``obj`` that
    requires no gradient."""
    return _graph.as_variable(obj)


def as_array(obj):
    """The data array of a Variable, or ``obj`` itself for an array."""
    if isinstance(obj, Variable):
        return obj.data
    return obj


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


def zero_grad(var):
    """Zeroes ``var``'s gradient for the framework's own callers (optimizers,
    :meth:`Link.zerograds`): without the deprecation warning of
    :meth:`Variable.zerograd`, unless a subclass overrides that method (v1 code
    customizes or counts it), which is then called."""
    if type(var).zerograd is Variable.zerograd:
        var._zerograd()
    else:
        var.zerograd()


def _functions():
    # chainer.functions is a sibling portion (chainer-links): resolved at call time
    # through the package's lazy v1 namespace, which names the distribution to install
    # when it is missing.
    import chainer
    return chainer.functions


_DeferredGrad = _deferred_grad.DeferredGrad

_graph.Variable = Variable
_graph.ArrayInput = _ArrayInput
_graph.NAN_GRAD = _NAN_GRAD
_graph.check_grad_type = _check_grad_type

from chainer import _backprop  # noqa: E402
from chainer.variable_node import VariableNode  # noqa: E402,F401
from chainer.parameter import Parameter  # noqa: E402,F401
from chainer.core_functions import basic_math  # noqa: E402
basic_math.install_variable_operators(Variable)
