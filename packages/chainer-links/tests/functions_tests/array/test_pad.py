import numpy
import pytest

import chainer.functions as F
from chainer.functions.array import pad as pad_module
from chainer.testing import attr
from chainer.utils import type_check


def _pairs(pad_width, ndim):
    """pad_width in its full form: one (before, after) pair per axis."""
    widths = numpy.broadcast_to(numpy.asarray(pad_width), (ndim, 2))
    return [(int(b), int(a)) for b, a in widths]


def _source_position(q, n, mode):
    """Input position copied to position ``q`` (counted from the first input
    element, negative in the leading border) of an axis of length ``n``."""
    if mode == 'edge':
        return min(max(q, 0), n - 1)
    if mode == 'wrap':
        return q % n
    if mode == 'reflect':
        period = 2 * (n - 1)
        r = q % period
        return r if r < n else period - r
    r = q % (2 * n)  # symmetric: the border repeats the edge element
    return r if r < n else 2 * n - 1 - r


def _copying_reference(x, pad_width, mode):
    axes = []
    for (before, after), n in zip(_pairs(pad_width, x.ndim), x.shape):
        axes.append([_source_position(q, n, mode) for q in range(-before, n + after)])
    return x[numpy.ix_(*axes)]


def _constant_reference(x, pad_width, values):
    pairs = _pairs(pad_width, x.ndim)
    fills = numpy.broadcast_to(numpy.asarray(values), (x.ndim, 2))
    shape = [b + n + a for (b, a), n in zip(pairs, x.shape)]
    y = numpy.empty(shape, x.dtype)
    # numpy.pad fills axis by axis: the later axes' values win in the corners.
    for axis, (before, after) in enumerate(pairs):
        index = [slice(None)] * x.ndim
        index[axis] = slice(0, before)
        y[tuple(index)] = fills[axis][0]
        index[axis] = slice(shape[axis] - after, shape[axis])
        y[tuple(index)] = fills[axis][1]
    y[tuple(slice(b, b + n) for (b, _), n in zip(pairs, x.shape))] = x
    return y


def _check(rng, dtype, check_backward, shape, pad_width, expected, mode, **keywords):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.pad(x, pad_width, mode, **keywords)
    want = expected(x)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, want)
    gy = rng.uniform(-1, 1, want.shape).astype(dtype)
    check_backward(pad_module.Pad(pad_width, mode, **keywords), x, gy)


@pytest.mark.parametrize('shape,pad_width', [
    ((2, 3), 1), ((2, 3), (1, 2)), ((2, 3), ((1, 2), (3, 0))), ((4,), ((0, 2),))])
def test_pad_constant_fills_zeros(rng, dtype, check_backward, shape, pad_width):
    _check(rng, dtype, check_backward, shape, pad_width,
           lambda x: _constant_reference(x, pad_width, 0), 'constant')


@pytest.mark.parametrize('pad_width,values', [
    (1, 1), ((1, 2), (1, 2)), (((1, 2), (3, 1)), ((1, 2), (3, 4)))])
def test_pad_constant_values(rng, dtype, check_backward, pad_width, values):
    _check(rng, dtype, check_backward, (2, 3), pad_width,
           lambda x: _constant_reference(x, pad_width, values), 'constant',
           constant_values=values)


def test_pad_of_a_0_dim_input_is_the_input_as_in_numpy(check_backward):
    x = numpy.array(0.5, numpy.float32)
    y = F.pad(x, 1, 'constant')
    assert y.shape == ()
    assert y.data == numpy.float32(0.5)
    check_backward(pad_module.Pad(1, 'constant'), x, numpy.array(2, numpy.float32))


@pytest.mark.parametrize('mode', ['edge', 'reflect', 'symmetric', 'wrap'])
@pytest.mark.parametrize('pad_width', [1, ((2, 0), (1, 3))])
def test_pad_copying_modes_sum_gradients_of_copies(rng, dtype, check_backward, mode,
                                                   pad_width):
    _check(rng, dtype, check_backward, (3, 2), pad_width,
           lambda x: _copying_reference(x, pad_width, mode), mode)


def test_pad_reflects_repeatedly_past_the_length():
    x = numpy.arange(3, dtype=numpy.float32)
    y = F.pad(x, 5, 'reflect')
    numpy.testing.assert_array_equal(y.data, _copying_reference(x, 5, 'reflect'))


def test_pad_invalid_type():
    x = numpy.zeros((2,), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        pad_module.Pad(1, 'constant')(x, x)
    with pytest.raises(type_check.InvalidType):
        F.pad(numpy.zeros((2,), numpy.int32), 1, 'constant')


@pytest.mark.parametrize('mode,keywords,error', [
    ('mean', {}, ValueError), ('linear_ramp', {}, ValueError),
    ('edge', {'constant_values': 1}, TypeError),
    ('reflect', {'reflect_type': 'odd'}, ValueError)])
def test_pad_rejects_modes_that_do_not_copy(mode, keywords, error):
    with pytest.raises(error, match='pad'):
        F.pad(numpy.zeros((2,), numpy.float32), 1, mode, **keywords)



@pytest.mark.parametrize('pad_width', [-1, (1, -1), ((0, 0), (-2, 1)),
                                       numpy.array([[0, -1], [0, 0]])])
def test_pad_rejects_negative_widths_naming_the_argument(pad_width):
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError, match='pad_width must not be negative'):
        F.pad(x, pad_width, 'constant')


def test_pad_zero_widths_are_fine():
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    numpy.testing.assert_array_equal(F.pad(x, 0, 'constant').data, x)
    assert F.pad(x, ((0, 0), (0, 2)), 'edge').shape == (2, 5)

@attr.gpu
def test_pad_on_gpu_matches_the_host(compare_with_gpu):
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    for mode in ('constant', 'edge', 'reflect', 'symmetric', 'wrap'):
        compare_with_gpu(lambda x, mode=mode: F.pad(x, ((1, 2), (2, 1)), mode), [x])
