"""Expansion of elementwise/reduction specs into the full CUDA source CuPy compiles.

CuPy builds the source of an ``ElementwiseKernel`` or ``ReductionKernel`` only when it is
called with arrays (it needs their dtypes and ndim), which needs a device. To prove on a
CPU-only machine that every operation compiles, this module writes the same kind of
translation unit for a given type binding: CuPy's headers, ``typedef``s of the type
variables, the preamble, and a ``__global__`` function with ``CArray``/``CIndexer``
parameters, the index loop and the operation (for reductions: the map, a shared-memory tree
of ``REDUCE`` and the post-map), so a typo or a type error in an operation fails to compile.
"""
from cupy_kernels.kernels import spec as _spec

#: CuPy's headers, the start of every source. ``float16`` lives in ``carray.cuh`` up to
#: CuPy 13 (the last release for Python 3.9) and in a ``float16.cuh`` of its own from
#: CuPy 14 on.
HEADERS = ('#include <cupy/complex.cuh>\n#include <cupy/carray.cuh>\n'
           '#if __has_include(<cupy/float16.cuh>)\n#include <cupy/float16.cuh>\n#endif\n'
           '#include <cupy/atomics.cuh>\n')
#: ndim of the index space of the generated loop (2 exercises the CIndexer arithmetic).
_LOOP_NDIM = 2
_BLOCK = 512


def _typedefs(binding):
    return ''.join('typedef {} {};\n'.format(_spec.C_TYPES[d], var)
                   for var, d in sorted(binding.items()))


def _kernel_params(spec, binding, params, ndim=_LOOP_NDIM):
    """Kernel parameter declarations and per-index load statements for ``params``."""
    decls, loads = [], []
    for p in params:
        ctype = p.ctype(binding)
        if p.raw:
            decls.append('CArray<{}, {}> {}'.format(ctype, spec.raw_ndim.get(p.name, 1),
                                                    p.name))
        elif p.name in spec.scalars:
            decls.append('const {} {}'.format(ctype, p.name))
        else:
            decls.append('CArray<{}, {}> _raw_{}'.format(ctype, ndim, p.name))
            loads.append(p)
    return decls, loads


def elementwise_source(spec, binding):
    """Returns the CUDA translation unit of ElementwiseSpec ``spec`` under ``binding``.

    Args:
        spec (ElementwiseSpec): the kernel.
        binding (dict): type variable -> dtype name (one of ``spec.bindings()``).
    """
    ins, outs = _spec.parse_params(spec.in_params), _spec.parse_params(spec.out_params)
    in_decls, in_loads = _kernel_params(spec, binding, ins)
    out_decls, out_loads = _kernel_params(spec, binding, outs)
    body = ''.join('    const {} {} = _raw_{}[_ind.get()];\n'.format(
        p.ctype(binding), p.name, p.name) for p in in_loads)
    body += ''.join('    {} &{} = _raw_{}[_ind.get()];\n'.format(
        p.ctype(binding), p.name, p.name) for p in out_loads)
    return HEADERS + _typedefs(binding) + spec.preamble + (
            '\nextern "C" __global__ void {name}({params}) {{\n'
            '  CUPY_FOR(i, _ind.size()) {{\n'
            '    _ind.set(i);\n'
            '{body}'
            '    {operation};\n'
            '  }}\n'
            '}}\n').format(name=spec.name,
                           params=', '.join(in_decls + out_decls +
                                            ['CIndexer<{}> _ind'.format(_LOOP_NDIM)]),
                           body=body, operation=spec.operation)


