"""chainer-links' GPU branches request the library kernels they should, and only there.

CPU-only and device-free: the sources of ``chainer.functions`` are read with :mod:`ast`
(nothing is imported or faked). Every ``cuda.kernel('<name>')`` call is located by module
and enclosing ``Class.method``; the table below states what each wired function requests,
and each call must sit where only GPU arrays reach it (a ``*_gpu`` or ``*cudnn*`` function,
or the GPU side of an ``xp is numpy`` / ``isinstance(a, numpy.ndarray)`` test), so the CPU
paths never touch the kernel library.
"""
import ast
import pathlib

import pytest

_FUNCTIONS = (pathlib.Path(__file__).resolve().parents[2] / 'chainer-links' / 'src' /
              'chainer' / 'functions')

#: module (relative to chainer/functions) -> {enclosing Class.method: kernels requested}.
WIRING = {
    'activation/relu.py': {
        'ReLU.compute': {'relu_fwd', 'cudnn_activation_forward'},
        'ReLU.derivative': {'relu_bwd', 'cudnn_activation_backward'}},
    'activation/sigmoid.py': {
        'Sigmoid.compute': {'sigmoid_fwd', 'cudnn_activation_forward'},
        'Sigmoid.derivative': {'sigmoid_bwd', 'cudnn_activation_backward'}},
    'activation/tanh.py': {
        'Tanh.compute': {'tanh_fwd', 'cudnn_activation_forward'},
        'Tanh.derivative': {'tanh_bwd', 'cudnn_activation_backward'}},
    'activation/elu.py': {'ELU.compute': {'elu_fwd'}, 'ELU.derivative': {'elu_bwd'}},
    'activation/leaky_relu.py': {'LeakyReLU.compute': {'leaky_relu_fwd'},
                                 'LeakyReLU.derivative': {'leaky_relu_bwd'}},
    'activation/clipped_relu.py': {'ClippedReLU.compute': {'clipped_relu_fwd'},
                                   'ClippedReLU.derivative': {'clipped_relu_bwd'}},
    'activation/softplus.py': {'Softplus.compute': {'softplus_fwd'},
                               'Softplus.derivative': {'softplus_bwd'}},
    'activation/hard_sigmoid.py': {'HardSigmoid.compute': {'hard_sigmoid_fwd'},
                                   'HardSigmoid.derivative': {'hard_sigmoid_bwd'}},
    'math/clip.py': {'Clip.compute': {'clip_fwd'}, 'Clip.derivative': {'clip_bwd'}},
    'math/sqrt.py': {'Sqrt.derivative': {'sqrt_bwd'}},
    'math/absolute.py': {'_Absolute.backward': {'abs_bwd'}},
    'activation/softmax.py': {
        'Softmax.forward_gpu': {'softmax_fwd', 'cudnn_softmax_forward'},
        'Softmax.backward_gpu': {'softmax_bwd', 'cudnn_softmax_backward'}},
    'activation/log_softmax.py': {
        'LogSoftmax.forward_gpu': {'log_softmax_fwd', 'cudnn_softmax_forward'},
        'LogSoftmax.backward_gpu': {'log_softmax_bwd', 'cudnn_softmax_backward'}},
    'loss/softmax_cross_entropy.py': {
        'SoftmaxCrossEntropy._softmax_gpu': {'log_softmax_fwd', 'softmax_fwd',
                                             'cudnn_softmax_forward'},
        'SoftmaxCrossEntropy.forward_gpu': {'softmax_cross_entropy_fwd'},
        'SoftmaxCrossEntropy.backward_gpu': {'softmax_cross_entropy_bwd'}},
    'activation/lstm.py': {'LSTM.forward_gpu': {'lstm_fwd'},
                           'LSTM.backward_gpu': {'lstm_bwd'}},
    'connection/convolution_nd.py': {
        'ConvolutionND.forward_gpu': {'im2col_nd', 'cudnn_convolution_forward'},
        'ConvolutionND.backward_gpu': {'col2im_nd', 'cudnn_convolution_backward'}},
    'connection/deconvolution_nd.py': {'DeconvolutionND.forward_gpu': {'col2im_nd'},
                                       'DeconvolutionND.backward_gpu': {'im2col_nd'}},
    'pooling/pooling_nd.py': {'PoolingND._cudnn_forward': {'cudnn_pooling_forward'},
                              'PoolingND._cudnn_backward': {'cudnn_pooling_backward'}},
    'pooling/max_pooling_nd.py': {'MaxPoolingND.forward_gpu': {'max_pooling_fwd'},
                                  'MaxPoolingND.backward_gpu': {'max_pooling_bwd'}},
    'pooling/average_pooling_nd.py': {
        'AveragePoolingND.forward_gpu': {'average_pooling_fwd'},
        'AveragePoolingND.backward_gpu': {'average_pooling_bwd'}},
    'normalization/local_response_normalization.py': {
        'LocalResponseNormalization.forward_gpu': {'lrn_fwd'},
        'LocalResponseNormalization.backward_gpu': {'lrn_bwd'}},
    'normalization/batch_normalization.py': {
        'BatchNormalizationFunction.forward_gpu': {'batch_norm_fwd'},
        'BatchNormalizationFunction._forward_cudnn': {
            'cudnn_batch_normalization_forward_training'},
        'BatchNormalizationFunction.backward_gpu': {
            'batch_norm_bwd', 'cudnn_batch_normalization_backward'}},
    'normalization/fixed_batch_normalization.py': {
        'FixedBatchNormalization.forward_gpu': {
            'batch_norm_inference', 'cudnn_batch_normalization_forward_inference'}},
    'noise/dropout.py': {'Dropout.forward': {'dropout_fwd'}},
    'connection/local_convolution_2d.py': {'_columns': {'im2col_nd'},
                                           '_images': {'col2im_nd'}},
    'connection/_conv_grad.py': {'ConvFilterGrad._filter_grad': {'im2col_nd'}},
    # the row scatter-add of embed_id, ROI pooling/align, the sampled losses and the
    # hierarchical softmax
    'array/_add_at.py': {'add_rows': {'scatter_add'}},
}


