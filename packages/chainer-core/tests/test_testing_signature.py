"""Tests of chainer.testing.check_signature and its parsing helpers: the comparison must
fail on every kind of drift, or the spec-signature tests of every package would pass
vacuously."""
import inspect

import numpy
import pytest

from chainer import testing
from chainer.testing.signature import implemented_parameters
from chainer.testing.signature import parse_signature

_P = inspect.Parameter


def reference(x, axis=1, keepdims=False):
    pass


def test_exported_from_chainer_testing():
    from chainer.testing import signature
    assert testing.check_signature is signature.check_signature


def test_accepts_the_documented_signature():
    testing.check_signature(reference, '(x, axis=1, keepdims=False)')


def test_ellipsis_checks_the_position_but_not_the_value():
    testing.check_signature(reference, '(x, axis=..., keepdims=...)')


def test_explained_extras_are_allowed():
    testing.check_signature(reference, '(x, axis=1)', extras=['keepdims'])


@pytest.mark.parametrize('text', [
    '(y, axis=1, keepdims=False)',              # renamed
    '(x, keepdims=False, axis=1)',              # reordered
    '(x, axis=0, keepdims=False)',              # re-defaulted
    '(x, axis=1, keepdims=True)',               # re-defaulted
    '(x, axis=1.0, keepdims=False)',            # same value, other type
    '(x, axis=1)',                              # unexplained addition
    '(x, axis=1, keepdims=False, out=None)',    # missing parameter
    '(*x)',                                     # other kind
    '(x=0, axis=1, keepdims=False)',            # documented default, none implemented
    '(x, axis, keepdims=False)',                # default implemented, none documented
])
def test_catches_drift(text):
    with pytest.raises(AssertionError):
        testing.check_signature(reference, text)


def test_extras_must_be_the_added_parameters_in_order():
    with pytest.raises(AssertionError):
        testing.check_signature(reference, '(x)', extras=['keepdims', 'axis'])
    with pytest.raises(AssertionError):
        testing.check_signature(reference, '(x, axis=1)', extras=[])


def test_an_added_parameter_needs_a_default():
    with pytest.raises(AssertionError, match='axis'):
        testing.check_signature(lambda x, axis: None, '(x)', extras=['axis'])
    with pytest.raises(AssertionError, match='axis'):
        testing.check_signature(lambda x, *, axis: None, '(x)', extras=['axis'])
    testing.check_signature(lambda x, **kwargs: None, '(x)', extras=['kwargs'])


def test_extras_none_allows_any_optional_addition():
    testing.check_signature(reference, '(x)', extras=None)
    with pytest.raises(AssertionError):
        testing.check_signature(lambda x, y: None, '(x)', extras=None)


def test_documented_keyword_arguments_may_stand_anywhere():
    def f(a, b, lateral=None, upward=None):
        pass

    testing.check_signature(f, '(a, b, *, upward=..., lateral=...)')
    testing.check_signature(lambda a, *, upward=None: None, '(a, *, upward=None)')
    with pytest.raises(AssertionError, match='gate'):
        testing.check_signature(f, '(a, b, *, gate=...)', extras=['lateral', 'upward'])
    with pytest.raises(AssertionError):
        testing.check_signature(lambda a, *upward: None, '(a, *, upward=...)')


def test_variadic_parameters():
    testing.check_signature(lambda *args: None, '(*args)')
    testing.check_signature(lambda **datasets: None, '(**datasets)')
    with pytest.raises(AssertionError):
        testing.check_signature(lambda datasets: None, '(**datasets)')
    with pytest.raises(AssertionError):
        testing.check_signature(lambda *args: None, '(args)')


def test_named_defaults_must_be_the_same_object():
    namespace = {'numpy': numpy}
    testing.check_signature(lambda dtype=numpy.float32: None, '(dtype=numpy.float32)',
                            namespace=namespace)
    with pytest.raises(AssertionError):
        testing.check_signature(lambda dtype='float32': None, '(dtype=numpy.float32)',
                                namespace=namespace)
    with pytest.raises(AssertionError):
        testing.check_signature(lambda dtype=numpy.float64: None,
                                '(dtype=numpy.float32)', namespace=namespace)


def test_literal_defaults_compare_by_type_and_value():
    testing.check_signature(lambda trigger=(1, 'epoch'): None, "(trigger=(1, 'epoch'))")
    testing.check_signature(lambda eps=2e-05: None, '(eps=2e-05)')
    with pytest.raises(AssertionError):
        testing.check_signature(lambda flag=1: None, '(flag=True)')


class _Owner(object):

    def __init__(self, size, decay=0.9):
        pass

    def method(self, x):
        pass

    @staticmethod
    def static(x):
        pass

    @classmethod
    def build(cls, x):
        pass


def test_classes_and_methods_are_checked_as_called():
    testing.check_signature(_Owner, '(size, decay=0.9)')
    testing.check_signature(_Owner.method, '(x)')
    testing.check_signature(_Owner(3).method, '(x)')
    testing.check_signature(_Owner.__dict__['static'], '(x)')
    testing.check_signature(_Owner.__dict__['build'], '(x)')
    testing.check_signature(_Owner.build, '(x)')


def test_messages_name_the_callable():
    with pytest.raises(AssertionError, match='F.reference: documented'):
        testing.check_signature(reference, '(y)', name='F.reference')
    with pytest.raises(AssertionError, match='reference: axis defaults to 1'):
        testing.check_signature(reference, '(x, axis=2, keepdims=False)')


def test_parse_signature_kinds_and_defaults():
    params = parse_signature('(a, b=numpy.float32, *args, c=..., **kw)', {'numpy': numpy})
    assert [(p.name, p.kind) for p in params] == [
        ('a', _P.POSITIONAL_OR_KEYWORD), ('b', _P.POSITIONAL_OR_KEYWORD),
        ('args', _P.VAR_POSITIONAL), ('c', _P.KEYWORD_ONLY), ('kw', _P.VAR_KEYWORD)]
    assert params[0].default is _P.empty
    assert params[1].default is numpy.float32
    assert params[3].default is Ellipsis


@pytest.mark.parametrize('text', ['x, y', '(x, y', 3, '(1x)'])
def test_parse_signature_rejects_non_parameter_lists(text):
    with pytest.raises(ValueError, match='parameter list'):
        parse_signature(text)


def test_parse_signature_names_a_missing_default_name():
    with pytest.raises(ValueError, match='namespace'):
        parse_signature('(dtype=numpy.float32)')


def test_implemented_parameters_drop_self_only_for_methods():
    assert [p.name for p in implemented_parameters(_Owner.method)] == ['x']
    assert [p.name for p in implemented_parameters(_Owner)] == ['size', 'decay']
    assert [p.name for p in implemented_parameters(reference)] == \
        ['x', 'axis', 'keepdims']
