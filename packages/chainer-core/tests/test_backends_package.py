"""chainer.backends (the cuda alias, intel64 without iDeep, the ChainerX names), the
top-level chainerx module, and the lazy v4+ names of the chainer package."""
import subprocess
import sys

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer.backends import _chainerx, intel64


def test_backends_cuda_is_the_chainer_cuda_module(monkeypatch):
    import chainer.backends.cuda
    from chainer.backends import cuda as via_from
    assert chainer.backends.cuda is chainer.cuda is via_from
    monkeypatch.setattr(chainer.backends.cuda, '_max_workspace_size', 123)
    assert chainer.cuda.get_max_workspace_size() == 123
    assert chainer.cuda.GpuDevice is backend.GpuDevice


def test_backends_cuda_imported_first_in_a_fresh_process_is_chainer_cuda():
    code = ('import chainer.backends.cuda as a, chainer.cuda as b, sys; '
            'print(a is b, sys.modules["chainer.backends.cuda"] is b)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ['True', 'True']


def test_import_chainer_stays_lazy_and_the_names_resolve_on_access():
    code = ('import sys, chainer; '
            'print(any(m in sys.modules for m in ("chainer.backend", "chainer.backends", '
            '"chainer.device_resident", "chainerx"))); '
            'print(chainer.get_device("@numpy"), "get_device" in dir(chainer)); '
            'from chainer import DeviceResident, using_device, backends; '
            'print(chainer.backend.get_device is chainer.get_device)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ['False', '@numpy', 'True', 'True']


def test_intel64_without_ideep():
    assert intel64.is_ideep_available() is False
    for level in ('==always', '>=auto'):
        assert intel64.should_use_ideep(level) is False
    x = numpy.zeros((2, 3), numpy.float32)
    assert intel64.inputs_all_ready((x, chainer.Variable(x))) is False
    assert not isinstance(x, intel64.mdarray)
    assert intel64.Intel64Device.from_array(x) is None
    with pytest.raises(RuntimeError, match='iDeep .*not part of this project'):
        intel64.check_ideep_available()
    with pytest.raises(RuntimeError, match='iDeep'):
        backend.Intel64Device()


def test_chainerx_module_says_it_is_not_provided():
    assert chainerx.is_available() is False
    assert not isinstance(numpy.zeros(1), chainerx.ndarray)
    with pytest.raises(RuntimeError, match='not part of this project'):
        chainerx.ndarray((2,))
    with pytest.raises(AttributeError, match='chainerx.array is not available.*not part'):
        chainerx.array
    assert not hasattr(chainerx, 'Device')
    with pytest.raises(ImportError):
        from chainerx import get_device  # noqa: F401


def test_chainerx_device_names_raise_and_from_chx_is_the_identity():
    with pytest.raises(RuntimeError, match='ChainerX is not part of this project'):
        backend.ChainerxDevice('native:0')
    with pytest.raises(RuntimeError, match='ChainerX'):
        backend.ChainerxDevice.from_fallback_device(backend.CpuDevice())
    with pytest.raises(RuntimeError, match='ChainerX'):
        backend.to_chx(numpy.zeros(1))
    x = numpy.zeros(1)
    assert backend.from_chx(x) is x
    assert backend.from_chx([x, None])[0] is x
    assert _chainerx.ChainerxDevice.from_array(x) is None
    with pytest.raises(TypeError, match='from_chx'):
        backend.from_chx('abc')


def test_ideep_and_chainerx_test_marks_always_skip():
    from chainer.testing import attr

    @attr.ideep
    def needs_ideep():
        pass

    @attr.chainerx
    def needs_chainerx():
        pass

    for f, name in ((needs_ideep, 'ideep'), (needs_chainerx, 'chainerx')):
        marks = {m.name: m for m in f.pytestmark}
        assert name in marks and 'not part of this project' in marks['skip'].kwargs['reason']
        assert name in attr.MARKERS
