import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chainer import dataset


def test_arrays_are_stacked_on_a_new_axis():
    batch = [numpy.arange(3, dtype=numpy.float32) + i for i in range(4)]
    out = dataset.concat_examples(batch)
    assert out.shape == (4, 3) and out.dtype == numpy.float32
    numpy.testing.assert_array_equal(out, numpy.stack(batch))


def test_tuple_examples_give_a_tuple_of_arrays():
    batch = [(numpy.full((2,), i, numpy.float32), numpy.int32(i)) for i in range(3)]
    x, t = dataset.concat_examples(batch)
    numpy.testing.assert_array_equal(x, [[0, 0], [1, 1], [2, 2]])
    assert t.dtype == numpy.int32
    numpy.testing.assert_array_equal(t, [0, 1, 2])


def test_dict_examples_give_a_dict_of_arrays():
    batch = [{'x': numpy.ones(2) * i, 'y': i} for i in range(3)]
    out = dataset.concat_examples(batch)
    assert set(out) == {'x', 'y'}
    numpy.testing.assert_array_equal(out['y'], [0, 1, 2])
    assert out['x'].shape == (3, 2)


def test_shape_mismatch_without_padding_is_an_error():
    with pytest.raises(ValueError, match='padding'):
        dataset.concat_examples([numpy.zeros(2), numpy.zeros(3)])


def test_padding_1d():
    batch = [numpy.array([1, 2, 3], numpy.int32), numpy.array([4], numpy.int32),
             numpy.array([], numpy.int32)]
    out = dataset.concat_examples(batch, padding=-1)
    assert out.dtype == numpy.int32
    numpy.testing.assert_array_equal(out, [[1, 2, 3], [4, -1, -1], [-1, -1, -1]])


def test_padding_2d_against_a_reference():
    rng = numpy.random.RandomState(0)
    shapes = [(2, 3), (4, 1), (1, 5)]
    batch = [rng.rand(*s).astype(numpy.float32) for s in shapes]
    out = dataset.concat_examples(batch, padding=7)
    expected = numpy.full((3, 4, 5), 7, numpy.float32)
    for i, a in enumerate(batch):
        expected[i, :a.shape[0], :a.shape[1]] = a
    numpy.testing.assert_array_equal(out, expected)


def test_padding_per_entry_of_tuples():
    batch = [(numpy.array([1.]), numpy.array([1, 2])), (numpy.array([2., 3.]), numpy.array([3]))]
    x, t = dataset.concat_examples(batch, padding=(0, -1))
    numpy.testing.assert_array_equal(x, [[1, 0], [2, 3]])
    numpy.testing.assert_array_equal(t, [[1, 2], [3, -1]])
    with pytest.raises(ValueError, match='padding has no value'):
        dataset.concat_examples(batch, padding=(0,))


def test_padding_different_ndim_is_an_error():
    with pytest.raises(ValueError, match='ndim'):
        dataset.concat_examples([numpy.zeros(2), numpy.zeros((2, 2))], padding=0)


def test_empty_batch_is_an_error():
    with pytest.raises(ValueError, match='empty'):
        dataset.concat_examples([])


def test_device_negative_keeps_host_arrays():
    out = dataset.concat_examples([numpy.zeros(2)], device=-1)
    assert isinstance(out, numpy.ndarray)
    a = numpy.zeros(3)
    assert dataset.to_device(None, a) is a
    assert dataset.to_device(-1, a) is a


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=4))
def test_padding_matches_a_loop_reference(shapes):
    arrays = [numpy.arange(a * b, dtype=numpy.float64).reshape(a, b) + 1 for a, b in shapes]
    out = dataset.concat_examples(arrays, padding=-1)
    rows = max(a for a, _ in shapes)
    cols = max(b for _, b in shapes)
    expected = numpy.full((len(arrays), rows, cols), -1.)
    for i, a in enumerate(arrays):
        expected[i, :a.shape[0], :a.shape[1]] = a
    numpy.testing.assert_array_equal(out, expected)


def test_padding_keeps_the_first_examples_dtype():
    # an empty example (numpy's default float64) among int ones, as v1 and v7 document
    batch = [(numpy.array([1, 2]), 0), (numpy.array([3]), 1), (numpy.array([]), 2)]
    x, t = dataset.concat_examples(batch, padding=100)
    assert x.dtype == numpy.array([1]).dtype
    numpy.testing.assert_array_equal(x, [[1, 2], [3, 100], [100, 100]])
    numpy.testing.assert_array_equal(t, [0, 1, 2])
