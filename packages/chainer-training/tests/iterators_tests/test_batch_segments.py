import numpy
from hypothesis import given, settings
from hypothesis import strategies as st

from chainer.iterators import _batch_segments


@st.composite
def segment_lists(draw):
    segments = []
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, 20))
        length = draw(st.integers(0, 10))
        if draw(st.booleans()):
            segments.append(slice(start, start + length))
        else:
            segments.append(numpy.arange(start, start + length)[::-1].copy())
    return segments


def _flatten(segments):
    out = []
    for s in segments:
        out.extend(range(s.start, s.stop) if isinstance(s, slice) else s.tolist())
    return out


@settings(max_examples=60, deadline=None)
@given(segment_lists(), st.integers(1, 5))
def test_split_segments_preserves_order_and_balances(segments, n_chunks):
    chunks = _batch_segments.split_segments(segments, n_chunks)
    assert sum((_flatten(c) for c in chunks), []) == _flatten(segments)
    assert len(chunks) <= n_chunks
    sizes = [len(_flatten(c)) for c in chunks]
    assert all(size > 0 for size in sizes)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1


def test_fetch_examples_uses_slices_and_indices():
    data = list('abcdef')
    assert _batch_segments.fetch_examples(data, [slice(4, 6), numpy.array([0, 2])]) == \
        ['e', 'f', 'a', 'c']
    array = numpy.arange(6) * 2
    out = _batch_segments.fetch_examples(array, [numpy.array([5, 1])])
    assert [int(v) for v in out] == [10, 2]
