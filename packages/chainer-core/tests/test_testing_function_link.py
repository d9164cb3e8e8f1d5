"""chainer.testing.FunctionTestCase, LinkTestCase and LinkInitializersTestCase (v7)."""
import sys
import types
import unittest

import numpy
import pytest

import chainer
from chainer import initializers
from chainer import testing
from chainer.testing import BackendConfig

_CPU = BackendConfig({})


class _Cube(chainer.FunctionNode):
    """y = x ** 3, with a differentiable backward; ``scale`` spoils it on purpose."""

    def __init__(self, scale=3.0, spoil_input=False):
        self.scale = scale
        self.spoil_input = spoil_input

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        y = x ** 3
        if self.spoil_input:
            x[...] = 0
        return y,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        return gy * x * x * x.dtype.type(self.scale),


class _CubeCase(testing.FunctionTestCase):
    """Describes y = x ** 3; subclasses change what ``forward`` returns."""

    __test__ = False  # a base to derive from, not a test of pytest's

    seen_contiguous = None

    def generate_inputs(self):
        return numpy.random.uniform(0.5, 1, (2, 3)).astype(numpy.float64),

    def forward(self, inputs, device):
        type(self).seen_contiguous = inputs[0].array.flags.c_contiguous
        return _Cube().apply(inputs)

    def forward_expected(self, inputs):
        x, = inputs
        return x ** 3,


def _run(case_class, test_name):
    case = case_class(test_name)
    case.setUp()
    getattr(case, test_name)(_CPU)
    return case


@testing.inject_backend_tests(None, [{}])
class TestCubeIsCorrect(_CubeCase):
    """Collected by pytest: forward, backward and double backward all pass."""

    __test__ = True


def test_correct_function_passes_every_test():
    for name in ('test_forward', 'test_backward', 'test_double_backward'):
        case = _run(_CubeCase, name)
        assert case.test_name == name and case.backend_config is _CPU
    # non-contiguous inputs by default, C-contiguous on request
    _run(_CubeCase, 'test_forward')
    assert _CubeCase.seen_contiguous is False

    class Contiguous(_CubeCase):
        contiguous = 'C'
    _run(Contiguous, 'test_forward')
    assert Contiguous.seen_contiguous is True


def test_wrong_forward_is_a_function_test_error():
    class WrongForward(_CubeCase):
        def forward_expected(self, inputs):
            return inputs[0] ** 2,

    with pytest.raises(testing.FunctionTestError, match='outputs differ'):
        _run(WrongForward, 'test_forward')

    class WrongDtype(_CubeCase):
        def forward_expected(self, inputs):
            return (inputs[0] ** 3).astype(numpy.float32),

    with pytest.raises(testing.FunctionTestError, match='dtypes'):
        _run(WrongDtype, 'test_forward')


def test_modified_input_is_reported():
    class Spoils(_CubeCase):
        def forward(self, inputs, device):
            return _Cube(spoil_input=True).apply(inputs)

    with pytest.raises(testing.FunctionTestError, match='modified its inputs'):
        _run(Spoils, 'test_forward')


def test_wrong_backward_is_a_function_test_error():
    class WrongBackward(_CubeCase):
        def forward(self, inputs, device):
            return _Cube(scale=2.5).apply(inputs)

    with pytest.raises(testing.FunctionTestError, match='backward'):
        _run(WrongBackward, 'test_backward')