def reduction_source(spec, binding):
    """Returns the CUDA translation unit of ReductionSpec ``spec`` under ``binding``.

    The layout follows CuPy's reduction kernels: each block reduces ``_block_stride``
    outputs; ``_j`` runs over the flat input index, ``_in_ind``/``_out_ind`` map flat
    indices to array offsets, and ``_type_reduce`` is the accumulator type.
    """
    ins, outs = _spec.parse_params(spec.in_params), _spec.parse_params(spec.out_params)
    in_decls, in_loads = _kernel_params(spec, binding, ins)
    out_decls, out_loads = _kernel_params(spec, binding, outs, ndim=1)
    reduce_type = (_spec.C_TYPES[binding[spec.reduce_type]] if spec.reduce_type in binding
                   else spec.reduce_type)
    loads = ''.join('      const {} {} = _raw_{}[_in_ind.get()];\n'.format(
        p.ctype(binding), p.name, p.name) for p in in_loads)
    stores = ''.join('        {} &{} = _raw_{}[_out_ind.get()];\n'.format(
        p.ctype(binding), p.name, p.name) for p in out_loads)
    params = in_decls + out_decls + ['CIndexer<{}> _in_ind'.format(_LOOP_NDIM),
                                     'CIndexer<1> _out_ind', 'const int _block_stride']
    return HEADERS + _typedefs(binding) + spec.preamble + (
            '\ntypedef {reduce_type} _type_reduce;\n'
            '#define REDUCE(a, b) ({reduce})\n'
            'extern "C" __global__ void {name}({params}) {{\n'
            '  __shared__ char _sdata_raw[{block} * sizeof(_type_reduce)];\n'
            '  _type_reduce *_sdata = reinterpret_cast<_type_reduce*>(_sdata_raw);\n'
            '  unsigned int _tid = threadIdx.x;\n'
            '  int _J_offset = _tid >> __popc(_block_stride - 1);\n'
            '  ptrdiff_t _j_offset = (ptrdiff_t)_J_offset * _out_ind.size();\n'
            '  int _J_stride = {block} >> __popc(_block_stride - 1);\n'
            '  ptrdiff_t _j_stride = (ptrdiff_t)_J_stride * _out_ind.size();\n'
            '  for (ptrdiff_t _i_base = (ptrdiff_t)blockIdx.x * _block_stride;\n'
            '       _i_base < _out_ind.size();\n'
            '       _i_base += (ptrdiff_t)gridDim.x * _block_stride) {{\n'
            '    _type_reduce _s = _type_reduce({identity});\n'
            '    ptrdiff_t _i = _i_base + (_tid & (_block_stride - 1));\n'
            '    int _J = _J_offset;\n'
            '    for (ptrdiff_t _j = _i + _j_offset; _j < _in_ind.size();\n'
            '         _j += _j_stride, _J += _J_stride) {{\n'
            '      _in_ind.set(_j);\n'
            '{loads}'
            '      _type_reduce _a = static_cast<_type_reduce>({map_expr});\n'
            '      _s = REDUCE(_s, _a);\n'
            '    }}\n'
            '    _sdata[_tid] = _s;\n'
            '    __syncthreads();\n'
            '    for (unsigned int _k = {block} / 2; _k >= (unsigned int)_block_stride;'
            ' _k >>= 1) {{\n'
            '      if (_tid < _k) {{\n'
            '        _type_reduce a = _sdata[_tid], b = _sdata[_tid + _k];\n'
            '        _sdata[_tid] = REDUCE(a, b);\n'
            '      }}\n'
            '      __syncthreads();\n'
            '    }}\n'
            '    if (_J_offset == 0 && _i < _out_ind.size()) {{\n'
            '        _out_ind.set(_i);\n'
            '{stores}'
            '        _type_reduce a = _sdata[_tid];\n'
            '        {post_map_expr};\n'
            '    }}\n'
            '    __syncthreads();\n'
            '  }}\n'
            '}}\n').format(reduce=spec.reduce_expr, name=spec.name,
                           params=', '.join(params), block=_BLOCK, identity=spec.identity,
                           loads=loads, map_expr=spec.map_expr, stores=stores,
                           post_map_expr=spec.post_map_expr,
                           reduce_type=reduce_type)


def sources(spec):
    """Yields ``(label, cuda_source, needs_cupy_headers)`` for every dtype of ``spec``.

    Python wrappers own no CUDA code and yield nothing.
    """
    if spec.kind == 'raw':
        for dtype in spec.dtypes:
            yield '{}[{}]'.format(spec.name, dtype), spec.source_for(dtype), False
    elif spec.kind in ('elementwise', 'reduction'):
        generate = elementwise_source if spec.kind == 'elementwise' else reduction_source
        for binding in spec.bindings():
            label = '{}[{}]'.format(spec.name, ','.join(
                '{}={}'.format(k, v) for k, v in sorted(binding.items())))
            yield label, generate(spec, binding), True