def _is_kernel_call(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
            node.func.attr == 'kernel' and isinstance(node.func.value, ast.Name) and
            node.func.value.id == 'cuda')


def _host_test(test):
    """+1 if ``test`` is true exactly for host (numpy) arrays, -1 if exactly for GPU
    arrays, 0 if it says nothing about the device."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return -_host_test(test.operand)
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and
            isinstance(test.left, ast.Name) and test.left.id == 'xp' and
            isinstance(test.comparators[0], ast.Name) and
            test.comparators[0].id == 'numpy'):
        return {ast.Is: 1, ast.IsNot: -1}.get(type(test.ops[0]), 0)
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and
            test.func.id == 'isinstance' and len(test.args) == 2):
        kind = ast.unparse(test.args[1])
        if kind == 'numpy.ndarray':
            return 1
        if kind == 'cuda.ndarray':
            return -1
    return 0


class _Scanner(ast.NodeVisitor):
    """Collects ``(qualname, name, on_gpu_path)`` for every ``cuda.kernel`` call."""

    def __init__(self):
        self.calls = []
        self._qual = []
        self._gpu = [False]

    def _scoped(self, node, gpu):
        self._qual.append(node.name)
        self._gpu.append(gpu)
        self.generic_visit(node)
        self._gpu.pop()
        self._qual.pop()

    def visit_ClassDef(self, node):
        self._scoped(node, self._gpu[-1])

    def visit_FunctionDef(self, node):
        self._scoped(node, self._gpu[-1] or node.name.endswith('_gpu') or
                     'cudnn' in node.name)

    def visit_If(self, node):
        side = _host_test(node.test)
        self.visit(node.test)
        for branch, gpu in ((node.body, side == -1), (node.orelse, side == 1)):
            self._gpu.append(self._gpu[-1] or gpu)
            for stmt in branch:
                self.visit(stmt)
            self._gpu.pop()

    def visit_Call(self, node):
        if _is_kernel_call(node):
            arg = node.args[0] if node.args else None
            name = arg.value if isinstance(arg, ast.Constant) else None
            self.calls.append(('.'.join(self._qual), name, self._gpu[-1]))
        self.generic_visit(node)


def scan(source):
    """Returns the ``(qualname, kernel name or None, on_gpu_path)`` of each call."""
    scanner = _Scanner()
    scanner.visit(ast.parse(source))
    return scanner.calls


def _all_calls():
    return {str(p.relative_to(_FUNCTIONS)): scan(p.read_text(encoding='utf-8'))
            for p in sorted(_FUNCTIONS.rglob('*.py'))}


pytestmark = pytest.mark.skipif(not _FUNCTIONS.is_dir(),
                                reason='chainer-links sources are not here')


@pytest.mark.parametrize('module', sorted(WIRING))
def test_wired_function_requests_its_kernels(module):
    found = {}
    for qual, name, _ in scan((_FUNCTIONS / module).read_text(encoding='utf-8')):
        found.setdefault(qual, set()).add(name)
    assert found == WIRING[module]


def test_every_kernel_call_is_in_the_table_and_literal():
    calls = {m: c for m, c in _all_calls().items() if c}
    assert set(calls) == set(WIRING), 'modules calling cuda.kernel changed'
    for module, found in calls.items():
        assert all(name is not None for _, name, _ in found), (
            '{}: cuda.kernel needs a literal name (the drift check reads it)'.format(module))


def test_kernel_calls_are_only_on_gpu_paths():
    cpu_side = [(m, q, n) for m, calls in _all_calls().items()
                for q, n, gpu in calls if not gpu]
    assert not cpu_side, 'cuda.kernel reachable from a CPU path: {}'.format(cpu_side)


@pytest.mark.parametrize('source,gpu', [
    ('def forward(self, x):\n    return cuda.kernel("relu_fwd")(x)', False),
    ('def f(xp, x):\n    if xp is numpy:\n        return cuda.kernel("a")(x)', False),
    ('def f(xp, x):\n    if xp is numpy:\n        pass\n    else:\n'
     '        cuda.kernel("a")(x)', True),
    ('def f(xp, x):\n    if xp is not numpy:\n        cuda.kernel("a")(x)', True),
    ('def f(x):\n    if not isinstance(x, numpy.ndarray):\n        cuda.kernel("a")(x)',
     True),
    ('def f(x):\n    if isinstance(x, numpy.ndarray):\n        cuda.kernel("a")(x)', False),
    ('def f(x):\n    if isinstance(x, cuda.ndarray):\n        cuda.kernel("a")(x)', True),
    ('def f(x):\n    if not isinstance(x, cuda.ndarray):\n        cuda.kernel("a")(x)',
     False),
    ('def forward_gpu(self, x):\n    return cuda.kernel("a")(x)', True),
    ('def _forward_cudnn(self, x):\n    return cuda.kernel("a")(x)', True),
    ('def f(flag, x):\n    if flag:\n        cuda.kernel("a")(x)', False),
])
def test_scanner_tells_gpu_paths_from_cpu_paths(source, gpu):
    (_, name, on_gpu), = scan(source)
    assert name in ('relu_fwd', 'a') and on_gpu is gpu


def test_scanner_sees_non_literal_names():
    (_, name, _), = scan('def f_gpu(n, x):\n    cuda.kernel(n)(x)')
    assert name is None
