"""Gradients that are zero but for some rows (chainer._rows_grad): a backward may return
a RowsGrad for a host leaf, and the array engine adds its rows into the leaf's gradient
exactly as it would add the dense array; elsewhere the dense array stands in."""
import numpy
import pytest

import chainer
from chainer import Variable
from chainer import function
from chainer.function_adapter import _as_array
from chainer._rows_grad import RowsGrad


class Lookup(chainer.Function):
    """y = w[ids] (rows of a table), whose table gradient comes as rows where allowed;
    records what it was told and what it returned."""

    answers = []

    def __init__(self, ids):
        self.ids = ids

    def forward(self, inputs):
        return inputs[0][self.ids],

    def backward(self, inputs, grad_outputs):
        w, = inputs
        gy, = grad_outputs
        needed = self._input_grads_needed(inputs)
        Lookup.answers.append(needed[0])
        ids, rows = numpy.unique(self.ids), None
        rows = numpy.stack([gy[self.ids == i].sum(axis=0) for i in ids])
        if function.is_host_leaf(needed[0]):
            return RowsGrad(w.shape, w.dtype, ids, rows),
        dense = numpy.zeros_like(w)
        dense[ids] = rows
        return dense,


IDS = [numpy.array([1, 3, 3]), numpy.array([0, 3, 4]), numpy.array([4, 4, 2])]


def _loss(table, extra=None):
    """The sum of squares of the first lookup and 3 times the others, as the root of a
    backward (its gradient set to ones)."""
    loss = Lookup(IDS[0])(table) ** 2
    for ids in IDS[1:]:
        loss += Lookup(ids)(table) * 3
    if extra is not None:
        loss += extra
    loss.grad = numpy.ones(loss.shape, numpy.float32)
    return loss


def _expected(data):
    grad = numpy.zeros_like(data)
    for i in IDS[0]:
        grad[i] += 2 * data[i]
    for ids in IDS[1:]:
        for i in ids:
            grad[i] += 3
    return grad


@pytest.fixture(autouse=True)
def _fresh():
    del Lookup.answers[:]


def _table(cls=chainer.Parameter):
    return cls(numpy.arange(15, dtype=numpy.float32).reshape(5, 3))


@pytest.mark.parametrize('cls', [chainer.Parameter, Variable])
def test_rows_of_a_host_leaf_add_up_as_dense_arrays(cls):
    table = _table(cls)
    table.cleargrad()
    _loss(table).backward()
    # a parameter's first gradient of the pass is computed dense, at once
    first = Lookup.answers[0]
    assert first is True if cls is chainer.Parameter else function.is_host_leaf(first)
    assert all(function.is_host_leaf(a) for a in Lookup.answers[1:])
    assert table.grad.dtype == numpy.float32
    numpy.testing.assert_array_equal(table.grad, _expected(table.data))


def test_rows_are_added_in_place_into_a_gradient_kept_from_before():
    table = _table()
    table.cleargrad()
    _loss(table).backward()
    held = table.grad
    _loss(table).backward()  # no cleargrads: v1 accumulates
    assert table.grad is held
    numpy.testing.assert_array_equal(held, 2 * _expected(table.data))


def test_a_shared_gradient_is_not_added_into():
    table = _table()
    table.cleargrad()
    # (table + 0)'s backward hands its own gradient array on to the table
    _loss(table, extra=(table + 0)[:3]).backward()
    expected = _expected(table.data)
    expected[:3] += 1
    numpy.testing.assert_array_equal(table.grad, expected)


def test_a_table_computed_by_a_function_gets_the_dense_gradient():
    table = _table()
    table.cleargrad()
    _loss(table * 1.0).backward()
    assert not any(function.is_host_leaf(a) for a in Lookup.answers)
    numpy.testing.assert_array_equal(table.grad, _expected(table.data))


def test_the_nan_gradient_of_an_untouched_parameter_stays_nan():
    table = _table()  # a Parameter's gradient is NaN until cleared (v7)
    _loss(table).backward()
    assert numpy.isnan(table.grad).all()


@pytest.mark.parametrize('how', ['retain_grad', 'debug', 'hook'])
def test_no_rows_where_something_could_observe_them(how):
    table = _table()
    table.cleargrad()
    loss = _loss(table)
    if how == 'retain_grad':
        loss.backward(retain_grad=True)
    elif how == 'debug':
        with chainer.using_config('debug', True):
            loss.backward()
    else:
        with chainer.function_hooks.TimerHook():
            loss.backward()
    assert not any(function.is_host_leaf(a) for a in Lookup.answers)
    numpy.testing.assert_array_equal(table.grad, _expected(table.data))


def test_rows_of_another_shape_are_refused():
    table = _table()
    table.cleargrad()

    class Wrong(Lookup):
        def backward(self, inputs, grad_outputs):
            return RowsGrad((4, 3), numpy.float32, numpy.array([0]),
                            numpy.ones((1, 3), numpy.float32)),

    y = Wrong(numpy.array([0]))(table)
    y.grad = numpy.ones(y.shape, numpy.float32)
    with pytest.raises(ValueError):
        y.backward()


def test_dense_and_add_to():
    g = RowsGrad((4, 2), numpy.float64, numpy.array([2, 0]),
                 numpy.array([[1., 2.], [3., 4.]]))
    numpy.testing.assert_array_equal(g.dense(), [[3, 4], [0, 0], [1, 2], [0, 0]])
    target = numpy.ones((4, 2))
    g.add_to(target)
    numpy.testing.assert_array_equal(target, [[4, 5], [1, 1], [2, 3], [1, 1]])
    numpy.testing.assert_array_equal(_as_array(g), g.dense())
    assert 'nonzero in 2 rows' in repr(g)
