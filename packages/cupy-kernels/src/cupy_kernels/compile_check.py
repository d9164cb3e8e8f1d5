"""Compile every CUDA source of the kernel library with NVRTC, without a GPU.

``python -m cupy_kernels.compile_check [sm_80 sm_90 ...]`` compiles with every NVRTC
toolchain installed (CUDA 12 and CUDA 13 wheels, toolkits: :func:`nvrtc.toolchains`) and
exits 1 on any compile error, or when no toolchain is installed.

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
    # CuPy's headers (a conditional block, see codegen.HEADERS) once at the top, then
    # the other includes of the sources, then each source's body in a namespace of its
    # own
    includes, bodies = [], []
    for index, (label, source) in enumerate(sources):
        if source.startswith(codegen.HEADERS):
            source = source[len(codegen.HEADERS):]
        body = []
        for line in source.splitlines():
            if line.startswith('#include'):
                if line not in includes:
                    includes.append(line)
            else:
                body.append(line)
        text = _KERNEL_RE.sub(r'\g<1>\g<2>__{}('.format(index), '\n'.join(body))
        bodies.append('// {}\nnamespace _k{} {{\n{}\n}}\n'.format(label, index, text))
    return codegen.HEADERS + '\n'.join(includes) + '\n' + '\n'.join(bodies)


def check(arch, sources=None, toolchain=None):
    """Compiles ``sources`` (default: :func:`all_sources`) for ``arch`` with
    ``toolchain`` (an :class:`nvrtc.Toolchain`; the default one when None).

    Returns:
        list of ``(label, log)`` of the sources that fail (empty when all compile).

    Raises:
        NvrtcError: when NVRTC or the headers cannot be found.
    """
    sources = all_sources() if sources is None else sources
    includes = nvrtc.include_dirs(toolchain)
    try:
        nvrtc.compile_source(_batch(sources), arch, 'library.cu', includes,
                             toolchain=toolchain)
        return []
    except nvrtc.NvrtcError:
        failures = []
        for label, source in sources:
            try:
                nvrtc.compile_source(source, arch, label, includes, toolchain=toolchain)
            except nvrtc.NvrtcError as e:
                failures.append((label, e.log))
        return failures or [('library.cu', 'the batch failed but every source compiles '
                             'alone: a clash between sources')]


def main(argv=None):
    """Compiles every kernel source for each architecture of ``argv`` (default
    :data:`ARCHS`) with each installed toolchain, prints a line per toolchain and
    architecture and each failure's log; returns the exit status (1 when a source
    failed or no toolchain is installed)."""
    archs = (argv if argv is not None else sys.argv[1:]) or ARCHS
    chains = nvrtc.toolchains()
    if not chains:
        print('no NVRTC toolchain installed: pip install "cupy-kernels[nvrtc]"')
        return 1
    sources = all_sources()
    status = 0
    for chain in chains:
        major, minor = nvrtc.version(chain)
        for arch in archs:
            failures = check(arch, sources, chain)
            print('{} (NVRTC {}.{}) {}: {} sources, {} failed'.format(
                chain.name, major, minor, arch, len(sources), len(failures)))
            for label, log in failures:
                print('--- {}\n{}'.format(label, log))
                status = 1
    return status


if __name__ == '__main__':
    sys.exit(main())
