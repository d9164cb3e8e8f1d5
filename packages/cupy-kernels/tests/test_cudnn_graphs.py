"""The cuDNN graphs of the convolutions and batch normalization (cudnn_graphs), built on
the CPU: with a recording stand-in of the frontend (always), and with the real
nvidia-cudnn-frontend where it is installed (graph construction and its own shape
inference need no device; validation needs the driver, so it is checked on a GPU only).

``CUPY_KERNELS_REQUIRE_CUDNN_FRONTEND=1`` makes a missing frontend fail instead of skip.
"""
import os

import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from cupy_kernels import cudnn_graphs as graphs

from _fake_cudnn import module as fake_module

#: (x shape, W shape, stride, pad, dilate): 1-, 2- and 3-d, grouped, dilated, strided
GEOMETRIES = [
    ((2, 3, 7), (4, 3, 3), (2,), (1,), (1,)),
    ((2, 4, 7, 6), (6, 2, 3, 3), (2, 1), (1, 0), (1, 2)),   # groups = 2
    ((1, 6, 5, 5), (6, 1, 3, 3), (1, 1), (1, 1), (1, 1)),   # depthwise (groups = 6)
    ((2, 2, 9, 8), (3, 2, 2, 3), (3, 2), (2, 1), (3, 2)),
    ((1, 2, 5, 4, 6), (2, 2, 2, 3, 2), (1, 2, 1), (0, 1, 1), (2, 1, 1)),
]


def _real_cudnn():
    if os.environ.get('CUPY_KERNELS_REQUIRE_CUDNN_FRONTEND') == '1':
        import cudnn
        return cudnn
    return pytest.importorskip('cudnn', reason='nvidia-cudnn-frontend is not installed')


def _arrays(x_shape, w_shape, dtype=numpy.float32):
    return numpy.zeros(x_shape, dtype), numpy.zeros(w_shape, dtype)


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,dilate', GEOMETRIES)
def test_output_shape_is_chainers(x_shape, w_shape, stride, pad, dilate):
    x, W = _arrays(x_shape, w_shape)
    groups = x_shape[1] // w_shape[1]
    y = F.convolution_nd(x, W, stride=stride, pad=pad, dilate=dilate, groups=groups)
    assert graphs.conv_output_shape(x_shape, w_shape, stride, pad, dilate) == y.shape


def test_describe_counts_strides_in_elements():
    a = numpy.zeros((2, 3, 4), numpy.float16)
    assert graphs.describe(a) == ((2, 3, 4), (12, 4, 1), numpy.dtype(numpy.float16))
    t = graphs.describe(a.transpose(0, 2, 1))
    assert t.shape == (2, 4, 3) and t.strides == (12, 1, 4)
    assert graphs.describe(numpy.zeros((5, 3)), shape=(5, 3, 1, 1)).strides == (3, 1, 1, 1)
    assert graphs.bn_shape((5, 3)) == (5, 3, 1, 1)
    assert graphs.bn_shape((5, 3, 2, 2)) == (5, 3, 2, 2)


@pytest.mark.parametrize('dtype,io,compute', [
    (numpy.float16, 'HALF', 'FLOAT'), (numpy.float32, 'FLOAT', 'FLOAT'),
    (numpy.float64, 'DOUBLE', 'DOUBLE')])
def test_dtypes_map_to_cudnn_types(dtype, io, compute):
    cudnn = fake_module()
    assert graphs.data_types(cudnn, dtype) == (cudnn.data_type[io], cudnn.data_type[compute])
    assert graphs.param_dtype(dtype) == (numpy.float64 if dtype == numpy.float64
                                         else numpy.float32)


def test_other_dtypes_are_refused():
    with pytest.raises(TypeError, match='float16, float32 or float64.*int32'):
        graphs.data_types(fake_module(), numpy.int32)


def test_a_filter_that_does_not_group_the_channels_is_refused():
    x, W = _arrays((2, 4, 5, 5), (6, 3, 3, 3))
    with pytest.raises(ValueError, match='does not group the 4 channels'):
        graphs.conv_forward(fake_module(), graphs.describe(x), graphs.describe(W),
                            (1, 1), (0, 0), (1, 1))
    with pytest.raises(ValueError, match='stride'):
        graphs.conv_forward(fake_module(), graphs.describe(x),
                            graphs.describe(numpy.zeros((4, 4, 3, 3))), (1,), (0, 0), (1, 1))


