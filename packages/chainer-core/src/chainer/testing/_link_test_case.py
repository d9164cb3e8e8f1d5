""":class:`LinkTestCase` (forward and backward of a link) and
:class:`LinkInitializersTestCase` (its parameter initializers), Chainer v7."""
import unittest

import numpy

import chainer
from chainer import backend
from chainer.testing import _case_checks as checks
from chainer.testing._case_checks import LinkTestError


class _LinkTestBase(object):
    """What both link test cases share: making the link, its inputs and outputs."""

    backend_config = None
    contiguous = None
    param_names = ()

    def before_test(self, test_name):
        """Called before each test with its name; does nothing by default."""

    def generate_params(self):
        """Returns the tuple of initializer-likes passed to ``create_link`` (to be
        overridden)."""
        raise NotImplementedError('a link test case must define generate_params()')

    def generate_inputs(self):
        """Returns the tuple of numpy input arrays (to be overridden)."""
        raise NotImplementedError('a link test case must define generate_inputs()')

    def create_link(self, initializers):
        """Returns the link under test built with ``initializers`` (to be
        overridden)."""
        raise NotImplementedError('a link test case must define create_link()')

    def forward(self, link, inputs, device):
        """Applies ``link`` to the tuple of Variables ``inputs``; returns a tuple of
        Variables. By default ``link(*inputs)``."""
        outputs = link(*inputs)
        return outputs if isinstance(outputs, tuple) else (outputs,)

    def _params(self):
        inits = self.generate_params()
        if not isinstance(inits, (tuple, list)):
            raise TypeError('generate_params() must return a tuple or a list, got '
                            '{}'.format(type(inits).__name__))
        for init in inits:
            checks.check_initializer(init)
        return inits

    def _inputs(self):
        inputs = self.generate_inputs()
        checks.check_array_tuple(inputs, backend.CpuDevice(), 'generate_inputs')
        return inputs

    def _link(self, inits, backend_config):
        link = self.create_link([checks.argument_value(i) for i in inits])
        if not isinstance(link, chainer.Link):
            raise TypeError('create_link() must return a chainer.Link, got {}'.format(
                type(link).__name__))
        link.to_device(backend_config.device)
        return link

    def _forward(self, link, inputs, backend_config):
        with backend_config:
            outputs = self.forward(link, inputs, backend_config.device)
        checks.check_variable_tuple(outputs, backend_config.device, 'forward',
                                    LinkTestError)
        return outputs

    def _initialized_link(self, inits, backend_config):
        """A link that has run forward once (so lazily shaped parameters exist),
        with its device inputs and outputs."""
        link = self._link(inits, backend_config)
        inputs = checks.maybe_noncontiguous(
            self, backend_config.get_array(self._inputs()))
        outputs = self._forward(link, tuple(chainer.Variable(x) for x in inputs),
                                backend_config)
        link.cleargrads()
        return link, inputs, [v.array for v in outputs]

    def _link_params(self, link):
        params = []
        for name in self.param_names:
            param = getattr(link, name, None)
            if param is None:
                LinkTestError.fail('the link has no parameter {!r}'.format(name))
            params.append(param)
        return params


