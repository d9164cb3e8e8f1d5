"""Kernel specifications: CUDA code kept as source text plus the metadata needed to build it.

A spec is inert data until :meth:`build` is called with the ``cupy`` module, so the whole
library can be listed, documented and compiled under NVRTC on a machine without a GPU
(:mod:`cupy_kernels.kernels.codegen` expands each spec into the CUDA source CuPy would
compile). Three kinds exist:

* :class:`ElementwiseSpec`: a ``cupy.ElementwiseKernel`` (params, one operation per index).
* :class:`ReductionSpec`: a ``cupy.ReductionKernel`` (map, reduce, post-map).
* :class:`RawSpec`: a ``cupy.RawModule`` of hand-written ``extern "C"`` kernels, one source
  per dtype (``T`` is a typedef, ``A`` its accumulator type).

and :class:`PythonKernel`, a launch wrapper (shapes, grid, output allocation) around specs of
the first three kinds, which is what ``chainer.cuda.kernel(name)`` returns for kernels whose
calling convention is more than "call the CuPy kernel object".
"""
import re

import numpy

#: Floating dtypes every float kernel is built and compile-checked for.
FLOATS = ('float16', 'float32', 'float64')
#: Integer dtypes of label/index arrays.
INDEXES = ('int32', 'int64')

#: C spelling of each dtype name, as CuPy writes it into generated kernels.
C_TYPES = {
    'bool': 'bool', 'int8': 'signed char', 'uint8': 'unsigned char', 'int16': 'short',
    'uint16': 'unsigned short', 'int32': 'int', 'uint32': 'unsigned int',
    'int64': 'long long', 'uint64': 'unsigned long long', 'float16': 'float16',
    'float32': 'float', 'float64': 'double',
}

_PARAM_RE = re.compile(r'^(raw\s+)?([A-Za-z_][A-Za-z0-9_]*)\s+([A-Za-z_][A-Za-z0-9_]*)$')


class Param(object):
    """One kernel parameter: ``[raw] type name`` (``type`` a dtype name or a type variable)."""

    def __init__(self, text):
        match = _PARAM_RE.match(text.strip())
        if match is None:
            raise ValueError('invalid kernel parameter {!r}: expected "[raw] type name"'
                             .format(text))
        self.raw = bool(match.group(1))
        self.type = match.group(2)
        self.name = match.group(3)

    @property
    def is_typevar(self):
        """Whether ``type`` is a type variable (``T``), not a dtype name."""
        return self.type not in C_TYPES

    def ctype(self, types):
        """C type of this parameter under the type-variable binding ``types``."""
        if self.is_typevar:
            if self.type not in types:
                raise KeyError('type variable {} of parameter {} is unbound'.format(
                    self.type, self.name))
            return C_TYPES[types[self.type]]
        return C_TYPES[self.type]


def parse_params(text):
    """Parses a comma-separated CuPy parameter list into :class:`Param` objects."""
    return [Param(p) for p in text.split(',') if p.strip()]


def type_bindings(typevars, dtypes):
    """Returns the type-variable bindings to check: the product of ``dtypes``' choices.

    Args:
        typevars: the type variable names used by a kernel's parameters.
        dtypes (dict): type variable -> tuple of dtype names; ``T`` defaults to
            :data:`FLOATS`.
    """
    bindings = [{}]
    for var in sorted(typevars):
        choices = dtypes.get(var, FLOATS if var == 'T' else None)
        if choices is None:
            raise KeyError('no dtypes given for type variable {}'.format(var))
        bindings = [dict(b, **{var: c}) for b in bindings for c in choices]
    return bindings


class KernelSpec(object):
    """Base of every library entry: a stable ``name`` and a docstring. Each kind defines
    ``build(cupy)``, returning the callable kernel (building needs no device)."""

    kind = None

    def __init__(self, name, doc):
        if not re.match(r'^[a-z][a-z0-9_]*$', name):
            raise ValueError('kernel name must be snake_case, got {!r}'.format(name))
        self.name = name
        self.doc = doc


