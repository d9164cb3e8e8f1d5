"""The PEP 440 subset behind the compatibility check, against `packaging` as the oracle."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from chainer import _plugins, _runtime

packaging_version = pytest.importorskip('packaging.version')
packaging_specifiers = pytest.importorskip('packaging.specifiers')


@pytest.mark.parametrize('older,newer', [
    ('1.0.dev0', '1.0a1'), ('1.0a1', '1.0a2'), ('1.0a2', '1.0b1'), ('1.0b1', '1.0rc1'),
    ('1.0rc1', '1.0'), ('1.0', '1.0.post1'), ('1.0.post1', '1.0.1'), ('1.9', '1.10'),
    ('1.0a1.dev0', '1.0a1'),
])
def test_version_order(older, newer):
    assert _runtime.version_key(older) < _runtime.version_key(newer)


def test_trailing_zeros_are_equal():
    assert _runtime.version_key('1') == _runtime.version_key('1.0.0')


@pytest.mark.parametrize('version,specifier,expected', [
    ('1.0.0', '>=1.0,<2', True), ('2.0.0', '>=1.0,<2', False), ('0.9', '>=1.0,<2', False),
    ('2.0a1', '<2', False), ('2.0a1', '<2.0b1', True), ('1.4.7', '~=1.4.5', True),
    ('1.5.0', '~=1.4.5', False), ('1.5', '~=1.4', True), ('2.0', '~=1.4', False),
    ('1.3.9', '==1.3.*', True), ('1.4', '!=1.3.*', True), ('1.0', '', True),
    ('1.0.post1', '>1.0', False), ('1.0.1', '>1.0', True), ('0a1.post1', '<0', False),
    ('1.post1', '>1a1', True), ('1.1', '~=1.0.0', False), ('1.2', '~=1.1.dev0', True),
])
def test_satisfies(version, specifier, expected):
    assert _runtime.satisfies(version, specifier) is expected


@pytest.mark.parametrize('text', ['1.0x', 'one', ''])
def test_invalid_version_names_it(text):
    with pytest.raises(ValueError, match='invalid version'):
        _runtime.version_key(text)


def test_invalid_specifier_names_it():
    with pytest.raises(ValueError, match="invalid version specifier: '=>1'"):
        _runtime.satisfies('1.0', '=>1')


@pytest.mark.parametrize('text,expected', [
    ('chainer-core<2,>=1.0', ('chainer-core', '<2,>=1.0', '')),
    ('Chainer_Links (>=1.0,<2)', ('chainer-links', '>=1.0,<2', '')),
    ('h5py>=3.0; extra == "hdf5"', ('h5py', '>=3.0', 'extra == "hdf5"')),
    ('cupy-cuda12x[all]>=13', ('cupy-cuda12x', '>=13', '')),
])
def test_parse_requirement(text, expected):
    assert _runtime.parse_requirement(text) == expected


def test_normalize_name():
    assert _plugins.normalize_name('Chainer_Core.X') == 'chainer-core-x'


def _version_strategy(min_segments):
    segments = st.lists(st.integers(0, 3), min_size=min_segments, max_size=3).map(
        lambda parts: '.'.join(map(str, parts)))
    return st.tuples(
        segments,
        st.sampled_from(['', 'a1', 'b2', 'rc1']),
        st.sampled_from(['', '.post1']),
        st.sampled_from(['', '.dev0', '.dev3']),
    ).map(''.join)


_versions = _version_strategy(1)
# "~=" needs two release segments; the other operators take any version.
_clauses = st.one_of(
    st.tuples(st.sampled_from(['==', '!=', '<=', '>=', '<', '>']), _versions),
    st.tuples(st.just('~='), _version_strategy(2)),
).map(''.join)


@given(_versions, _versions)
def test_order_matches_packaging(a, b):
    ours = _runtime.version_key(a) < _runtime.version_key(b)
    assert ours == (packaging_version.Version(a) < packaging_version.Version(b))


@given(_versions, st.lists(_clauses, min_size=1, max_size=2).map(','.join))
def test_satisfies_matches_packaging(version, specifier):
    expected = packaging_specifiers.SpecifierSet(specifier).contains(
        version, prereleases=True)
    assert _runtime.satisfies(version, specifier) == expected
