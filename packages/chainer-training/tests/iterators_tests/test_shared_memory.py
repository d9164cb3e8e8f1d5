import numpy
import pytest

from chainer.iterators import _shared_memory


def _buffer(size):
    return numpy.zeros(size, numpy.uint8)


def test_pack_moves_the_arrays_into_the_slot_and_unpack_restores_copies():
    buffer = _buffer(64)
    image, extra = numpy.arange(6, dtype=numpy.float32).reshape(2, 3), numpy.arange(2)
    packed, lacking = _shared_memory.pack((image, 'label', extra), buffer, 8, 40)
    assert lacking == 0
    assert packed[0] == _shared_memory.SharedArray(8, (2, 3), numpy.float32)
    assert packed[1] == 'label'
    assert packed[2] == _shared_memory.SharedArray(32, (2,), numpy.int64)
    assert not buffer[:8].any()  # nothing written before the slot
    restored = _shared_memory.unpack(packed, buffer)
    numpy.testing.assert_array_equal(restored[0], image)
    numpy.testing.assert_array_equal(restored[2], extra)
    buffer[:] = 0
    assert restored[0].sum() == 15  # a copy, not a view of the buffer


@pytest.mark.parametrize('example', [
    numpy.ones(3), [numpy.ones(3), 1], {'a': numpy.ones(3), 'b': None}])
def test_pack_keeps_the_container_type(example):
    packed, _ = _shared_memory.pack(example, _buffer(24), 0, 24)
    restored = _shared_memory.unpack(packed, _buffer(24) + 0)
    assert type(restored) is type(example)


def test_arrays_that_do_not_fit_stay_in_the_example_and_report_the_size_needed():
    big, small = numpy.ones(4), numpy.ones(1)
    packed, lacking = _shared_memory.pack((big, small), _buffer(16), 0, 16)
    assert packed[0] is big
    assert isinstance(packed[1], _shared_memory.SharedArray)
    assert lacking == 40


def test_object_arrays_subclasses_and_nested_arrays_are_not_shared():
    example = (numpy.array([None, 1], dtype=object), numpy.ma.ones(2),
               (numpy.ones(2),))
    assert _shared_memory.needed_bytes(example) == 0
    packed, lacking = _shared_memory.pack(example, _buffer(64), 0, 64)
    assert all(p is e for p, e in zip(packed, example)) and lacking == 0
