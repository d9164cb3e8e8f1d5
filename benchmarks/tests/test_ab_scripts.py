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


@pytest.mark.parametrize('flat', [False, True])
@pytest.mark.parametrize('batch', [1, 3])
def test_the_step_by_hand_is_bit_identical_to_define_by_run(batch, flat):
    """static_graph.py's ceiling is only a ceiling if it computes what define-by-run
    computes: same parameters after a few steps (small layers, both matmul paths,
    the update per array and over the flat buffers)."""
    import static_graph
    dbr = static_graph.DefineByRun(12, 8)
    hand = static_graph.DefineByRun(12, 8)
    hand.copyparams(dbr)
    steps = [static_graph._runner(dbr, batch, True, 12),
             static_graph._hand_runner(hand, batch, True, 12, flat=flat)]
    for _ in range(3):
        for step in steps:
            step()
    assert static_graph._same_parameters(dbr, hand)
    assert not static_graph._same_parameters(dbr, static_graph.DefineByRun(12, 8))


def test_static_graph_memory_report_prints_a_ratio_per_batch(capsys):
    import static_graph
    static_graph.peak_memory([1, 3], 12, 8, steps=3)
    rows = [line for line in capsys.readouterr().out.splitlines()
            if line.startswith('| 1 ') or line.startswith('| 3 ')]
    assert len(rows) == 2
    for row in rows:
        ratio = float(row.rstrip(' |').split('|')[-1].strip().rstrip('x'))
        assert 0.5 < ratio < 2.0