@pytest.mark.parametrize('x_shape,w_shape,stride,pad,dilate', GEOMETRIES)
def test_convolution_graphs_ask_the_frontend_for_chainers_convolution(
        x_shape, w_shape, stride, pad, dilate):
    cudnn = fake_module()
    x, W = _arrays(x_shape, w_shape, numpy.float16)
    y_shape = graphs.conv_output_shape(x_shape, w_shape, stride, pad, dilate)
    gy = numpy.zeros(y_shape, numpy.float16)
    params = dict(padding=list(pad), stride=list(stride), dilation=list(dilate))
    for spec, op, out, shape in (
            (graphs.conv_forward(cudnn, graphs.describe(x), graphs.describe(W), stride,
                                 pad, dilate), 'conv_fprop', 'y', y_shape),
            (graphs.conv_backward_data(cudnn, graphs.describe(gy), graphs.describe(W),
                                       x_shape, stride, pad, dilate), 'conv_dgrad', 'gx',
             x_shape),
            (graphs.conv_backward_filter(cudnn, graphs.describe(x), graphs.describe(gy),
                                         w_shape, stride, pad, dilate), 'conv_wgrad', 'gw',
             w_shape)):
        (name, kwargs), = spec.graph.ops
        assert name == op
        assert {k: kwargs[k] for k in params} == params
        assert spec.graph.context['io_data_type'] is cudnn.data_type.HALF
        assert spec.graph.context['compute_data_type'] is cudnn.data_type.FLOAT
        result = spec.tensors[out]
        assert result.output and result.dim == list(shape)
        assert result.stride == list(graphs.contiguous_strides(shape))
        assert result.data_type is cudnn.data_type.HALF
        for role, t in spec.tensors.items():
            if role != out:
                assert not t.output and t.data_type is cudnn.data_type.HALF


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64])
def test_batch_normalization_graphs(dtype):
    cudnn = fake_module()
    x = graphs.describe(numpy.zeros((5, 3), dtype), shape=(5, 3, 1, 1))
    param = cudnn.data_type['DOUBLE' if dtype == numpy.float64 else 'FLOAT']
    io = graphs.data_types(cudnn, dtype)[0]
    train = graphs.bn_training(cudnn, x)
    (name, kwargs), = train.graph.ops
    assert name == 'batchnorm' and kwargs['input'] is train.tensors['x']
    assert kwargs['epsilon'].pass_by_value and kwargs['momentum'].pass_by_value
    assert train.tensors['y'].dim == [5, 3, 1, 1] and train.tensors['y'].data_type is io
    for role in ('gamma', 'beta', 'running_mean', 'running_var', 'mean', 'inv_std',
                 'next_mean', 'next_var'):
        assert train.tensors[role].dim == [1, 3, 1, 1], role
        assert train.tensors[role].data_type is param, role
    infer = graphs.bn_inference(cudnn, x)
    assert infer.graph.ops[0][0] == 'batchnorm_inference'
    assert infer.graph.ops[0][1]['inv_variance'] is infer.tensors['inv_std']
    back = graphs.bn_backward(cudnn, x)
    assert back.graph.ops[0][0] == 'batchnorm_backward'
    assert back.tensors['gx'].data_type is io and back.tensors['ggamma'].data_type is param
    assert all(back.tensors[r].output for r in ('gx', 'ggamma', 'gbeta'))


# ---- the real nvidia-cudnn-frontend ------------------------------------------------------

@pytest.mark.parametrize('x_shape,w_shape,stride,pad,dilate', GEOMETRIES)
def test_the_frontend_infers_the_shapes_we_compute(x_shape, w_shape, stride, pad, dilate):
    """The frontend's own shape inference (done as the graph is built, no device needed)
    agrees with ours, grouped and dilated convolutions included."""
    cudnn = _real_cudnn()
    x, W = _arrays(x_shape, w_shape)
    graph = cudnn.pygraph(io_data_type=cudnn.data_type.FLOAT,
                          compute_data_type=cudnn.data_type.FLOAT)
    tx = graph.tensor(name='x', dim=list(x_shape),
                      stride=list(graphs.contiguous_strides(x_shape)),
                      data_type=cudnn.data_type.FLOAT)
    tw = graph.tensor(name='w', dim=list(w_shape),
                      stride=list(graphs.contiguous_strides(w_shape)),
                      data_type=cudnn.data_type.FLOAT)
    y = graph.conv_fprop(image=tx, weight=tw, padding=list(pad), stride=list(stride),
                         dilation=list(dilate))
    assert tuple(y.get_dim()) == graphs.conv_output_shape(x_shape, w_shape, stride, pad,
                                                          dilate)


