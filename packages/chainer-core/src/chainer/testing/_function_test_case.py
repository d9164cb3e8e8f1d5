""":class:`FunctionTestCase`: forward, backward and double-backward tests of a
function from a few methods describing it (Chainer v7)."""
import unittest

import numpy

import chainer
from chainer import backend
from chainer.testing import _case_checks as checks
from chainer.testing import array as array_module
from chainer.testing._case_checks import FunctionTestError


class FunctionTestCase(unittest.TestCase):
    """Base class of the tests of a function, run per backend with
    :func:`~chainer.testing.inject_backend_tests`.

    A subclass describes the function with three methods:

    * ``generate_inputs(self)``: a tuple of numpy input arrays;
    * ``forward(self, inputs, device)``: the function under test applied to
      ``inputs`` (a tuple of Variables on ``device``), returning a tuple of
      Variables;
    * ``forward_expected(self, inputs)``: the expected outputs, a tuple of numpy
      arrays, computed from the numpy ``inputs`` independently.

    ``test_forward`` compares the outputs (and checks the inputs were not modified),
    ``test_backward`` checks gradients with
    :func:`chainer.gradient_check.check_backward` and ``test_double_backward``
    second-order gradients with :func:`chainer.gradient_check.check_double_backward`
    (all in float64 by default, see ``numerical_grad_dtype``). A wrong function
    raises :class:`~chainer.testing.FunctionTestError`.

    Optional methods: ``before_test(self, test_name)`` (called first; may raise
    :class:`unittest.SkipTest`), ``generate_grad_outputs(self, outputs_template)``
    and ``generate_grad_grad_inputs(self, inputs_template)`` (random in [-1, 1) by
    default; None entries for no gradient), ``check_forward_outputs(self, outputs,
    expected_outputs)``.

    Attributes a subclass may set: ``skip_forward_test``, ``skip_backward_test``,
    ``skip_double_backward_test`` (False), ``dodge_nondifferentiable`` (False: when
    True, inputs at a non-differentiable point are drawn again),
    ``numerical_grad_dtype`` (float64), ``contiguous`` (None: the arrays given to the
    function are non-contiguous; ``'C'``: C-contiguous), and the dicts
    ``check_forward_options`` (tolerances of
    :func:`~chainer.testing.assert_allclose`), ``check_backward_options`` and
    ``check_double_backward_options`` (keyword arguments of the gradient checks).
    While a test runs, ``self.backend_config`` and ``self.test_name`` are set.
    """

    backend_config = None
    check_forward_options = None
    check_backward_options = None
    check_double_backward_options = None
    skip_forward_test = False
    skip_backward_test = False
    skip_double_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64
    contiguous = None

    def __init__(self, *args, **kwargs):
        super(FunctionTestCase, self).__init__(*args, **kwargs)
        # per-instance dicts, so that setUp may fill them without sharing
        self.check_forward_options = {}
        self.check_backward_options = {}
        self.check_double_backward_options = {}

    def before_test(self, test_name):
        """Called before each test with its name; does nothing by default."""

    def generate_inputs(self):
        """Returns the tuple of numpy input arrays (to be overridden)."""
        raise NotImplementedError('a FunctionTestCase must define generate_inputs()')

    def forward(self, inputs, device):
        """Applies the function under test to the tuple of Variables ``inputs`` (to
        be overridden)."""
        raise NotImplementedError('a FunctionTestCase must define forward()')

    def forward_expected(self, inputs):
        """Returns the expected outputs for the numpy ``inputs`` (to be
        overridden)."""
        raise NotImplementedError('a FunctionTestCase must define forward_expected()')

    def generate_grad_outputs(self, outputs_template):
        """Returns output gradients: random in [-1, 1), shaped as the templates."""
        return checks.random_like(outputs_template)

    def generate_grad_grad_inputs(self, inputs_template):
        """Returns second-order input gradients: random in [-1, 1), shaped as the
        templates."""
        return checks.random_like(inputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Compares the forward outputs with the expected ones, raising
        :class:`~chainer.testing.FunctionTestError` on a mismatch."""
        checks.check_arrays_equal(outputs, expected_outputs, FunctionTestError,
                                  **self.check_forward_options)

    # -- the runs -----------------------------------------------------------------

    def _start(self, test_name, backend_config, skip):
        if skip:
            raise unittest.SkipTest('skip_{}_test is set'.format(test_name[5:]))
        self.backend_config = backend_config
        self.test_name = test_name
        self.before_test(test_name)

    def _inputs(self):
        inputs = self.generate_inputs()
        checks.check_array_tuple(inputs, backend.CpuDevice(), 'generate_inputs')
        return inputs

    def _expected(self, inputs):
        outputs = self.forward_expected(inputs)
        checks.check_array_tuple(outputs, backend.CpuDevice(), 'forward_expected')
        return outputs

    def _on_device(self, arrays, backend_config):
        return checks.maybe_noncontiguous(self, backend_config.get_array(arrays))

    def _forward(self, inputs, backend_config):
        with backend_config:
            outputs = self.forward(inputs, backend_config.device)
        checks.check_variable_tuple(outputs, backend_config.device, 'forward',
                                    FunctionTestError)
        return outputs

    def _gradient_check_options(self, options):
        options = dict(options)
        options.setdefault('dtype', self.numerical_grad_dtype)
        options.setdefault('detect_nondifferentiable', self.dodge_nondifferentiable)
        return options

    def run_test_forward(self, backend_config):
        """Runs the forward test on ``backend_config``."""
        self._start('test_forward', backend_config, self.skip_forward_test)
        cpu_inputs = checks.maybe_noncontiguous(self, self._inputs())
        originals = [a.copy() for a in cpu_inputs]
        expected = self._expected(cpu_inputs)
        inputs = self._on_device(cpu_inputs, backend_config)
        outputs = self._forward(tuple(
            chainer.Variable(a, requires_grad=a.dtype.kind == 'f') for a in inputs),
            backend_config)
        modified = []
        for i, (before, after) in enumerate(zip(originals, inputs)):
            try:
                array_module.assert_allclose(before, after, atol=0, rtol=0)
            except AssertionError:
                modified.append(i)
        if modified:
            FunctionTestError.fail(
                'forward modified its inputs (indices {}):\n{}'.format(
                    ', '.join(map(str, modified)), '\n'.join(
                        'input [{}] before: {}\nafter: {}'.format(
                            i, originals[i], inputs[i]) for i in modified)))
        self.check_forward_outputs(tuple(v.array for v in outputs), expected)

    def run_test_backward(self, backend_config):
        """Runs the backward test on ``backend_config``."""
        from chainer import gradient_check
        self._start('test_backward', backend_config, self.skip_backward_test)

        def check():
            inputs = self._inputs()
            grad_outputs = self.generate_grad_outputs(self._expected(inputs))
            checks.check_array_tuple(grad_outputs, backend.CpuDevice(),
                                     'generate_grad_outputs')
            with FunctionTestError.raise_if_fail('backward is not implemented '
                                                 'correctly'):
                gradient_check.check_backward(
                    lambda *xs: self._forward(xs, backend_config),
                    self._on_device(inputs, backend_config),
                    self._on_device(grad_outputs, backend_config),
                    **self._gradient_check_options(self.check_backward_options))

        checks.retry_nondifferentiable(self, check)

    def run_test_double_backward(self, backend_config):
        """Runs the double-backward test on ``backend_config``."""
        from chainer import gradient_check
        self._start('test_double_backward', backend_config,
                    self.skip_double_backward_test)

        def check():
            inputs = self._inputs()
            grad_outputs = self.generate_grad_outputs(self._expected(inputs))
            checks.check_array_tuple(grad_outputs, backend.CpuDevice(),
                                     'generate_grad_outputs')
            grad_grad_inputs = self.generate_grad_grad_inputs(inputs)
            checks.check_array_tuple(grad_grad_inputs, backend.CpuDevice(),
                                     'generate_grad_grad_inputs')
            # integer inputs have no gradient, hence no second-order one
            grad_grad_inputs = tuple(g for g in grad_grad_inputs
                                     if g is None or g.dtype.kind == 'f')
            with backend_config, FunctionTestError.raise_if_fail(
                    'double backward is not implemented correctly'):
                gradient_check.check_double_backward(
                    lambda *xs: self._forward(xs, backend_config),
                    self._on_device(inputs, backend_config),
                    self._on_device(grad_outputs, backend_config),
                    self._on_device(grad_grad_inputs, backend_config),
                    **self._gradient_check_options(self.check_double_backward_options))

        checks.retry_nondifferentiable(self, check)

    def test_forward(self, backend_config):
        """Checks the forward outputs against ``forward_expected``."""
        self.run_test_forward(backend_config)

    def test_backward(self, backend_config):
        """Checks the gradients against numerical ones."""
        self.run_test_backward(backend_config)

    def test_double_backward(self, backend_config):
        """Checks the second-order gradients against numerical ones."""
        self.run_test_double_backward(backend_config)
