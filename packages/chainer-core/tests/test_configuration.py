"""chainer.config / global_config / using_config: per-thread values over global ones."""
import io
import threading

import numpy
import pytest

import chainer
from chainer import configuration
from chainer._config_defaults import DEFAULTS, apply_defaults


def test_every_v7_key_has_its_default():
    for key, (default, _, _) in DEFAULTS.items():
        assert getattr(chainer.global_config, key) == default or key == 'debug'
    assert chainer.config.train is True
    assert chainer.config.dtype == numpy.float32
    assert chainer.config.use_cudnn == 'auto'


def test_environment_variables_set_the_defaults():
    g = configuration.GlobalConfig()
    apply_defaults(g, {'CHAINER_TYPE_CHECK': '0', 'CHAINER_DTYPE': 'float16',
                       'CHAINER_USE_CUDNN': 'never', 'CHAINER_DEBUG': '1'})
    assert g.type_check is False and g.debug is True
    assert g.dtype == numpy.float16 and g.use_cudnn == 'never'
    apply_defaults(g, {'CHAINER_DTYPE': 'mixed16'})
    assert g.dtype is chainer.mixed16
    with pytest.raises(TypeError, match='CHAINER_DTYPE'):
        apply_defaults(g, {'CHAINER_DTYPE': 'int8'})
    with pytest.raises(ValueError, match='CHAINER_DEBUG'):
        apply_defaults(g, {'CHAINER_DEBUG': 'yes'})


def test_using_config_restores_the_previous_value_even_after_an_error():
    with pytest.raises(KeyError):
        with chainer.using_config('train', False):
            assert chainer.config.train is False
            raise KeyError
    assert chainer.config.train is True
    assert 'train' not in chainer.config.__dict__  # the global value shows again


def test_a_threads_value_does_not_leak_into_another_thread():
    seen = []
    with chainer.using_config('train', False):
        t = threading.Thread(target=lambda: seen.append(chainer.config.train))
        t.start()
        t.join()
    assert seen == [True]


def test_a_global_change_shows_in_threads_that_did_not_set_the_key():
    try:
        chainer.global_config.train = False
        assert chainer.config.train is False
        with chainer.using_config('train', True):
            assert chainer.config.train is True
        assert chainer.config.train is False
    finally:
        chainer.global_config.train = True


def test_new_keys_and_unknown_keys():
    with chainer.using_config('my_key', 3):
        assert chainer.config.my_key == 3
    with pytest.raises(AttributeError):
        chainer.config.my_key


def test_local_configs_on_their_own_global():
    g = configuration.GlobalConfig()
    g.x = 1
    local = configuration.LocalConfig(g)
    assert local.x == 1
    local.x = 2
    assert local.x == 2 and g.x == 1
    del local.x
    assert local.x == 1
    g.x = 5
    assert local.x == 5
    with chainer.using_config('x', 7, local):
        assert local.x == 7
    assert local.x == 5


def test_show_lists_the_keys_in_order():
    out = io.StringIO()
    with chainer.using_config('train', False):
        chainer.config.show(out)
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == sorted(line.split()[0] for line in lines)
    assert any(line.split() == ['train', 'False'] for line in lines)


def test_the_hot_keys_are_counted_while_they_differ():
    before = configuration.deviations.enable_backprop
    with chainer.no_backprop_mode():
        assert configuration.deviations.enable_backprop == before + 1
        with chainer.force_backprop_mode():
            assert configuration.deviations.enable_backprop == before
    assert configuration.deviations.enable_backprop == before


def test_debug_mode_is_the_debug_key():
    assert not chainer.is_debug()
    with chainer.using_config('debug', True):
        assert chainer.is_debug()
        x = chainer.Variable(numpy.array([numpy.nan], numpy.float32))
        with pytest.raises(RuntimeError, match='NaN'):
            x * 2
    chainer.set_debug(True)
    try:
        assert chainer.global_config.debug and chainer.is_debug()
    finally:
        chainer.set_debug(False)
    assert not chainer.is_debug()


def test_type_check_key_switches_checks_off():
    x = chainer.Variable(numpy.ones(3, numpy.int32))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        x * x  # integer multiplication is refused by the check
    with chainer.using_config('type_check', False):
        y = x * x
    assert (y.data == 1).all()


def test_get_dtype():
    assert chainer.get_dtype() == numpy.float32
    assert chainer.get_dtype(numpy.float64) == numpy.float64
    with chainer.using_config('dtype', chainer.mixed16):
        assert chainer.get_dtype() == numpy.float16
        assert chainer.get_dtype(map_mixed16=numpy.float32) == numpy.float32
