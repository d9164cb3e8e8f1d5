"""F.embed_id against fancy indexing."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@pytest.mark.parametrize('ignore_label', [None, -1, 2])
@pytest.mark.parametrize('x_shape', [(4,), (2, 3)])
def test_forward(dtype, ignore_label, x_shape):
    W = numpy.random.uniform(-1, 1, (3, 2)).astype(dtype)
    x = numpy.random.randint(0, 3, x_shape).astype(numpy.int32)
    if ignore_label is not None:
        x.flat[0] = ignore_label
    y = F.embed_id(x, W, ignore_label=ignore_label)
    assert y.shape == x_shape + (2,) and y.dtype == dtype
    expected = numpy.zeros(x_shape + (2,), dtype)
    for i in numpy.ndindex(*x_shape):
        if x[i] != ignore_label:
            expected[i] = W[x[i]]
    testing.assert_allclose(y.data, expected, atol=0, rtol=0)


@pytest.mark.parametrize('ignore_label', [None, -1])
def test_backward(dtype, check_backward, ignore_label):
    W = numpy.random.uniform(-1, 1, (3, 2)).astype(dtype)
    x = numpy.array([[0, 1, 0], [2, 0, -1 if ignore_label is not None else 1]], numpy.int32)
    gy = numpy.random.uniform(-1, 1, (2, 3, 2)).astype(dtype)
    check_backward(lambda x, W: F.embed_id(x, W, ignore_label=ignore_label), (x, W), gy)


def test_repeated_ids_accumulate():
    W = numpy.zeros((3, 2), numpy.float32)
    x = numpy.array([1, 1, 1], numpy.int32)
    gy = numpy.ones((3, 2), numpy.float32)
    func = F.EmbedIDFunction()
    _, gW = func.backward((x, W), (gy,))
    numpy.testing.assert_array_equal(gW, [[0, 0], [3, 3], [0, 0]])


@pytest.mark.parametrize('bad', [3, -4])
def test_ids_out_of_range_raise(bad):
    W = numpy.zeros((3, 2), numpy.float32)
    with pytest.raises(ValueError, match=r'\[0, 3\)'):
        F.embed_id(numpy.array([0, bad], numpy.int32), W)


def test_invalid_type():
    W = numpy.zeros((3, 2), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.embed_id(numpy.array([0.0, 1.0], numpy.float32), W)
    with pytest.raises(type_check.InvalidType):
        F.embed_id(numpy.array([0, 1], numpy.int32), numpy.zeros((3,), numpy.float32))


@pytest.mark.parametrize('ids', [
    [4, 0, 2],                      # all different: one fancy update
    [1, 3, 1, 1, 0, 3],             # repeats: summed per row first
    [2],
    [],
])
def test_gradient_rows_sum_over_repeated_ids(ids):
    W = numpy.zeros((5, 3), numpy.float64)
    x = numpy.array(ids, numpy.int32)
    gy = numpy.random.uniform(-1, 1, (len(ids), 3))
    _, gW = F.EmbedIDFunction().backward((x, W), (gy,))
    expected = numpy.zeros_like(W)
    for k, i in enumerate(ids):
        expected[i] += gy[k]
    testing.assert_allclose(gW, expected, atol=1e-15, rtol=0)


def test_ignored_ids_get_no_gradient_among_repeats():
    W = numpy.zeros((3, 2), numpy.float32)
    x = numpy.array([[2, -1], [2, 0]], numpy.int32)
    gy = numpy.arange(8, dtype=numpy.float32).reshape(2, 2, 2)
    _, gW = F.EmbedIDFunction(ignore_label=-1).backward((x, W), (gy,))
    numpy.testing.assert_array_equal(gW, [[6, 7], [0, 0], [4, 6]])


@pytest.mark.parametrize('ignore_label', [None, 2])
@pytest.mark.parametrize('dtype_', [numpy.float16, numpy.float32, numpy.float64])
def test_a_table_used_at_many_steps_gets_the_dense_sum_bit_for_bit(monkeypatch, ignore_label,
                                                                   dtype_):
    # The host table's gradient comes as rows (added into its gradient in place); it
    # must equal, bit for bit, what the dense per-step gradients add up to.
    import chainer
    import chainer.links as L
    from chainer import function
    made = []
    is_host_leaf = function.is_host_leaf

    def counted(answer):
        made.append(is_host_leaf(answer))
        return made[-1]

    monkeypatch.setattr(function, 'is_host_leaf', counted)
    rng = numpy.random.RandomState(3)
    rows_link = L.EmbedID(7, 4, ignore_label=ignore_label)
    rows_link.W.data = rng.randn(7, 4).astype(dtype_)
    dense_link = rows_link.copy()
    steps = [rng.randint(-7, 7, (5,)).astype(numpy.int32) for _ in range(6)]
    steps[0][:3] = 4  # repeats within a step
    if ignore_label is not None:
        steps[1][0] = ignore_label
    weights = [rng.randn(5, 4).astype(dtype_) for _ in steps]
    grads = []
    for link, observe in ((rows_link, False), (dense_link, True)):
        link.cleargrads()
        with testing.assert_warns(UserWarning):  # negative ids read rows from the end
            loss = sum(F.sum(link(ids) * w) for ids, w in zip(steps, weights))
        with chainer.using_config('debug', observe):  # debug: dense gradients
            loss.backward()
        grads.append(link.W.grad)
    # rows after the first step's (computed dense: the table had no gradient yet);
    # dense throughout the observed run
    assert made == [False] + [True] * (len(steps) - 1) + [False] * len(steps)
    assert grads[0].dtype == dtype_
    numpy.testing.assert_array_equal(grads[0], grads[1])
