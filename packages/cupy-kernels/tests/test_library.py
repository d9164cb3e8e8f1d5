"""The kernel library's contract: names, docs, the chainer-links call sites, the generator."""
import pathlib
import re

import pytest

from cupy_kernels import kernels
from cupy_kernels.kernels import codegen, spec

_PACKAGES = pathlib.Path(__file__).resolve().parents[2]
_LINKS_SRC = _PACKAGES / 'chainer-links' / 'src'
#: The sources whose ``cuda.kernel(...)`` calls the library serves: chainer-links and
#: chainer-mn (its GPU communicators).
_CALLER_SRCS = (_LINKS_SRC, _PACKAGES / 'chainer-mn' / 'src')
_CALL_RE = re.compile(r"""cuda\.kernel\(\s*['"]([A-Za-z0-9_]+)['"]\s*\)""")


def requested_names():
    """Every literal name chainer-links (and chainer-mn) passes to ``cuda.kernel(...)``."""
    found = {}
    for src in _CALLER_SRCS:
        for path in src.rglob('*.py'):
            for name in _CALL_RE.findall(path.read_text(encoding='utf-8')):
                found.setdefault(name, []).append(str(path.relative_to(src.parent.parent)))
    return found


@pytest.mark.skipif(not _LINKS_SRC.is_dir(), reason='chainer-links sources are not here')
def test_every_kernel_requested_by_chainer_links_exists():
    requested = requested_names()
    assert requested, 'the scan found no cuda.kernel(...) call: the pattern is stale'
    missing = {n: where for n, where in requested.items() if n not in kernels.library()}
    assert not missing, 'kernels requested by chainer-links but missing: {}'.format(missing)


#: Library kernels that no chainer-links function requests, and why (kept explicit so that
#: a newly dead kernel fails :func:`test_every_library_kernel_is_requested`).
UNREQUESTED = {
    'gru_gates_fwd': 'L.GRU/L.StatefulGRU live in chainer.links and compose F.sigmoid, '
                     'F.tanh and F.linear; no chainer.functions node computes a GRU cell',
    'gru_output_fwd': 'see gru_gates_fwd',
    'gru_output_bwd': 'see gru_gates_fwd',
    'im2col': 'chainer.utils.conv.im2col_gpu signature (2-d, for user code); the 2-d '
              'convolutions are ConvolutionND and reach im2col_2d through im2col_nd',
    'col2im': 'chainer.utils.conv.col2im_gpu signature; see im2col',
}


def reached_names(requested):
    """``requested`` plus every kernel a requested wrapper builds from (``uses``)."""
    library = kernels.library()
    reached, todo = set(), [n for n in requested if n in library]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(getattr(library[name], 'uses', ()))
    return reached


@pytest.mark.skipif(not _LINKS_SRC.is_dir(), reason='chainer-links sources are not here')
def test_every_library_kernel_is_requested():
    reached = reached_names(requested_names())
    dead = set(kernels.names()) - reached - set(UNREQUESTED)
    assert not dead, 'library kernels that no chainer-links function requests: {}'.format(
        sorted(dead))
    stale = set(UNREQUESTED) & reached
    assert not stale, 'listed as unrequested but requested: {}'.format(sorted(stale))
    assert set(UNREQUESTED) <= set(kernels.names())


def test_reached_names_follow_wrapper_parts():
    reached = reached_names({'max_pooling_fwd'})
    assert {'max_pooling_fwd', 'max_pooling_2d_fwd', 'average_pooling_3d_bwd'} <= reached
    assert 'relu_fwd' not in reached


def test_library_has_the_documented_families():
    names = set(kernels.names())
    for family in ('relu', 'sigmoid', 'tanh', 'elu', 'leaky_relu', 'clipped_relu',
                   'softplus', 'hard_sigmoid', 'lstm', 'softmax', 'log_softmax',
                   'max_pooling', 'average_pooling', 'lrn'):
        assert {family + '_fwd', family + '_bwd'} <= names, family
    assert {'gru_gates_fwd', 'gru_output_fwd', 'gru_output_bwd', 'softmax_cross_entropy_fwd',
            'softmax_cross_entropy_bwd', 'im2col', 'col2im', 'im2col_nd', 'col2im_nd',
            'batch_norm_fwd', 'batch_norm_bwd', 'dropout_fwd', 'scatter_add',
            'cudnn_convolution_forward', 'cudnn_pooling_forward', 'cudnn_softmax_forward',
            'cudnn_activation_forward',
            'cudnn_batch_normalization_forward_training'} <= names


def test_every_kernel_is_documented_and_wrappers_use_library_kernels():
    for name, s in kernels.library().items():
        assert s.doc.strip(), name
        if s.kind == 'python':
            assert all(u in kernels.library() for u in s.uses), name


def test_unknown_kernel_names_the_catalogue():
    with pytest.raises(KeyError, match="no_such_kernel.*names"):
        kernels.get('no_such_kernel')


def test_bad_params_and_names_are_rejected():
    with pytest.raises(ValueError, match='parameter'):
        spec.parse_params('T x y')
    with pytest.raises(ValueError, match='snake_case'):
        spec.ElementwiseSpec('BadName', 'T x', 'T y', 'y = x', 'doc')
    with pytest.raises(ValueError, match='scalars'):
        spec.ElementwiseSpec('ok', 'T x', 'T y', 'y = x', 'doc', scalars=('z',))
    with pytest.raises(ValueError, match='not defined'):
        spec.RawSpec('raw', 'extern "C" __global__ void a() {}', ['b'], 'doc')
    with pytest.raises(KeyError, match='no dtypes'):
        spec.type_bindings({'S'}, {})


def test_raw_spec_rejects_unsupported_dtypes():
    rows = kernels.get('softmax_rows')
    with pytest.raises(TypeError, match='int32'):
        rows.source_for('int32')
    assert 'typedef __half T;' in rows.source_for('float16')


def test_elementwise_source_has_the_cupy_layout():
    src = codegen.elementwise_source(kernels.get('elu_fwd'), {'T': 'float32'})
    assert 'typedef float T;' in src
    assert 'extern "C" __global__ void elu_fwd(CArray<float, 2> _raw_x, const float alpha,'\
        in src
    assert 'const float x = _raw_x[_ind.get()];' in src
    assert 'float &y = _raw_y[_ind.get()];' in src
    assert 'CUPY_FOR(i, _ind.size())' in src


def test_reduction_source_has_map_reduce_and_post_map():
    s = kernels.get('softmax_cross_entropy_fwd')
    src = codegen.reduction_source(s, {'T': 'float16', 'S': 'int64'})
    assert 'typedef A _type_reduce;' in src and '#define REDUCE(a, b) (a + b)' in src
    assert 'out = (T)a;' in src and 'const long long ignore_label' in src


def test_bindings_cover_index_types():
    bindings = kernels.get('softmax_cross_entropy_bwd').bindings()
    assert {(b['T'], b['S']) for b in bindings} == {
        (t, s) for t in spec.FLOATS for s in spec.INDEXES}
