"""Tests of the ternary flags ON/OFF/AUTO and aggregate_flags."""
import pickle

import pytest

import chainer
from chainer import flag


@pytest.mark.parametrize('name,expected', [
    ('on', chainer.ON), ('ON', chainer.ON), (True, chainer.ON),
    ('off', chainer.OFF), ('OFF', chainer.OFF), (False, chainer.OFF),
    ('auto', chainer.AUTO), ('AUTO', chainer.AUTO), (None, chainer.AUTO),
])
def test_flag_names_give_the_singletons(name, expected):
    assert chainer.Flag(name) is expected
    assert chainer.Flag(expected) is expected
    assert expected == name


def test_bool_conversion():
    assert bool(chainer.ON) is True
    assert bool(chainer.OFF) is False
    with pytest.raises(ValueError, match='AUTO'):
        bool(chainer.AUTO)


def test_equality_and_hash():
    assert chainer.ON != chainer.OFF
    assert chainer.ON != 'off'
    assert chainer.ON != 'nonsense'
    assert len({chainer.ON, chainer.Flag('on'), chainer.OFF}) == 2


def test_repr_and_pickle():
    assert repr(chainer.ON) == 'ON' and str(chainer.AUTO) == 'AUTO'
    assert pickle.loads(pickle.dumps(chainer.OFF)) is chainer.OFF


def test_invalid_name():
    with pytest.raises(ValueError, match='invalid flag'):
        chainer.Flag('yes')
    with pytest.raises(ValueError):
        chainer.Flag([])


@pytest.mark.parametrize('flags,expected', [
    ([], chainer.AUTO),
    ([chainer.AUTO, chainer.AUTO], chainer.AUTO),
    ([chainer.ON, chainer.AUTO], chainer.ON),
    ([chainer.AUTO, chainer.OFF], chainer.OFF),
    ([chainer.OFF, chainer.OFF], chainer.OFF),
])
def test_aggregate_flags(flags, expected):
    assert flag.aggregate_flags(flags) is expected


def test_aggregate_flags_rejects_on_and_off():
    with pytest.raises(ValueError, match='mixed'):
        flag.aggregate_flags([chainer.ON, chainer.AUTO, chainer.OFF])
