"""_range_max: both strategies against a direct loop (values, first argmax, empty ranges)."""
import numpy
import pytest

from chainer.functions.pooling import _range_max


def _reference(a, lead, starts, ends, carry):
    shape = starts.shape + a.shape[2:]
    val = numpy.full(shape, -numpy.inf, a.dtype)
    arg = numpy.full(shape, -1, carry.dtype)
    for q in numpy.ndindex(*starts.shape):
        block = a[lead[q], starts[q]:ends[q]]
        if len(block):
            first = block.argmax(axis=0)  # first maximum along the range
            val[q] = numpy.take_along_axis(block, first[None], 0)[0]
            arg[q] = numpy.take_along_axis(carry[lead[q], starts[q]:ends[q]], first[None],
                                           0)[0]
    return val, arg


@pytest.mark.parametrize('strategy', ['range_max', 'range_max_direct',
                                      'range_max_doubling'])
def test_strategies_match_a_loop(strategy):
    rng = numpy.random.RandomState(1)
    a = rng.randint(0, 4, (3, 11, 2, 3)).astype(numpy.float32)  # many ties
    carry = numpy.arange(a.size, dtype=numpy.int32).reshape(a.shape)
    lead = rng.randint(0, 3, (5, 4))
    starts = rng.randint(0, 11, (5, 4))
    ends = numpy.minimum(starts + rng.randint(-1, 9, (5, 4)), 11)  # some empty
    assert (ends <= starts).any() and (ends - starts >= 5).any()
    val, arg = getattr(_range_max, strategy)(a, lead, starts, ends, carry)
    ref_val, ref_arg = _reference(a, lead, starts, ends, carry)
    numpy.testing.assert_array_equal(val, ref_val)
    numpy.testing.assert_array_equal(arg, ref_arg)
    assert arg.dtype == numpy.int32 and val.dtype == numpy.float32


def test_all_empty():
    a = numpy.ones((1, 4, 2), numpy.float32)
    carry = numpy.zeros(a.shape, numpy.int16)
    val, arg = _range_max.range_max(a, numpy.zeros(3, int), numpy.array([1, 2, 3]),
                                    numpy.array([1, 0, 3]), carry)
    assert (val == -numpy.inf).all() and (arg == -1).all() and arg.dtype == numpy.int16