def _real_specs(cudnn, dtype=numpy.float32):
    from cupy_kernels import cudnn_check
    return [spec for _, spec in cudnn_check.graph_cases(cudnn, dtype)]


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_every_graph_builds_with_the_real_frontend(dtype):
    cudnn = _real_cudnn()
    for spec in _real_specs(cudnn, dtype):
        outputs = [t for t in spec.tensors.values() if t.get_is_virtual() is False]
        assert outputs, spec
        for role, t in spec.tensors.items():
            assert list(t.get_dim()), role


def _device_present():
    from chainer import cuda
    try:
        return bool(cuda.available)
    except Exception:  # noqa: BLE001
        return False


def test_validation_needs_only_the_driver():
    """Without a GPU, validate() (which lowers the graph to cuDNN) fails, and for want
    of the driver only: everything before it ran. On a GPU see the next test."""
    cudnn = _real_cudnn()
    if _device_present():
        pytest.skip('a GPU is present: validation is checked by the cudnn-marked test')
    try:
        cudnn.backend_version()
    except Exception as e:  # noqa: BLE001
        pytest.skip('the cuDNN library does not load: {}'.format(e))
    with pytest.raises(Exception, match='(?i)driver|libcuda|"cuda"'):
        _real_specs(cudnn)[0].graph.validate()


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
@pytest.mark.parametrize('deterministic', [False, True])
def test_every_graph_validates_and_has_a_plan_on_a_gpu(dtype, deterministic):
    from cupy_kernels import cudnn_runner, cudnn_support
    if cudnn_support.api() != 'frontend':
        pytest.skip('cuDNN is reached through cupy.cudnn here')
    from cupy_kernels import cudnn_check
    cudnn = cudnn_support.frontend()
    for name, spec in cudnn_check.graph_cases(cudnn, dtype):
        try:
            cudnn_runner.plan_graph(cudnn, spec, deterministic=deterministic)
        except cudnn_runner.Unsupported:
            if name in cudnn_check.OPTIONAL:
                continue  # declined by this cuDNN: the library's kernel runs it
            raise
        assert spec.graph.get_execution_plan_count() >= 1


# ---- python -m cupy_kernels.cudnn_check ---------------------------------------------------

def test_cudnn_check_builds_every_graph_without_a_device(capsys):
    from cupy_kernels import cudnn_check, cudnn_support
    _real_cudnn()
    if cudnn_support.api() != 'frontend':
        pytest.skip('cuDNN is not reached through the frontend here: ' +
                    (cudnn_support.reason() or 'cupy.cudnn'))
    if _device_present():
        pytest.skip('a GPU is present: the check plans instead of building only')
    assert cudnn_check.main() == 0
    out = capsys.readouterr().out
    assert 'building only' in out and out.rstrip().endswith('cuDNN graphs: OK')
    assert out.count(' built') == 3 * 6


def test_cudnn_check_counts_graphs_without_a_plan(monkeypatch):
    from cupy_kernels import cudnn_check, cudnn_runner, cudnn_support
    monkeypatch.setattr(cudnn_support, 'frontend', fake_module)

    def plan(cudnn, spec, deterministic=False):
        io = spec.graph.context['io_data_type']
        op = spec.graph.ops[0][0]
        if io is cudnn.data_type.DOUBLE or op == 'batchnorm_inference' or (
                deterministic and op == 'conv_wgrad' and io is cudnn.data_type.HALF):
            raise cudnn_runner.Unsupported('no plan')
        spec.graph.get_execution_plan_count = lambda: 2
    monkeypatch.setattr(cudnn_runner, 'plan_graph', plan)
    lines = []
    # neither float64 refusals nor those of the optional inference graph are counted
    assert cudnn_check.run(True, out=lines.append) == 1
    assert len(lines) == 3 * 2 * 6
    assert 'float16  conv_backward_filter   deterministic NO PLAN: no plan' in lines
    assert 'float32  conv_forward           2 plan(s)' in lines
    assert 'float32  bn_inference           NO PLAN: no plan' in lines