class ElementwiseSpec(KernelSpec):
    """A ``cupy.ElementwiseKernel``.

    Args:
        name: the library name (also the CUDA kernel name).
        in_params, out_params: CuPy parameter lists (``'T x, raw T w, int32 n'``).
        operation: the CUDA statement(s) run for each index ``i``.
        preamble: CUDA code placed before the kernel (device helpers).
        dtypes (dict): type variable -> dtype names it is built/checked for.
        scalars (tuple): non-raw input names that callers pass as Python scalars.
        raw_ndim (dict): ndim to declare for raw parameters in the compile check.
        doc: what the kernel computes and its calling convention.
    """

    kind = 'elementwise'

    def __init__(self, name, in_params, out_params, operation, doc, preamble='',
                 dtypes=None, scalars=(), raw_ndim=None):
        super(ElementwiseSpec, self).__init__(name, doc)
        self.in_params, self.out_params = in_params, out_params
        self.operation, self.preamble = operation, preamble
        self.dtypes = dict(dtypes or {})
        self.scalars = frozenset(scalars)
        self.raw_ndim = dict(raw_ndim or {})
        params = self.params()
        unknown = self.scalars - {p.name for p in params}
        if unknown:
            raise ValueError('{}: scalars {} are not parameters'.format(name, sorted(unknown)))

    def params(self):
        """The input then the output parameters, as :class:`Param` objects."""
        return parse_params(self.in_params) + parse_params(self.out_params)

    def bindings(self):
        """Every type-variable binding the kernel is built and compile-checked for
        (see :func:`type_bindings`): a list of dicts, one dtype name per type
        variable."""
        return type_bindings({p.type for p in self.params() if p.is_typevar}, self.dtypes)

    def build(self, cupy):
        """Returns the ``cupy.ElementwiseKernel`` of this spec (compiled by CuPy on
        its first call).

        Args:
            cupy: the ``cupy`` module.
        """
        return cupy.ElementwiseKernel(self.in_params, self.out_params, self.operation,
                                      self.name, preamble=self.preamble)


class ReductionSpec(ElementwiseSpec):
    """A ``cupy.ReductionKernel``: ``out = post_map(reduce over map_expr)``.

    ``map_expr`` sees the inputs at the reduction index (``_j`` is the flat input index),
    ``reduce_expr`` combines ``a`` and ``b``, ``post_map_expr`` writes the output from the
    reduced value ``a``; ``reduce_type`` is the accumulator C type (may be a type variable).
    """

    kind = 'reduction'

    def __init__(self, name, in_params, out_params, map_expr, reduce_expr, post_map_expr,
                 identity, doc, reduce_type='T', preamble='', dtypes=None, scalars=(),
                 raw_ndim=None):
        super(ReductionSpec, self).__init__(name, in_params, out_params, None, doc,
                                            preamble, dtypes, scalars, raw_ndim)
        self.map_expr, self.reduce_expr = map_expr, reduce_expr
        self.post_map_expr, self.identity = post_map_expr, identity
        self.reduce_type = reduce_type

    def build(self, cupy):
        """Returns the ``cupy.ReductionKernel`` of this spec (compiled by CuPy on its
        first call).

        Args:
            cupy: the ``cupy`` module.
        """
        return cupy.ReductionKernel(self.in_params, self.out_params, self.map_expr,
                                    self.reduce_expr, self.post_map_expr, self.identity,
                                    self.name, reduce_type=self.reduce_type,
                                    preamble=self.preamble)


#: Accumulator type of each float dtype in raw kernels: half math runs in float.
ACCUMULATORS = {'float16': 'float', 'float32': 'float', 'float64': 'double'}
_RAW_C_TYPES = {'float16': '__half', 'float32': 'float', 'float64': 'double'}


