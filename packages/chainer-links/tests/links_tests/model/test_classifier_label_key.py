"""L.Classifier's label_key (v2+): where the labels are among the call's arguments."""
import numpy
import pytest

import chainer
import chainer.links as L


class _Recorder(chainer.Link):
    """A predictor returning fixed scores and remembering its arguments."""

    def forward(self, *args, **kwargs):
        self.seen = (args, kwargs)
        return chainer.Variable(numpy.array([[2.0, 0.0], [0.0, 1.0]], 'f'))


T = numpy.array([0, 1], numpy.int32)


@pytest.mark.parametrize('label_key, args, kwargs, predictor_args', [
    (-1, ('a', T), {}, ('a',)),
    (0, (T, 'a', 'b'), {}, ('a', 'b')),
    (1, ('a', T, 'b'), {}, ('a', 'b')),
    (0, (T,), {}, ()),
    ('t', ('a',), {'t': T}, ('a',)),
])
def test_the_labels_are_taken_out_and_the_rest_goes_to_the_predictor(
        label_key, args, kwargs, predictor_args):
    model = L.Classifier(_Recorder(), label_key=label_key)
    loss = model(*args, **kwargs)
    assert model.predictor.seen == (predictor_args, {})
    assert float(model.accuracy.array) == 1.0 and loss is model.loss


@pytest.mark.parametrize('label_key', [1, -2, 't'])
def test_a_key_naming_no_argument_is_a_value_error(label_key):
    with pytest.raises(ValueError, match='Label key'):
        L.Classifier(_Recorder(), label_key=label_key)('a')


def test_a_label_key_must_be_an_int_or_a_str():
    with pytest.raises(TypeError, match='label_key must be int or str'):
        L.Classifier(_Recorder(), label_key=None)


def test_one_argument_with_the_default_key_is_v1s_assertion_and_v7s_type_error():
    with pytest.raises(AssertionError):
        L.Classifier(_Recorder())('a')
    with pytest.raises(TypeError):
        L.Classifier(_Recorder())('a')


def test_link_hooks_see_the_classifier():
    seen = []

    class Hook(chainer.LinkHook):
        def forward_preprocess(self, args):
            seen.append(type(args.link).__name__)

    with Hook():
        L.Classifier(_Recorder())('a', T)
    assert seen == ['Classifier', '_Recorder']
