"""Every CUDA source of the library compiles under NVRTC for sm_80 and sm_90 with both
the CUDA 12 and the CUDA 13 toolchain, no GPU needed.

Needs the [test] extra (nvidia-cuda-nvrtc-cu12 and nvidia-cuda-runtime-cu12 for CUDA 12,
nvidia-cuda-nvrtc and nvidia-cuda-runtime 13 for CUDA 13, cupy-cuda12x for CuPy's kernel
headers). A toolchain that cannot be found is skipped with the reason;
CUPY_KERNELS_REQUIRE_NVRTC=1 turns that skip into a failure.
"""
import os
import sys

import pytest

from cupy_kernels import compile_check, nvrtc
from cupy_kernels.kernels import codegen
from cupy_kernels.kernels.spec import ElementwiseSpec, FLOATS, RawSpec


@pytest.fixture(scope='module', params=['cuda12', 'cuda13'])
def toolchain(request):
    try:
        chain = nvrtc.find(request.param)
        nvrtc.include_dirs(chain)
    except nvrtc.NvrtcError as e:
        if os.environ.get('CUPY_KERNELS_REQUIRE_NVRTC') == '1':
            pytest.fail(str(e))
        pytest.skip(str(e))
    assert nvrtc.version(chain)[0] == int(request.param[len('cuda'):])
    return chain


@pytest.mark.parametrize('arch', compile_check.ARCHS)
def test_every_source_compiles(toolchain, arch):
    failures = compile_check.check(arch, toolchain=toolchain)
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
    failures = compile_check.check('sm_80', sources, toolchain)
    assert failures and 'undefined_name' in failures[0][1]


def test_a_type_error_in_a_raw_kernel_fails(toolchain):
    bad = RawSpec('bad_raw', 'extern "C" __global__ void k(T* x) { x[0] = x; }', ['k'],
                  'broken', dtypes=('float32',))
    failures = compile_check.check('sm_90', [('bad_raw', bad.source_for('float32'))],
                                   toolchain)
    assert failures and failures[0][0] == 'bad_raw'


def test_compile_check_cli_reports_success(toolchain, capsys):
    one = [next(iter(compile_check.all_sources()))]
    assert compile_check.check('sm_80', one, toolchain) == []


def _fake_wheel(root, package_path, files):
    for name in files:
        path = root.joinpath(*package_path.split('.'), name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('')


def test_toolchains_are_found_in_both_wheel_layouts(tmp_path, monkeypatch):
    # CUDA 12 wheels: nvidia/cuda_nvrtc/lib + nvidia/cuda_runtime/include;
    # CUDA 13 wheels: both in nvidia/cu13/{lib,include}.
    _fake_wheel(tmp_path, 'nvidia.cu13', ['lib/libnvrtc.so.13', 'lib/libnvrtc-builtins.so.13.5',
                                          'include/cuda_fp16.h'])
    _fake_wheel(tmp_path, 'nvidia.cuda_nvrtc', ['lib/libnvrtc.so.12'])
    _fake_wheel(tmp_path, 'nvidia.cuda_runtime', ['include/cuda_fp16.h'])
    for name in [m for m in sys.modules if m == 'nvidia' or m.startswith('nvidia.')]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, 'path', [str(tmp_path)])
    monkeypatch.setattr(nvrtc, '_toolkit_dirs', lambda: [])
    monkeypatch.delenv('CUPY_KERNELS_NVRTC', raising=False)
    found = {t.name: t for t in nvrtc.toolchains()}
    assert list(found) == ['cuda13', 'cuda12']
    assert found['cuda13'].libraries == [str(tmp_path / 'nvidia/cu13/lib/libnvrtc.so.13')]
    assert found['cuda13'].include == str(tmp_path / 'nvidia/cu13/include')
    assert found['cuda12'].libraries == [str(tmp_path / 'nvidia/cuda_nvrtc/lib/libnvrtc.so.12')]
    assert found['cuda12'].include == str(tmp_path / 'nvidia/cuda_runtime/include')
    monkeypatch.setenv('CUPY_KERNELS_NVRTC', '/opt/libnvrtc.so')
    assert nvrtc.toolchains()[0] == nvrtc.Toolchain(
        'explicit', ['/opt/libnvrtc.so'], str(tmp_path / 'nvidia/cu13/include'))


def test_a_missing_toolchain_says_what_to_install(monkeypatch):
    monkeypatch.setattr(nvrtc, 'toolchains', lambda: [])
    with pytest.raises(nvrtc.NvrtcError, match='pip install "nvidia-cuda-nvrtc>=13,<14"'):
        nvrtc.find('cuda13')
    with pytest.raises(nvrtc.NvrtcError, match='pip install nvidia-cuda-nvrtc-cu12'):
        nvrtc.find('cuda12')
