"""The interleaved A/B helper and the two scripts measured with it (no timing asserted)."""
import numpy
import pytest

import ab
import input_grads


def test_interleaved_rotates_the_order_and_pairs_the_ratios():
    order = []
    variants = {'a': lambda: order.append('a'), 'b': lambda: order.append('b')}
    result = ab.interleaved(variants, rounds=4, min_seconds=0)
    assert set(result) == {'a', 'b'}
    assert result['a']['ratio'] == 1.0
    for r in result.values():
        assert r['min_s'] <= r['median_s'] <= r['max_s']
    # after calibration (two calls each): one call per variant per round, rotating
    assert order[4:] == ['a', 'b', 'b', 'a', 'a', 'b', 'b', 'a']


def test_interleaved_needs_a_round():
    with pytest.raises(ValueError, match='rounds must be a positive int'):
        ab.interleaved({'a': lambda: None}, rounds=0)


@pytest.mark.parametrize('case', ['mlp', 'cnn'])
def test_arrays_and_variables_train_the_same_weights(case):
    """The A/B compares equal work: the skipped input gradient changes no parameter."""
    steps = [input_grads.make_step(case, as_arrays, batch=4) for as_arrays in (False, True)]
    for _ in range(2):
        losses = [float(step().data) for step in steps]
        assert losses[0] == losses[1]


def test_the_numexpr_kernels_match_numpy():
    pytest.importorskip('numexpr')
    import elementwise
    for _, _, check in elementwise.kernel_pairs().values():
        check()  # float32, rtol 1e-6


def test_the_numexpr_swap_is_undone():
    pytest.importorskip('numexpr')
    import elementwise
    from chainer.functions.activation import _lstm_cell
    before = _lstm_cell.cell_forward
    with elementwise.numexpr_swapped():
        assert _lstm_cell.cell_forward is elementwise.ne_cell_forward
    assert _lstm_cell.cell_forward is before
    x = numpy.array([-1.0, 2.0], numpy.float32)
    numpy.testing.assert_array_equal(elementwise.ne_relu(x), [0, 2])