class _CubeGrad(chainer.FunctionNode):
    """(x, gy) -> 3 x^2 gy, whose own backward is wrong in x (5 x instead of 6 x)."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        return 3 * x * x * gy,

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        return 5.0 * x * gy * ggx, 3.0 * x * x * ggx


class _CubeWrongSecondOrder(_Cube):
    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return _CubeGrad().apply((x, grad_outputs[0]))


def test_wrong_double_backward_is_a_function_test_error():
    class WrongSecondOrder(_CubeCase):
        def forward(self, inputs, device):
            return _CubeWrongSecondOrder().apply(inputs)

    _run(WrongSecondOrder, 'test_backward')  # the first order is right
    with pytest.raises(testing.FunctionTestError, match='double backward'):
        _run(WrongSecondOrder, 'test_double_backward')


def test_skip_flags_and_before_test():
    class Skipping(_CubeCase):
        skip_forward_test = True
        skip_backward_test = True
        skip_double_backward_test = True

    for name in ('test_forward', 'test_backward', 'test_double_backward'):
        with pytest.raises(unittest.SkipTest, match='skip_'):
            _run(Skipping, name)

    class BeforeTest(_CubeCase):
        def before_test(self, test_name):
            raise unittest.SkipTest('skipped by ' + test_name)

    with pytest.raises(unittest.SkipTest, match='skipped by test_backward'):
        _run(BeforeTest, 'test_backward')


def test_options_reach_the_checks():
    class Loose(_CubeCase):
        def setUp(self):
            self.check_forward_options = {'atol': 1.0, 'rtol': 1.0}

        def forward_expected(self, inputs):
            return inputs[0] ** 3 + 0.5,

    _run(Loose, 'test_forward')
    assert _CubeCase().check_backward_options == {}  # a dict per instance


def test_bad_returns_are_type_errors():
    class NotATuple(_CubeCase):
        def generate_inputs(self):
            return numpy.ones((2,), numpy.float64)

    with pytest.raises(TypeError, match='generate_inputs'):
        _run(NotATuple, 'test_forward')

    class ReturnsArrays(_CubeCase):
        def forward(self, inputs, device):
            return inputs[0].array ** 3,

    with pytest.raises(testing.FunctionTestError, match='Variables'):
        _run(ReturnsArrays, 'test_forward')


def test_dodge_nondifferentiable_draws_inputs_again():
    draws = []

    class Abs(chainer.FunctionNode):
        def forward(self, inputs):
            self.retain_inputs((0,))
            return abs(inputs[0]),

        def backward(self, indexes, grad_outputs):
            x, = self.get_retained_inputs()
            return grad_outputs[0] * numpy.sign(x.array),

    class AbsCase(testing.FunctionTestCase):
        dodge_nondifferentiable = True
        skip_double_backward_test = True

        def generate_inputs(self):
            # the first draw sits on the kink at zero
            draws.append(len(draws))
            if len(draws) == 1:
                return numpy.array([0.0, 0.5]),
            return numpy.array([-0.5, 0.5]),

        def forward(self, inputs, device):
            return Abs().apply(inputs)

        def forward_expected(self, inputs):
            return abs(inputs[0]),

    _run(AbsCase, 'test_backward')
    assert len(draws) >= 2


# -- links --------------------------------------------------------------------------

class _Scale(chainer.Link):
    """y = x * W, W of shape (3,)."""

    def __init__(self, initial_w):
        super(_Scale, self).__init__()
        with self.init_scope():
            self.W = chainer.Parameter(initial_w, (3,))

    def forward(self, x):
        return x * self.W


class _ScaleCase(testing.LinkTestCase):
    __test__ = False
    param_names = ('W',)

    def setUp(self):
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_params(self):
        return numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32),

    def create_link(self, initializers):
        return _Scale(initializers[0])

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3,)).astype(numpy.float32),

    def forward_expected(self, link, inputs):
        assert isinstance(link.W.array, numpy.ndarray)
        return inputs[0] * link.W.array,


def test_link_test_case_passes_a_correct_link():
    _run(_ScaleCase, 'test_forward')
    _run(_ScaleCase, 'test_backward')


def test_link_test_case_detects_wrong_links():
    class WrongForward(_ScaleCase):
        def forward_expected(self, link, inputs):
            return inputs[0] + link.W.array,

    with pytest.raises(testing.LinkTestError):
        _run(WrongForward, 'test_forward')

    class Doubled(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0].copy(),

        def backward(self, indexes, grad_outputs):
            return grad_outputs[0] * 2.0,

    class WrongGradLink(_Scale):
        def forward(self, x):
            w, = Doubled().apply((self.W,))
            return x * w

    class WrongBackward(_ScaleCase):
        def create_link(self, initializers):
            return WrongGradLink(initializers[0])

    with pytest.raises(testing.LinkTestError, match='backward'):
        _run(WrongBackward, 'test_backward')

    class MissingParam(_ScaleCase):
        param_names = ('V',)

    with pytest.raises(testing.LinkTestError, match="'V'"):
        _run(MissingParam, 'test_backward')


class _ScaleInitCase(testing.LinkInitializersTestCase):
    __test__ = False
    param_names = ('W',)

    def generate_params(self):
        return initializers.Constant(0.25),

    def create_link(self, initializers):
        return _Scale(initializers[0])

    def generate_inputs(self):
        return numpy.ones((3,), numpy.float32),

    def get_initializers(self):
        return ([initializers.Constant(2.0), 3.0, numpy.arange(3.0),
                 testing.InitializerArgument(None, initializers.Constant(5.0))],)


def test_link_initializers_test_case():
    class PatchedScale(_Scale):
        def __init__(self, initial_w):
            # None means 5 for this link
            super(PatchedScale, self).__init__(
                initializers.Constant(5.0) if initial_w is None else initial_w)

    class Case(_ScaleInitCase):
        def create_link(self, initializers):
            return PatchedScale(initializers[0])

    _run(Case, 'test_initializers')

    class WrongDefault(_ScaleInitCase):
        def create_link(self, initializers):
            return _Scale(initializers[0] if initializers[0] is not None else 4.0)

    with pytest.raises(testing.LinkTestError):
        _run(WrongDefault, 'test_initializers')


def test_initializer_argument_checks():
    with pytest.raises(ValueError):
        testing.InitializerArgument(None, None)
    with pytest.raises(TypeError):
        testing.InitializerArgument(None, 'zero')

    class NoneParam(_ScaleInitCase):
        def get_initializers(self):
            return ([None],)

    with pytest.raises(ValueError, match='InitializerArgument'):
        _run(NoneParam, 'test_initializers')


def test_function_link_module():
    from chainer.testing import function_link
    assert function_link.FunctionTestCase is testing.FunctionTestCase
    assert issubclass(testing.FunctionTestError, AssertionError)
    assert issubclass(testing.LinkTestError, AssertionError)
    assert isinstance(sys.modules['chainer.testing.function_link'], types.ModuleType)
