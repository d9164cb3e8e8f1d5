"""``python -m cupy_kernels.cudnn_check``: builds every cuDNN graph of the library with
nvidia-cudnn-frontend and, where a GPU is usable, validates and plans each (plain and
deterministic), then prints one line per graph and a result.

Without a GPU it proves what can be proven there: the frontend imports, cuDNN loads, and
every graph (convolution forward, data and filter gradients, batch normalization
training, inference and backward; float16/32/64) is built, with the frontend's own shape
inference. With a GPU, that cuDNN accepts each graph and has a plan for it, the quickest
device-side check of the frontend path before the GPU tests.
"""
import sys

import numpy

from cupy_kernels import cudnn_graphs as graphs
from cupy_kernels import cudnn_support

DTYPES = (numpy.float16, numpy.float32, numpy.float64)

#: Graphs cuDNN may decline without it being a failure: on an H100 with cuDNN 9.19 no
#: engine takes the inference batch normalization of channels-first data, and the
#: library's one-pass elementwise kernel (the fallback) is what such an engine would run.
OPTIONAL = frozenset(['bn_inference'])


def graph_cases(cudnn, dtype):
    """Returns ``[(name, GraphSpec)]``: each graph of the library for one grouped,
    strided, dilated 2-d convolution and one batch normalization, in ``dtype``."""
    x, W = numpy.zeros((2, 4, 9, 8), dtype), numpy.zeros((6, 2, 3, 3), dtype)
    geometry = ((2, 1), (1, 0), (1, 2))
    gy = numpy.zeros(graphs.conv_output_shape(x.shape, W.shape, *geometry), dtype)
    # 32 channels: cuDNN's normalization engines refuse channel counts that do not fill
    # their vector loads (an H100 refused 3); the library falls back for those
    bn = graphs.describe(numpy.zeros((4, 32, 2, 2), dtype))
    dx, dw, dgy = graphs.describe(x), graphs.describe(W), graphs.describe(gy)
    return [('conv_forward', graphs.conv_forward(cudnn, dx, dw, *geometry)),
            ('conv_backward_data',
             graphs.conv_backward_data(cudnn, dgy, dw, x.shape, *geometry)),
            ('conv_backward_filter',
             graphs.conv_backward_filter(cudnn, dx, dgy, W.shape, *geometry)),
            ('bn_training', graphs.bn_training(cudnn, bn)),
            ('bn_inference', graphs.bn_inference(cudnn, bn)),
            ('bn_backward', graphs.bn_backward(cudnn, bn))]


def run(with_device, out=print):
    """Builds (and with ``with_device``, plans) every graph; returns the number of
    failures. float64 graphs and the :data:`OPTIONAL` ones without a plan are reported
    but not counted (cuDNN's engines may refuse them; the library then takes its
    fallback)."""
    from cupy_kernels import cudnn_runner
    cudnn = cudnn_support.frontend()
    failures = 0
    for dtype in DTYPES:
        name = numpy.dtype(dtype).name
        for deterministic in ((False, True) if with_device else (False,)):
            try:
                cases = graph_cases(cudnn, dtype)
            except Exception as e:  # noqa: BLE001 - reported, counted
                out('{:8} graphs not built: {}: {}'.format(name, type(e).__name__, e))
                failures += 1
                continue
            for case, spec in cases:
                label = '{:8} {:22}{}'.format(name, case,
                                              ' deterministic' if deterministic else '')
                if not with_device:
                    out('{} built'.format(label))
                    continue
                try:
                    cudnn_runner.plan_graph(cudnn, spec, deterministic=deterministic)
                    out('{} {} plan(s)'.format(label,
                                               spec.graph.get_execution_plan_count()))
                except cudnn_runner.Unsupported as e:
                    out('{} NO PLAN: {}'.format(label, e))
                    failures += dtype != numpy.float64 and case not in OPTIONAL
    return failures


def main(argv=None):
    """Prints the cuDNN state, the graphs and ``cuDNN graphs: OK`` or ``FAILED``."""
    from chainer import cuda
    if cudnn_support.api() != 'frontend':
        print('nvidia-cudnn-frontend is not in use: {}'.format(
            cudnn_support.reason() or 'cuDNN runs through cupy.cudnn'))
        return 1
    with_device = bool(cuda.available)
    print('nvidia-cudnn-frontend, cuDNN {}; {}'.format(
        cudnn_support.version(), 'validating and planning on the GPU' if with_device
        else 'no usable GPU ({}): building only'.format(
            cuda._get_backend().unavailable_reason() if cuda._get_backend() else
            'no CUDA backend')))
    failures = run(with_device)
    print('cuDNN graphs: ' + ('OK' if not failures else 'FAILED ({})'.format(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
