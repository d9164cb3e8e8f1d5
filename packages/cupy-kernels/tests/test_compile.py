"""Every CUDA source of the library compiles under NVRTC for sm_80 and sm_90, no GPU needed.

Needs the [test] extra (nvidia-cuda-nvrtc-cu12, nvidia-cuda-runtime-cu12 for cuda_fp16.h,
cupy-cuda12x for CuPy's kernel headers). Skipped, with the reason, only when NVRTC or the
headers cannot be found; CUPY_KERNELS_REQUIRE_NVRTC=1 turns that skip into a failure.
"""
import os

import pytest

from cupy_kernels import compile_check, nvrtc
from cupy_kernels.kernels import codegen
from cupy_kernels.kernels.spec import ElementwiseSpec, FLOATS, RawSpec


@pytest.fixture(scope='module')
def toolchain():
    try:
        nvrtc.load()
        nvrtc.include_dirs()
    except nvrtc.NvrtcError as e:
        if os.environ.get('CUPY_KERNELS_REQUIRE_NVRTC') == '1':
            pytest.fail(str(e))
        pytest.skip(str(e))
    return nvrtc.version()


@pytest.mark.parametrize('arch', compile_check.ARCHS)
def test_every_source_compiles(toolchain, arch):
    failures = compile_check.check(arch)
    assert not failures, '\n'.join('{}:\n{}'.format(label, log) for label, log in failures)


def test_every_float_kernel_is_checked_for_each_float_dtype():
    labels = [label for label, _ in compile_check.all_sources()]
    for dtype in FLOATS:
        assert 'relu_fwd[T={}]'.format(dtype) in labels
        assert 'softmax_rows[{}]'.format(dtype) in labels
        assert 'scatter_add_rows[S=int64,T={}]'.format(dtype) in labels
    assert len(labels) == len(set(labels))


def test_a_typo_in_an_operation_fails(toolchain):
    bad = ElementwiseSpec('bad_fwd', 'T x', 'T y', 'y = x * undefined_name', 'broken')
    sources = [(label, src) for label, src, _ in codegen.sources(bad)][:1]
    failures = compile_check.check('sm_80', sources)
    assert failures and 'undefined_name' in failures[0][1]


def test_a_type_error_in_a_raw_kernel_fails(toolchain):
    bad = RawSpec('bad_raw', 'extern "C" __global__ void k(T* x) { x[0] = x; }', ['k'],
                  'broken', dtypes=('float32',))
    failures = compile_check.check('sm_90', [('bad_raw', bad.source_for('float32'))])
    assert failures and failures[0][0] == 'bad_raw'


def test_compile_check_cli_reports_success(toolchain, capsys):
    one = [next(iter(compile_check.all_sources()))]
    assert compile_check.check('sm_80', one) == []
