"""chainer.testing.backend: BackendConfig and inject_backend_tests (v7)."""
import sys
import types
import unittest

import numpy
import pytest

import chainer
from chainer import backend
from chainer import testing
from chainer.testing import BackendConfig


def _mark_names(f):
    return sorted({m.name for m in getattr(f, 'pytestmark', [])})


def test_defaults_are_the_host():
    config = BackendConfig({})
    assert config.use_cuda is False and config.use_chainerx is False
    assert config.use_cudnn == 'never' and config.use_ideep == 'never'
    assert config.cuda_device is None
    assert config.xp is numpy
    assert isinstance(config.device, backend.CpuDevice)
    assert config.get_pytest_marks() == []
    x = numpy.arange(3.0)
    assert isinstance(config.get_array(x), numpy.ndarray)
    numpy.testing.assert_array_equal(config.get_array(x), x)


def test_enter_applies_and_restores_the_configuration():
    config = BackendConfig({'use_cudnn': 'always', 'cudnn_deterministic': True,
                            'autotune': True})
    before = (chainer.config.use_cudnn, chainer.config.cudnn_deterministic,
              chainer.config.autotune)
    with config as entered:
        assert entered is config
        assert chainer.config.use_cudnn == 'always'
        assert chainer.config.cudnn_deterministic is True
        assert chainer.config.autotune is True
        with config:  # re-entrant
            assert chainer.config.use_cudnn == 'always'
        assert chainer.config.use_cudnn == 'always'
    assert (chainer.config.use_cudnn, chainer.config.cudnn_deterministic,
            chainer.config.autotune) == before


def test_bad_parameters():
    with pytest.raises(TypeError):
        BackendConfig([('use_cuda', True)])
    with pytest.raises(ValueError, match='use_gpu'):
        BackendConfig({'use_gpu': True})
    with pytest.raises(ValueError, match='chainerx_device'):
        BackendConfig({'use_chainerx': True})


def test_cuda_device_defaults_to_zero_and_names():
    config = BackendConfig({'use_cuda': True})
    assert config.cuda_device == 0
    name = config.get_func_str()
    assert 'use_cuda_true' in name and 'cuda_device_0' in name
    assert 'use_chainerx_false' in name and name.count('__') == 8
    assert 'use_cuda=True' in repr(config)


@pytest.mark.parametrize('params, expected', [
    ({'use_cuda': True}, ['gpu']),
    ({'use_cuda': True, 'use_cudnn': 'always'}, ['cudnn', 'gpu']),
    ({'use_cuda': True, 'cuda_device': 1}, ['gpu', 'multi_gpu']),
    ({'use_chainerx': True, 'chainerx_device': 'native:0'}, ['chainerx']),
    ({'use_chainerx': True, 'chainerx_device': 'cuda:1'},
     ['chainerx', 'gpu', 'multi_gpu']),
    ({'use_ideep': 'always'}, ['ideep']),
])
def test_pytest_marks(params, expected):
    marks = BackendConfig(params).get_pytest_marks()

    def f():
        pass
    for mark in marks:
        f = mark(f)
    # the marks, plus the skip conditions that go with them
    assert set(_mark_names(f)) - {'skip', 'skipif'} == set(expected)


def _scratch_module():
    """A module to generate test classes into, out of pytest's sight."""
    module = types.ModuleType('_scratch_backend_tests')
    sys.modules[module.__name__] = module
    return module


def _define(module, base):
    base.__module__ = module.__name__
    setattr(module, base.__name__, base)
    return base


def test_inject_generates_one_class_per_configuration():
    module = _scratch_module()
    seen = []

    class Base(unittest.TestCase):
        def test_a(self, backend_config):
            seen.append(backend_config)

    _define(module, Base)
    bundle = testing.inject_backend_tests(
        None, [{}, {'use_cuda': True}, {'use_ideep': 'always'}])(Base)
    names = sorted(c.class_name for c in bundle.cases)
    assert len(names) == 3 and all(n.startswith('Base_use_chainerx_false') for n in names)
    cpu = getattr(module, BackendConfig({}).get_func_str().join(['Base_', '']))
    cpu('test_a').test_a()
    assert len(seen) == 1 and seen[0].xp is numpy
    gpu = getattr(module, 'Base_' + BackendConfig({'use_cuda': True}).get_func_str())
    assert 'gpu' in _mark_names(gpu.test_a)
    ideep = getattr(module, 'Base_' + BackendConfig({'use_ideep': 'always'}).get_func_str())
    assert 'ideep' in _mark_names(ideep.test_a)
    if not chainer.cuda.available:
        assert any(m.name == 'skipif' and m.args[0] for m in gpu.test_a.pytestmark)


def test_inject_with_method_names_keeps_other_tests_on_the_base_name():
    module = _scratch_module()
    calls = []

    class Partial(unittest.TestCase):
        def test_injected(self, backend_config):
            calls.append(('injected', backend_config.use_cuda))

        def test_plain(self):
            calls.append(('plain',))

    _define(module, Partial)
    testing.inject_backend_tests(['test_injected'], [{}])(Partial)
    plain = module.Partial
    assert plain is not Partial and issubclass(plain, Partial)
    assert plain.test_injected is None
    plain('test_plain').test_plain()
    variant = getattr(module, 'Partial_' + BackendConfig({}).get_func_str())
    assert variant.test_plain is None
    variant('test_injected').test_injected()
    assert calls == [('plain',), ('injected', False)]


def test_stacks_with_parameterize_in_both_orders():
    module = _scratch_module()
    seen = []

    class Stacked(unittest.TestCase):
        def test_x(self, backend_config):
            seen.append((self.n, backend_config.use_cudnn))

    _define(module, Stacked)
    inner = testing.inject_backend_tests(
        None, [{}, {'use_cudnn': 'auto'}])(Stacked)
    outer = testing.parameterize({'n': 1}, {'n': 2})(inner)
    assert len(outer.cases) == 4
    for case in outer.cases:
        case.klass('test_x').test_x()
    assert sorted(seen) == [(1, 'auto'), (1, 'never'), (2, 'auto'), (2, 'never')]
    # the intermediate classes left the module; only the final ones are there
    generated = [k for k in vars(module) if k.startswith('Stacked_')]
    assert sorted(generated) == sorted(c.class_name for c in outer.cases)

    class Other(unittest.TestCase):
        def test_x(self, backend_config):
            pass

    _define(module, Other)
    bundle = testing.inject_backend_tests(None, [{}, {}])(
        testing.parameterize({'n': 1}, {'n': 2}, {'n': 3})(Other))
    assert len(bundle.cases) == 6


def test_inject_rejects_bad_arguments():
    with pytest.raises(TypeError):
        testing.inject_backend_tests('test_a', [{}])
    with pytest.raises(TypeError):
        testing.inject_backend_tests(None, {})
    with pytest.raises(ValueError):
        testing.inject_backend_tests(None, [{'nope': 1}])


@testing.inject_backend_tests(None, [{}, {'use_cuda': True, 'use_cudnn': 'always'},
                                     {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCollectedVariants(unittest.TestCase):
    """Collected by pytest: the host variant runs, the others skip here."""

    def test_receives_a_configuration(self, backend_config):
        assert isinstance(backend_config, BackendConfig)
        with backend_config:
            a = backend_config.get_array(numpy.ones(2, numpy.float32))
        assert isinstance(a, backend_config.xp.ndarray)