class RawSpec(KernelSpec):
    """A ``cupy.RawModule`` of ``extern "C"`` kernels written against ``T`` and ``A``.

    ``source`` is compiled once per dtype with ``typedef <dtype> T; typedef <acc> A;``
    prepended (``__half``/``float`` for float16); :meth:`build` returns a function
    ``get(dtype, kernel_name) -> cupy.RawKernel``.
    """

    kind = 'raw'

    def __init__(self, name, source, kernel_names, doc, dtypes=FLOATS):
        super(RawSpec, self).__init__(name, doc)
        self.source, self.kernel_names, self.dtypes = source, tuple(kernel_names), dtypes
        for k in self.kernel_names:
            if 'void {}('.format(k) not in source:
                raise ValueError('{}: kernel {} is not defined in the source'.format(name, k))

    def source_for(self, dtype):
        """Full CUDA source for ``dtype`` (one of :attr:`dtypes`)."""
        dtype = numpy.dtype(dtype).name
        if dtype not in self.dtypes:
            raise TypeError('kernel {} supports dtypes {}, got {}'.format(
                self.name, self.dtypes, dtype))
        return ('#include <cuda_fp16.h>\ntypedef {} T;\ntypedef {} A;\n'.format(
            _RAW_C_TYPES[dtype], ACCUMULATORS[dtype]) + self.source)

    def build(self, cupy):
        """Returns ``get(dtype, kernel_name)``, which gives the ``cupy.RawKernel``
        ``kernel_name`` of the source for ``dtype``, compiling that source on its first
        use.

        Args:
            cupy: the ``cupy`` module.
        """
        modules = {}

        def get(dtype, kernel_name):
            dtype = numpy.dtype(dtype).name
            if dtype not in modules:
                modules[dtype] = cupy.RawModule(code=self.source_for(dtype))
            return modules[dtype].get_function(kernel_name)
        return get


class PythonKernel(KernelSpec):
    """A launch wrapper: ``factory(cupy, parts)`` returns the callable, where ``parts`` maps
    each name in ``uses`` to its built kernel (so the CUDA code stays in the specs above)."""

    kind = 'python'

    def __init__(self, name, factory, doc, uses=()):
        super(PythonKernel, self).__init__(name, doc)
        self.factory, self.uses = factory, tuple(uses)

    def build(self, cupy, parts=None):
        """Returns the launch wrapper: ``factory(cupy, parts)``.

        Args:
            cupy: the ``cupy`` module.
            parts (dict): name -> built kernel, for each name of ``uses``.
        """
        return self.factory(cupy, parts or {})


#: Preamble giving elementwise/reduction kernels ``A``, the accumulator type of ``T``
#: (float for float16, else ``T``), and ``_sigmoid``; float16 math runs in float.
ACC_PREAMBLE = '''
template <typename U> struct _acc_of { typedef U type; };
template <> struct _acc_of<float16> { typedef float type; };
typedef _acc_of<T>::type A;
template <typename U> __device__ U _sigmoid(U x) {
  return tanh(x * U(0.5)) * U(0.5) + U(0.5);
}
'''


def unary(name, params, expression, doc, out='y'):
    """An elementwise kernel ``out = (T)(expression)`` over float ``T`` with
    :data:`ACC_PREAMBLE`; ``params`` lists the inputs (Python scalars after ``;``).

    Example: ``unary('elu_fwd', 'x; alpha', 'v >= 0 ? v : ...', doc)``; inside the
    expression each array input ``x`` is also available as ``A``-typed ``x_``.
    """
    arrays, _, scalars = params.partition(';')
    arrays = [a.strip() for a in arrays.split(',') if a.strip()]
    scalars = [s.strip() for s in scalars.split(',') if s.strip()]
    loads = ' '.join('const A {0}_ = (A){0};'.format(n) for n in arrays + scalars)
    return ElementwiseSpec(
        name, ', '.join('T ' + n for n in arrays + scalars), 'T ' + out,
        '{} {} = (T)({})'.format(loads, out, expression), doc, preamble=ACC_PREAMBLE,
        scalars=scalars)
