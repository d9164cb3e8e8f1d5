"""chainer.testing._fuzz: the settings of the fuzz targets, the case counter, the
byte-damage strategy and the allocation guard (issue 18)."""
import numpy
import pytest

from chainer.testing import _fuzz

hypothesis = pytest.importorskip('hypothesis')


def test_settings_are_short_normally_and_long_under_chainer_fuzz(monkeypatch):
    monkeypatch.delenv('CHAINER_FUZZ', raising=False)
    assert _fuzz.settings(7).max_examples == 7
    monkeypatch.setenv('CHAINER_FUZZ', '1')
    monkeypatch.setenv('CHAINER_FUZZ_EXAMPLES', '123')
    long = _fuzz.settings(7)
    assert long.max_examples == 123 and not long.derandomize
    monkeypatch.setenv('CHAINER_FUZZ_EXAMPLES', 'many')
    with pytest.raises(ValueError, match='CHAINER_FUZZ_EXAMPLES.*many'):
        _fuzz.settings(7)


def test_tried_counts_per_target():
    before = _fuzz.cases['unit test']
    _fuzz.tried('unit test')
    _fuzz.tried('unit test')
    assert _fuzz.cases['unit test'] == before + 2


@hypothesis.settings(max_examples=30, derandomize=True)
@hypothesis.given(data=_fuzz.truncated_or_flipped(b'0123456789'))
def test_truncated_or_flipped_damages_the_data(data):
    assert data != b'0123456789'
    assert len(data) < 10 or sum(a != b for a, b in zip(data, b'0123456789')) in range(1, 5)


def test_bounded_fails_a_block_that_allocates_too_much():
    with _fuzz.bounded(10 << 20):
        numpy.ones(1000)
    with pytest.raises(AssertionError, match='peak allocation'):
        with _fuzz.bounded(1 << 20):
            numpy.ones(1 << 20)


def test_written_puts_the_case_in_a_fresh_folder(tmp_path_factory):
    a = _fuzz.written(tmp_path_factory, 'x.bin', b'abc')
    b = _fuzz.written(tmp_path_factory, 'x.bin', b'def')
    assert a != b and open(a, 'rb').read() == b'abc'
