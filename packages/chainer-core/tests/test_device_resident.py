"""chainer.DeviceResident as a base class and as a mixin: to_device and the deprecated
to_cpu/to_gpu, the visitor protocol, final and deprecated overrides."""
import warnings

import numpy
import pytest

import chainer
from chainer import backend
from chainer.device_resident import DeviceResidentsVisitor

import _fake_cuda
from _fake_cuda import FakeArray, FakeDevice


class Holder(chainer.DeviceResident):
    """Owns one array, one Variable and optional children."""

    def __init__(self, *children):
        super().__init__()
        self.table = numpy.arange(3, dtype=numpy.float32)
        self.var = chainer.Variable(numpy.ones(2, numpy.float32))
        self.children = children

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        self.table = visitor.visit_array(self.table)
        visitor.visit_variable(self.var)
        for child in self.children:
            child.device_resident_accept(visitor)


class Base(object):
    def __init__(self, size):
        self.size = size


class Mixed(Base, chainer.DeviceResident):
    """A mixin user that never calls DeviceResident.__init__."""


@pytest.fixture
def gpu(monkeypatch):
    return _fake_cuda.install(monkeypatch)


def test_a_resident_starts_on_the_host():
    h = Holder()
    assert h.device == backend.CpuDevice() and h.xp is numpy
    x = h.table
    assert h.to_device('@numpy') is h and h.table is x


def test_to_device_moves_arrays_variables_and_children(gpu):
    child = Holder()
    parent = Holder(child)
    parent.to_device('@cupy:1')
    for h in (parent, child):
        assert h.device == chainer.get_device('@cupy:1')
        assert h.xp is _fake_cuda.cupy
        assert isinstance(h.table, FakeArray) and h.table.device.id == 1
        assert isinstance(h.var.data, FakeArray) and h.var.data.device.id == 1
    parent.to_device(-1)
    assert isinstance(child.table, numpy.ndarray) and child.device == backend.CpuDevice()
    assert (child.table == [0, 1, 2]).all()


def test_deprecated_to_gpu_and_to_cpu_warn_and_move(gpu):
    h = Holder()
    with pytest.warns(DeprecationWarning, match="to_device\\('@cupy:N'\\)"):
        assert h.to_gpu(1) is h
    assert h.device.device.id == 1 and h.table.device.id == 1
    with pytest.warns(RuntimeWarning, match='already on GPU 1'):
        with pytest.warns(DeprecationWarning):
            h.to_gpu(0)  # v1: to_gpu leaves arrays already on a GPU where they are
    assert h.table.device.id == 1
    h.to_device('@cupy:0')  # to_device moves them
    assert h.table.device.id == 0
    with pytest.warns(DeprecationWarning, match="to_device\\('@numpy'\\)"):
        h.to_cpu()
    assert isinstance(h.table, numpy.ndarray)


def test_to_gpu_without_backend_says_what_to_install(monkeypatch):
    monkeypatch.setattr(chainer.cuda, '_backend_cache', [None])
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        Holder().to_gpu()


def test_intel64_and_chainerx_are_refused_with_the_reason():
    h = Holder()
    with pytest.raises(RuntimeError, match='iDeep'):
        h.to_intel64()
    with pytest.raises(RuntimeError, match='ChainerX'):
        h.to_chx()
    assert h.from_chx() is h


def test_works_as_a_mixin_without_its_init(gpu):
    m = Mixed(3)
    assert m.device == backend.CpuDevice()
    m.to_device('@cupy:0')
    assert m.device == chainer.get_device('@cupy:0') and m.size == 3


def test_final_methods_cannot_be_overridden():
    for name in ('to_device', 'to_chx', 'from_chx'):
        with pytest.raises(TypeError, match='final method DeviceResident.' + name):
            type('Bad', (chainer.DeviceResident,), {name: lambda self, *a: self})


def test_an_overridden_deprecated_method_warns_and_is_called_on_its_device():
    calls = []
    with pytest.warns(DeprecationWarning, match='overrides DeviceResident.to_cpu'):
        class Legacy(chainer.DeviceResident):
            def to_cpu(self):
                calls.append(self)
                return self
    child = Legacy()
    parent = Holder(child)
    parent.to_device('@numpy')
    assert calls == [child] and child.device == backend.CpuDevice()


def test_visitors_are_abstract_and_a_custom_one_sees_everything():
    class Incomplete(DeviceResidentsVisitor):
        def visit_array(self, arr):
            return arr
    with pytest.raises(TypeError):
        Incomplete()

    class Counter(DeviceResidentsVisitor):
        def __init__(self):
            self.seen = []

        def visit_device_resident(self, device_resident):
            self.seen.append('resident')

        def visit_array(self, arr):
            self.seen.append('array')
            return arr * 2

        def visit_variable(self, param):
            self.seen.append('variable')

    h = Holder(Holder())
    counter = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        h.device_resident_accept(counter)
    assert counter.seen == ['resident', 'array', 'variable'] * 2
    assert (h.table == [0, 2, 4]).all()
