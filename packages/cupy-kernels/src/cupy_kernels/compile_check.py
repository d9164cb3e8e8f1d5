"""Compile every CUDA source of the kernel library with NVRTC, without a GPU.

``python -m cupy_kernels.compile_check [sm_80 sm_90 ...]`` exits 1 on any compile error.

All sources for one architecture are compiled as one translation unit (each source in its
own namespace, kernels renamed apart, includes hoisted) so CuPy's headers are parsed once;
when that unit fails, each source is compiled alone to name the culprits.
"""
import re
import sys

from cupy_kernels import kernels, nvrtc
from cupy_kernels.kernels import codegen

#: Architectures checked by default (Ampere and Hopper).
ARCHS = ('sm_80', 'sm_90')

_KERNEL_RE = re.compile(r'(extern "C" __global__ void )(\w+)\(')


def all_sources():
    """Returns ``[(label, source)]`` of every (kernel, dtype binding) in the library."""
    return [(label, source) for name in kernels.names()
            for label, source, _ in codegen.sources(kernels.get(name))]


def _batch(sources):
    includes, bodies = [], []
    for index, (label, source) in enumerate(sources):
        body = []
        for line in source.splitlines():
            if line.startswith('#include'):
                if line not in includes:
                    includes.append(line)
            else:
                body.append(line)
        text = _KERNEL_RE.sub(r'\g<1>\g<2>__{}('.format(index), '\n'.join(body))
        bodies.append('// {}\nnamespace _k{} {{\n{}\n}}\n'.format(label, index, text))
    return '\n'.join(includes) + '\n' + '\n'.join(bodies)


def check(arch, sources=None):
    """Compiles ``sources`` (default: :func:`all_sources`) for ``arch``.

    Returns:
        list of ``(label, log)`` of the sources that fail (empty when all compile).

    Raises:
        NvrtcError: when NVRTC or the headers cannot be found.
    """
    sources = all_sources() if sources is None else sources
    includes = nvrtc.include_dirs()
    try:
        nvrtc.compile_source(_batch(sources), arch, 'library.cu', includes)
        return []
    except nvrtc.NvrtcError:
        failures = []
        for label, source in sources:
            try:
                nvrtc.compile_source(source, arch, label, includes)
            except nvrtc.NvrtcError as e:
                failures.append((label, e.log))
        return failures or [('library.cu', 'the batch failed but every source compiles '
                             'alone: a clash between sources')]


def main(argv=None):
    """Compiles every kernel source for each architecture of ``argv`` (default
    :data:`ARCHS`), prints a line per architecture and each failure's log; returns the
    exit status (1 when a source failed)."""
    archs = (argv if argv is not None else sys.argv[1:]) or ARCHS
    sources = all_sources()
    status = 0
    for arch in archs:
        failures = check(arch, sources)
        print('{}: {} sources, {} failed'.format(arch, len(sources), len(failures)))
        for label, log in failures:
            print('--- {}\n{}'.format(label, log))
            status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