class LinkTestCase(_LinkTestBase, unittest.TestCase):
    """Base class of the forward and backward tests of a link, run per backend with
    :func:`~chainer.testing.inject_backend_tests`.

    A subclass defines ``generate_params(self)`` (initializer-likes, one per
    initializer argument of the link), ``create_link(self, initializers)``,
    ``generate_inputs(self)`` (numpy arrays) and
    ``forward_expected(self, link, inputs)`` (the expected outputs from the link, on
    the host, and numpy ``inputs``); ``forward(self, link, inputs, device)`` calls
    the link by default. ``test_forward`` compares the outputs; ``test_backward``
    checks the gradients of the inputs and of the parameters named in
    ``param_names`` with :func:`chainer.gradient_check.check_backward`. A wrong link
    raises :class:`~chainer.testing.LinkTestError`.

    Attributes: ``param_names``, ``skip_forward_test``, ``skip_backward_test``,
    ``dodge_nondifferentiable``, ``numerical_grad_dtype``, ``contiguous``,
    ``check_forward_options`` and ``check_backward_options``, as in
    :class:`~chainer.testing.FunctionTestCase`; optional methods ``before_test``,
    ``generate_grad_outputs`` and ``check_forward_outputs``.
    """

    check_forward_options = None
    check_backward_options = None
    skip_forward_test = False
    skip_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64

    def __init__(self, *args, **kwargs):
        self.check_forward_options = {}
        self.check_backward_options = {}
        super(LinkTestCase, self).__init__(*args, **kwargs)

    def forward_expected(self, link, inputs):
        """Returns the expected outputs of ``link`` (on the host) for the numpy
        ``inputs`` (to be overridden)."""
        raise NotImplementedError('a LinkTestCase must define forward_expected()')

    def generate_grad_outputs(self, outputs_template):
        """Returns output gradients: random in [-1, 1), shaped as the templates."""
        return checks.random_like(outputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares the forward outputs with the expected ones, raising
        :class:`~chainer.testing.LinkTestError` on a mismatch."""
        checks.check_arrays_equal(outputs, expected_outputs, LinkTestError,
                                  **self.check_forward_options)

    def test_forward(self, backend_config):
        """Checks the link's outputs against ``forward_expected``."""
        if self.skip_forward_test:
            raise unittest.SkipTest('skip_forward_test is set')
        self.backend_config = backend_config
        self.before_test('test_forward')
        link = self._link(self._params(), backend_config)
        inputs = self._inputs()
        device_inputs = checks.maybe_noncontiguous(self, backend_config.get_array(inputs))
        outputs = self._forward(link, tuple(chainer.Variable(x) for x in device_inputs),
                                backend_config)
        link.to_device(backend.CpuDevice())
        expected = self.forward_expected(link, inputs)
        checks.check_array_tuple(expected, backend.CpuDevice(), 'forward_expected')
        self.check_forward_outputs(tuple(v.array for v in outputs), expected)

    def test_backward(self, backend_config):
        """Checks the gradients of the inputs and of ``param_names`` against
        numerical ones."""
        from chainer import gradient_check
        if self.skip_backward_test:
            raise unittest.SkipTest('skip_backward_test is set')
        self.backend_config = backend_config
        self.before_test('test_backward')

        def check():
            link, inputs, outputs = self._initialized_link(self._params(), backend_config)
            params = self._link_params(link)
            for p in params:
                p.array = checks.maybe_noncontiguous(self, p.array)
            cpu = backend.CpuDevice()
            grad_outputs = self.generate_grad_outputs(tuple(cpu.send(y) for y in outputs))
            checks.check_array_tuple(grad_outputs, cpu, 'generate_grad_outputs')
            options = dict(self.check_backward_options)
            options.setdefault('dtype', self.numerical_grad_dtype)
            options.setdefault('detect_nondifferentiable', self.dodge_nondifferentiable)
            with LinkTestError.raise_if_fail('backward is not implemented correctly'):
                gradient_check.check_backward(
                    lambda *xs: self._forward(link, xs, backend_config), inputs,
                    checks.maybe_noncontiguous(
                        self, backend_config.get_array(grad_outputs)),
                    params=tuple(params), **options)

        return checks.retry_nondifferentiable(self, check)


class LinkInitializersTestCase(_LinkTestBase, unittest.TestCase):
    """Base class of the tests of a link's parameter initializers, run per backend
    with :func:`~chainer.testing.inject_backend_tests`.

    Besides ``generate_params``, ``create_link``, ``generate_inputs`` and
    ``param_names`` (as in :class:`~chainer.testing.LinkTestCase`), a subclass
    defines ``get_initializers(self)``: per initializer argument, a list of
    initializer-likes to try (:class:`~chainer.testing.InitializerArgument` pairs an
    argument such as None with the initializer the link should use for it). Each is
    passed in turn (the other arguments come from ``generate_params``) and the
    parameter the link made must equal what the initializer fills, within
    ``check_initializers_options`` (tolerances); otherwise
    :class:`~chainer.testing.LinkTestError` is raised.
    """

    check_initializers_options = None

    def __init__(self, *args, **kwargs):
        self.check_initializers_options = {}
        super(LinkInitializersTestCase, self).__init__(*args, **kwargs)

    def get_initializers(self):
        """Returns, per initializer argument, the initializer-likes to test (to be
        overridden)."""
        raise NotImplementedError('a LinkInitializersTestCase must define '
                                  'get_initializers()')

    def _initializers(self):
        per_param = self.get_initializers()
        if not isinstance(per_param, (tuple, list)) or not all(
                isinstance(inits, (tuple, list)) for inits in per_param):
            raise TypeError('get_initializers() must return a tuple or list of tuples '
                            'or lists')
        for inits in per_param:
            for init in inits:
                checks.check_initializer(init)
        return per_param

    def test_initializers(self, backend_config):
        """Checks every parameter against each of its initializers."""
        self.backend_config = backend_config
        self.before_test('test_initializers')
        for index, candidates in enumerate(self._initializers()):
            for init in candidates:
                inits = list(self._params())
                inits[index] = init
                self._check_one(index, inits, backend_config)

    def _check_one(self, index, inits, backend_config):
        link, _, _ = self._initialized_link(inits, backend_config)
        actual = backend.CpuDevice().send(self._link_params(link)[index].array)
        expected_init = inits[index]
        if isinstance(expected_init, checks.InitializerArgument):
            expected_init = expected_init.expected_initializer
        from chainer.initializers.helper import _get_initializer
        expected = numpy.empty_like(actual)
        _get_initializer(expected_init)(expected)
        checks.check_arrays_equal((actual,), (expected,), LinkTestError,
                                  **self.check_initializers_options)
