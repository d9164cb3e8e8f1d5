"""v2+ forms of L.LSTM / L.StatelessLSTM: one argument is the output size, and the
default gate biases (0, forget gates 1)."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing


@pytest.mark.parametrize('cls', [L.LSTM, L.StatelessLSTM])
def test_one_argument_is_the_output_size(cls):
    link = cls(5)
    assert link.state_size == 5 and link.upward.W.data is None
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3)).astype('f')
    if cls is L.LSTM:
        h = link(x)
    else:
        _, h = link(None, None, x)
    assert h.shape == (2, 5) and link.upward.W.shape == (20, 3)
    c_ref, h_ref = F.lstm(numpy.zeros((2, 5), 'f'), link.upward(x))
    testing.assert_allclose(h.array, h_ref.array)


@pytest.mark.parametrize('cls', [L.LSTM, L.StatelessLSTM])
def test_two_arguments_keep_v1_meaning(cls):
    link = cls(3, 5)
    assert link.upward.W.shape == (20, 3) and link.lateral.W.shape == (20, 5)


def test_default_biases_are_zero_and_forget_gates_one():
    link = L.LSTM(2, 3)
    # the bias of unit k holds (a, i, f, o) at 4k .. 4k + 3
    numpy.testing.assert_array_equal(link.upward.b.data,
                                     numpy.tile(numpy.array([0, 0, 1, 0], 'f'), 3))
    assert link.bias_init == 0 and link.forget_bias_init == 1


def test_v1_initial_biases_on_request():
    link = L.StatelessLSTM(2, 3, bias_init=0.5, forget_bias_init=0)
    numpy.testing.assert_array_equal(link.upward.b.data.reshape(3, 4),
                                     numpy.tile(numpy.array([.5, .5, 0, .5], 'f'), (3, 1)))


def test_empty_first_batch_with_lazy_input_size():
    link = L.LSTM(4)
    y = link(chainer.Variable(numpy.zeros((0, 3), 'f')))
    assert y.shape == (0, 4)


@pytest.mark.parametrize('cls', [L.LSTM, L.StatelessLSTM])
def test_double_backprop_through_the_fused_step(cls):
    from chainer import gradient_check
    link = cls(3, 2)
    for p in link.params():
        p.data = p.data.astype(numpy.float64)
    rs = numpy.random.RandomState(0)
    x1, x2 = rs.uniform(-1, 1, (4, 3)), rs.uniform(-1, 1, (4, 3))

    def two_steps(a, b):
        if cls is L.LSTM:
            link.reset_state()
            link(a)
            return link(b)
        c, h = link(None, None, a)
        return link(c, h, b)[1]

    gradient_check.check_double_backward(
        two_steps, (x1, x2), rs.uniform(-1, 1, (4, 2)),
        (rs.uniform(-1, 1, (4, 3)), rs.uniform(-1, 1, (4, 3))), atol=1e-5, rtol=1e-4)


def test_link_hooks_see_the_recurrent_links():
    # v2+ links compute in forward, called by Link.__call__ around the link hooks
    class Recorder(chainer.LinkHook):
        name = 'Recorder'

        def __init__(self):
            self.seen = []

        def forward_preprocess(self, args):
            self.seen.append(type(args.link).__name__)

    links = [L.LSTM(3, 2), L.StatelessLSTM(3, 2), L.NStepLSTM(1, 3, 2, 0.0),
             L.NStepGRU(1, 3, 2, 0.0), L.StatefulPeepholeLSTM(3, 2),
             L.StatefulZoneoutLSTM(3, 2)]
    x = numpy.zeros((2, 3), 'f')
    with Recorder() as hook:
        links[0](x)
        links[1](None, None, x)
        links[2](None, None, [x])
        links[3](None, [x])
        links[4](x)
        links[5](x)
    for link in links:
        assert type(link).__name__ in hook.seen


def test_double_backprop_with_one_variable_as_cell_and_output():
    from chainer import gradient_check
    link = L.StatelessLSTM(2, 2)
    for p in link.params():
        p.data = p.data.astype(numpy.float64)
    rs = numpy.random.RandomState(1)

    def step(s, x):
        return link(s, s, x)

    gradient_check.check_double_backward(
        step, (rs.uniform(-1, 1, (3, 2)), rs.uniform(-1, 1, (3, 2))),
        (rs.uniform(-1, 1, (3, 2)), rs.uniform(-1, 1, (3, 2))),
        (rs.uniform(-1, 1, (3, 2)), rs.uniform(-1, 1, (3, 2))), atol=1e-5, rtol=1e-4)
