"""chainer.backend / chainer.get_device / chainer.using_device on the host, and every
device specifier's error."""
import numpy
import pytest

import chainer
from chainer import backend, cuda


class TestHostSpecifiers(object):

    @pytest.mark.parametrize('spec', ['@numpy', -1, -5, '-1', numpy.int64(-2), numpy,
                                      (numpy,)])
    def test_every_host_form_gives_the_cpu_device(self, spec):
        device = chainer.get_device(spec)
        assert isinstance(device, backend.CpuDevice)
        assert device.xp is numpy
        with chainer.using_device(spec):
            pass

    def test_a_device_is_returned_as_it_is(self):
        device = backend.CpuDevice()
        assert chainer.get_device(device) is device
        assert backend.get_device is chainer.get_device
        assert backend.using_device is chainer.using_device


class TestSpecifierErrors(object):

    @pytest.mark.parametrize('spec', ['@chainerx', '@chainerx:0', 'native:0', 'cuda:0', ''])
    def test_chainerx_specifiers_say_chainerx_is_not_part_of_the_project(self, spec):
        with pytest.raises(RuntimeError, match='ChainerX is not part of this project'):
            chainer.get_device(spec)
        with pytest.raises(RuntimeError, match='ChainerX'):
            chainer.using_device(spec)

    @pytest.mark.parametrize('spec', ['@foo', '@foo:0', '@cupy', '@cupy::0', '@cupy:x',
                                      '@cupy:-1', '@numpy:', '@numpy:0', '@:numpy',
                                      ('native', 0), (numpy, 0), ()])
    def test_malformed_strings_and_tuples_raise_value_error_naming_them(self, spec):
        with pytest.raises(ValueError) as info:
            chainer.get_device(spec)
        assert repr(spec) in str(info.value)

    @pytest.mark.parametrize('spec', [object(), None, 1.5, True, cuda.DummyDevice])
    def test_other_objects_raise_type_error_naming_them(self, spec):
        with pytest.raises(TypeError) as info:
            chainer.get_device(spec)
        assert repr(spec) in str(info.value)

    def test_intel64_says_ideep_is_not_part_of_the_project(self):
        with pytest.raises(RuntimeError, match='iDeep .*not part of this project'):
            chainer.get_device('@intel64')

    @pytest.mark.parametrize('spec', ['@cupy:0', 0, '1', numpy.int32(0)])
    def test_gpu_without_backend_gives_the_install_hint(self, spec, monkeypatch):
        monkeypatch.setattr(cuda, '_backend_cache', [None])
        with pytest.raises(RuntimeError, match='pip install "cupy-kernels'):
            chainer.get_device(spec)
        with pytest.raises(RuntimeError, match='cupy-kernels'):
            backend.GpuDevice.from_device_id(0)


class TestCpuDevice(object):

    def test_name_repr_equality_and_hash(self):
        a, b = backend.CpuDevice(), chainer.get_device('@numpy')
        assert str(a) == a.name == '@numpy'
        assert repr(a) == '<CpuDevice (numpy)>'
        assert a == b and not (a != b) and hash(a) == hash(b)
        assert len({a, b}) == 1
        assert a != 'something else'

    def test_supported_arrays(self):
        device = backend.CpuDevice()
        assert device.supported_array_types == (numpy.ndarray,)
        assert device.is_array_supported(numpy.zeros(2))
        assert not device.is_array_supported([1, 2])
        assert backend.CpuDevice.from_array(numpy.zeros(1)) == device
        assert backend.CpuDevice.from_array(3) is None

    def test_send_keeps_numpy_arrays_and_containers(self):
        device = backend.CpuDevice()
        x = numpy.arange(3)
        assert device.send(x) is x
        out = device.send([x, None, x])
        assert isinstance(out, list) and out[0] is x and out[1] is None and out[2] is x
        assert isinstance(device.send((x,)), tuple)
        scalar = device.send(numpy.float32(2))
        assert isinstance(scalar, numpy.ndarray) and scalar.dtype == numpy.float32
        with pytest.raises(TypeError, match='dict'):
            device.send({})

    def test_with_device_is_refused_and_create_context_works(self):
        device = backend.CpuDevice()
        with pytest.raises(RuntimeError, match='using_device'):
            with device:
                pass
        with device.create_context():
            device.use()


class TestArraysAndModules(object):

    @pytest.mark.parametrize('arg', [numpy.int64(1), None, 1, (), object(),
                                     numpy.zeros(2)])
    def test_anything_but_a_gpu_array_lives_on_the_host(self, arg):
        assert backend.get_device_from_array(arg) == backend.CpuDevice()

    def test_get_array_module_looks_through_variables(self):
        x = numpy.zeros(2, numpy.float32)
        assert backend.get_array_module(x) is numpy
        assert backend.get_array_module(chainer.Variable(x), 3) is numpy
        assert backend.get_array_module() is numpy

    def test_array_types(self, monkeypatch):
        monkeypatch.setattr(cuda, '_backend_cache', [None])
        assert chainer.get_array_types() == (numpy.ndarray,)
        assert chainer.get_cpu_array_types() == (numpy.ndarray,)
        assert chainer.is_arrays_compatible([])
        assert chainer.is_arrays_compatible([numpy.zeros(1), None, numpy.ones(2)])
        assert not chainer.is_arrays_compatible([numpy.zeros(1), [1]])

    def test_copyto_casts_and_broadcasts(self):
        dst = numpy.zeros((2, 3), numpy.float16)
        backend.copyto(dst, numpy.arange(3, dtype=numpy.float32))
        numpy.testing.assert_array_equal(dst, [[0, 1, 2], [0, 1, 2]])
        assert dst.dtype == numpy.float16

    @pytest.mark.parametrize('dst, src', [(numpy.zeros(1), None), (None, numpy.zeros(1)),
                                          ([0.0], numpy.zeros(1))])
    def test_copyto_refuses_non_arrays(self, dst, src):
        with pytest.raises(TypeError, match='copyto'):
            backend.copyto(dst, src)


class _MinimalDevice(backend.Device):
    # As little as a v7 user device defines (no name, no is_array_supported).
    xp = numpy
    supported_array_types = (numpy.ndarray,)

    def __init__(self, index):
        self.index = index

    def __eq__(self, other):
        return isinstance(other, _MinimalDevice) and other.index == self.index

    def send_array(self, array):
        return array.copy()


def test_a_minimal_user_device_works_with_the_base_class():
    device = _MinimalDevice(1)
    x = numpy.ones(2)
    sent = device.send([x])
    assert sent[0] is not x and (sent[0] == x).all()
    assert device.is_array_supported(x)
    assert device != _MinimalDevice(2) and not (device != _MinimalDevice(1))
    assert chainer.get_device(device) is device
