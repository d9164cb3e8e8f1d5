"""Tests of the deprecated FunctionSet."""
import numpy
import pytest

import chainer
from chainer import serializers

pytestmark = pytest.mark.filterwarnings('ignore::DeprecationWarning')


def _model():
    fs = chainer.FunctionSet(l1=chainer.Link(W=(3, 4), b=3), l2=chainer.Link(W=(2, 3)))
    for i, param in enumerate(fs.params()):
        param.data[...] = i
        param.grad[...] = 10 + i
    return fs


def test_is_a_chain_and_warns():
    with pytest.warns(DeprecationWarning, match='Chain'):
        fs = chainer.FunctionSet()
    assert isinstance(fs, chainer.Chain)


def test_getitem_and_attributes():
    fs = _model()
    assert fs['l1'] is fs.l1 and fs.l1.name == 'l1'


def test_adding_by_attribute():
    fs = _model()
    fs.l3 = chainer.Link(W=(2, 2))
    assert fs.l3.name == 'l3'
    assert [p for p, _ in fs.namedparams()] == ['/l1/W', '/l1/b', '/l2/W', '/l3/W']
    fs.other = 5
    assert fs.other == 5 and len(list(fs.children())) == 3


def test_replacing_a_child():
    fs = _model()
    old = fs.l2
    fs.l2 = chainer.Link(V=1)
    assert old.name is None
    assert [p for p, _ in fs.namedparams()] == ['/l1/W', '/l1/b', '/l2/V']


def test_parameters_and_gradients():
    fs = _model()
    params, grads = fs.collect_parameters()
    assert params == fs.parameters and grads == fs.gradients
    assert len(params) == 3
    assert params[0] is fs.l1.W.data and params[2] is fs.l2.W.data
    assert grads[1] is fs.l1.b.grad
    assert [float(p.flat[0]) for p in params] == [0, 1, 2]


def test_parameter_setters():
    fs = _model()
    new = tuple(numpy.full_like(p, 5) for p in fs.parameters)
    fs.parameters = new
    assert fs.l1.W.data is new[0]
    grads = tuple(numpy.zeros_like(p) for p in fs.parameters)
    fs.gradients = grads
    assert fs.l2.W.grad is grads[2]
    with pytest.raises(ValueError, match='3 parameters but 1'):
        fs.parameters = new[:1]


@pytest.mark.parametrize('attribute', ['parameters', 'gradients'])
@pytest.mark.parametrize('diff', [-1, 1])
def test_setter_count_mismatch_is_an_assertion_error_as_in_v1(attribute, diff):
    fs = _model()
    arrays = getattr(fs, attribute)
    arrays = arrays[:diff] if diff < 0 else arrays + (numpy.empty(1),)
    with pytest.raises(AssertionError, match='3 parameters but {}'.format(3 + diff)):
        setattr(fs, attribute, arrays)


def test_copy_parameters_from_keeps_arrays():
    fs = _model()
    arrays = fs.parameters
    fs.copy_parameters_from([numpy.full(p.shape, 9, p.dtype) for p in arrays])
    for before, after in zip(arrays, fs.parameters):
        assert before is after and (after == 9).all()


def test_copy_parameters_from_errors():
    fs = _model()
    with pytest.raises(ValueError, match='expects 3 arrays, got 1'):
        fs.copy_parameters_from([numpy.zeros((3, 4), 'f')])
    bad = [numpy.zeros((3, 4), 'f'), numpy.zeros(4, 'f'), numpy.zeros((2, 3), 'f')]
    with pytest.raises(ValueError, match='/l1/b'):
        fs.copy_parameters_from(bad)


def test_serialization_round_trip(tmp_path):
    path = str(tmp_path / 'fs.npz')
    serializers.save_npz(path, _model())
    loaded = chainer.FunctionSet(l1=chainer.Link(W=(3, 4), b=3),
                                 l2=chainer.Link(W=(2, 3)))
    serializers.load_npz(path, loaded)
    for a, b in zip(loaded.parameters, _model().parameters):
        numpy.testing.assert_array_equal(a, b)


def test_data_parallel_workflow_of_spec_002():
    """The v1.3 data-parallel example, on the host: ``copy.deepcopy`` of a
    FunctionSet, ``optimizer.zero_grads``, ``accumulate_grads(model_1.gradients)`` and
    ``model_1.copy_parameters_from(model_0.parameters)``."""
    import copy

    class SGD(chainer.GradientMethod):
        def update_one_cpu(self, param, state):
            param.data -= 0.5 * param.grad

    model_0 = _model()
    model_1 = copy.deepcopy(model_0)
    assert model_1.l1.W.data is not model_0.l1.W.data
    assert [p for p, _ in model_1.namedparams()] == [p for p, _ in model_0.namedparams()]
    optimizer = SGD()
    optimizer.setup(model_0)
    optimizer.zero_grads()
    assert all((g == 0).all() for g in model_0.gradients)
    for g in model_0.gradients:
        g[...] = 1
    for g in model_1.gradients:
        g[...] = 3
    optimizer.accumulate_grads(model_1.gradients)
    optimizer.update()
    for p in model_0.parameters:
        numpy.testing.assert_array_equal(p, p.flat[0])  # each was filled with i - 2
    assert [float(p.flat[0]) for p in model_0.parameters] == [-2, -1, 0]
    kept = model_1.parameters
    model_1.copy_parameters_from(model_0.parameters)
    for p0, p1, k in zip(model_0.parameters, model_1.parameters, kept):
        assert p1 is k  # copied into the existing arrays, no reallocation
        numpy.testing.assert_array_equal(p0, p1)
