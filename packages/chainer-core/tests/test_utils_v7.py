"""Tests of the helpers that v7 added to chainer.utils."""
import os
import sys
import warnings

import numpy
import pytest

import chainer
from chainer import utils
from chainer.utils import argument, array, cache, conv, conv_nd_kernel, meta
from chainer.utils import precision, sparse
from chainer.utils import type_check as T


def test_size_of_shape():
    for shape in [(), (2, 3), (0,), (5, 0, 7), (numpy.int64(4), 2)]:
        size = utils.size_of_shape(shape)
        assert type(size) is int
        assert size == numpy.empty(shape).size


@pytest.mark.parametrize('in_shape, out_shape', [
    ((), ()), ((3,), ()), ((3,), (1,)), ((2, 3), (3,)), ((2, 3), (1, 3)),
    ((2, 3), (2, 1)), ((2, 3, 4), (3, 1)), ((2, 1, 4), (1, 1, 4)),
])
def test_sum_to_inverts_broadcasting(in_shape, out_shape):
    x = numpy.random.RandomState(0).uniform(size=in_shape)
    y = array.sum_to(x, out_shape)
    assert y.shape == out_shape
    # <broadcast(g), x> == <g, sum_to(x)> for every g: check with a random g
    g = numpy.random.RandomState(1).uniform(size=out_shape)
    numpy.testing.assert_allclose((numpy.broadcast_to(g, in_shape) * x).sum(),
                                  (g * y).sum())


def test_sum_to_refuses_variables_and_returns_same_shape_input():
    x = numpy.ones((2, 3))
    assert utils.sum_to(x, (2, 3)) is x
    with pytest.raises(TypeError, match='functions.sum_to'):
        utils.sum_to(chainer.Variable(x), (3,))


def test_parse_kwargs():
    def f(**kwargs):
        return argument.parse_kwargs(kwargs, ('foo', 1), ('bar', 2),
                                     train='train is gone: use chainer.config.train')
    assert f() == (1, 2)
    assert f(bar=5, foo=6) == (6, 5)
    with pytest.raises(TypeError, match=r"f\(\) got unexpected keyword argument\(s\) "
                                        r"'ham', 'spam'"):
        f(spam=1, ham=2)
    with pytest.raises(ValueError, match='train is gone'):
        f(train=True)


def test_check_unexpected_kwargs_and_assert_kwargs_empty():
    argument.check_unexpected_kwargs({'a': 1}, b='no b')
    with pytest.raises(ValueError, match='no b'):
        argument.check_unexpected_kwargs({'b': 1}, b='no b')
    argument.assert_kwargs_empty({})

    def g(**kwargs):
        argument.assert_kwargs_empty(kwargs)
    with pytest.raises(TypeError, match=r"g\(\) got unexpected keyword argument\(s\) 'x'"):
        g(x=1)


class _Holder(object):
    def __init__(self, x):
        self.x = x
        self.calls = 0

    @cache.cached_property
    def doubled(self):
        self.calls += 1
        return self.x * 2


def test_cached_property_caches_per_backprop_mode():
    h = _Holder(chainer.Variable(numpy.array([1.0])))
    a, b = h.doubled, h.doubled
    assert a is b and h.calls == 1 and a.creator is not None
    with chainer.no_backprop_mode():
        c = h.doubled
        assert h.doubled is c
    assert c is not a and c.creator is None and h.calls == 2
    assert h.doubled is a
    assert _Holder.doubled.__name__ == 'doubled'
    with pytest.raises(AttributeError, match='read-only'):
        h.doubled = 3


def test_nondeterministic_warns_only_when_asked():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        utils.nondeterministic('F.foo')
        assert not w
        with chainer.using_config('warn_nondeterministic', True):
            utils.nondeterministic('F.foo')
        assert len(w) == 1 and 'F.foo' in str(w[0].message)


def test_final_methods():
    class Base(meta.enable_final()):
        @meta.final
        def f(self):
            return 1

        @utils.final(action=FutureWarning)
        def g(self):
            return 2

    with pytest.raises(TypeError, match="'f' is final"):
        class Bad(Base):
            def f(self):
                return 3
    with pytest.warns(FutureWarning, match="Overriding method 'g'"):
        class Warned(Base):
            def g(self):
                return 4
    assert Warned().g() == 4 and Warned().f() == 1

    class Meta(type):
        pass

    class WithMeta(meta.enable_final(base=object, meta_base=Meta)):
        pass
    assert isinstance(type(WithMeta), type) and issubclass(type(WithMeta), Meta)


class _Identity(chainer.FunctionNode):
    @precision._fp16_mixed_precision_helper
    def forward(self, x):
        self.seen = x
        return x


@pytest.mark.parametrize('dtypes, inner, outer', [
    (('e', 'e'), ('f', 'f'), ('e', 'e')),
    (('f', 'f'), ('f', 'f'), ('f', 'f')),
    (('d', 'd'), ('d', 'd'), ('d', 'd')),
    (('e', 'b'), ('f', 'b'), ('e', 'b')),
    (('e', 'f'), ('f', 'f'), ('f', 'f')),  # not all float16: outputs stay float32
])
def test_fp16_mixed_precision_helper(dtypes, inner, outer):
    xs = tuple(numpy.zeros((1, 2), dtype=d) for d in dtypes)
    f = _Identity()
    ys = f.apply(xs)
    assert tuple(x.dtype.char for x in f.seen) == inner
    assert tuple(y.dtype.char for y in ys) == outer


def test_to_coo_and_back():
    rng = numpy.random.RandomState(0)
    for shape in [(2, 3), (4, 2, 3), (1, 3, 4)]:
        x = rng.uniform(0.5, 1, shape).astype(numpy.float32)
        x[x < 0.75] = 0
        for ldnz in (None, 12):
            coo = utils.to_coo(x, ldnz=ldnz, requires_grad=True)
            assert isinstance(coo, sparse.CooMatrix)
            assert coo.data.shape == coo.row.shape == coo.col.shape
            assert coo.data.requires_grad and coo.row.dtype == numpy.int32
            nnz = max(int((m != 0).sum()) for m in x.reshape((-1,) + shape[-2:]))
            assert coo.data.shape[-1] == max(nnz, ldnz or 0)
            numpy.testing.assert_array_equal(coo.to_dense(), x)
            assert coo.order == 'C' and coo.shape == shape[-2:]
    with pytest.raises(ValueError, match='ndim'):
        utils.to_coo(numpy.ones(3))


def test_coo_duplicates_add_up_and_padding_is_ignored():
    data = numpy.array([3.0, 0.0, 4.0, -5.0, 0.0], numpy.float32)
    row = numpy.array([0, 0, 1, 0, -1])
    col = numpy.array([0, 1, 2, 0, -1])
    dense = utils.CooMatrix(data, row, col, (2, 3)).to_dense()
    numpy.testing.assert_array_equal(dense, [[-2, 0, 0], [0, 0, 4]])
    batched = utils.CooMatrix(data[None], row[None], col[None], (2, 3)).to_dense()
    numpy.testing.assert_array_equal(batched, dense[None])
    for bad in [dict(shape=(2,)), dict(shape=(0, 3)), dict(order='X')]:
        kwargs = dict(shape=(2, 3))
        kwargs.update(bad)
        with pytest.raises(ValueError):
            utils.CooMatrix(data, row, col, **kwargs)


def test_get_order():
    assert utils.get_order(numpy.array([0, 0, 1, 1, 2]), numpy.array([0, 1, 1, 2, 2])) == 'C'
    assert utils.get_order(numpy.array([0, 1, 0]), numpy.array([0, 0, 1])) == 'F'
    assert utils.get_order(numpy.array([0, 2, 4, 1, 3]),
                           numpy.array([1, 3, 0, 2, 4])) == 'other'
    with pytest.raises(ValueError):
        utils.get_order(numpy.array([0, 1]), numpy.array([0, 1, 2]))
    with pytest.raises(ValueError, match='invalid index'):
        utils.get_order(numpy.array([0, 2, -1]), numpy.array([1, -1, 4]))


def test_im2col_v7_names_and_explicit_output_size():
    img = numpy.random.RandomState(0).uniform(size=(2, 3, 8, 10)).astype(numpy.float32)
    col = conv.im2col(img, 3, 2, 2, 1, 1, 0, dy=1, dx=2)
    h = conv.get_conv_outsize(8, 3, 2, 1)
    w = conv.get_conv_outsize(10, 2, 1, 0, d=2)
    assert col.shape == (2, 3, 3, 2, h, w)
    for y, x, ky, kx in [(0, 0, 0, 0), (1, 2, 2, 1), (h - 1, w - 1, 1, 1)]:
        oy, ox = y * 2 - 1 + ky, x + kx * 2
        expected = img[:, :, oy, ox] if 0 <= oy < 8 and 0 <= ox < 10 else 0
        numpy.testing.assert_array_equal(col[:, :, ky, kx, y, x], expected)
    # an explicit size: the cover_all size here, the top-left part of it
    big = conv.im2col_cpu(img, 3, 3, 2, 2, 1, 1, out_h=5, out_w=4)
    full = conv.im2col_cpu(img, 3, 3, 2, 2, 1, 1, cover_all=True)
    assert big.shape[4:] == (5, 4)
    numpy.testing.assert_array_equal(big, full[..., :5, :4])
    with pytest.raises(ValueError, match='not possible'):
        conv.im2col(img, 3, 3, 2, 2, 1, 1, out_h=50)
    back = conv.col2im(col, 2, 1, 1, 0, 8, 10, dy=1, dx=2)
    assert back.shape == img.shape and conv.col2im is conv.col2im_cpu


def test_im2col_gpu_has_v1_signature_without_pval():
    img = numpy.ones((1, 1, 4, 4), numpy.float32)
    # v1's im2col_gpu(img, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1)
    a = conv.im2col_gpu(img, 3, 3, 2, 2, 0, 0, True)
    assert a.shape[4:] == (2, 2)
    assert conv.im2col_gpu(img, 3, 3, 2, 2, 0, 0).shape[4:] == (1, 1)


def test_conv_nd_kernel_without_cupy_kernels(monkeypatch):
    monkeypatch.setitem(sys.modules, 'cupy_kernels', None)
    conv_nd_kernel.clear_memo()
    with pytest.raises(RuntimeError, match='pip install'):
        conv_nd_kernel.Im2colNDKernel.generate(2)


def test_conv_nd_kernel_source_from_cupy_kernels(monkeypatch):
    src = os.path.join(os.path.dirname(__file__), '..', '..', 'cupy-kernels', 'src')
    monkeypatch.syspath_prepend(os.path.abspath(src))
    pytest.importorskip('cupy_kernels.kernels.conv')
    conv_nd_kernel.clear_memo()
    calls = []
    real = conv_nd_kernel.Im2colNDKernel._generate.__func__

    def counted(cls, ndim):
        calls.append(ndim)
        return real(cls, ndim)
    monkeypatch.setattr(conv_nd_kernel.Im2colNDKernel, '_generate', classmethod(counted))
    first = conv_nd_kernel.Im2colNDKernel.generate(3)
    assert conv_nd_kernel.Im2colNDKernel.generate(3) is first and calls == [3]
    in_params, out_params, operation, name = first
    assert name == 'im2col_3d' and 'raw T img' in in_params and 'T col' in out_params
    assert conv_nd_kernel.Col2imNDKernel.generate(2)[3] == 'col2im_2d'
    assert 'typedef' in conv_nd_kernel.Col2imNDKernel.preamble(2)
    conv_nd_kernel.clear_memo()


def test_type_check_prod_is_an_expression_outside_light_mode():
    p = T.prod([])
    assert str(p) == 'prod([])'
    assert T.prod([2, 3]).eval() == 6
    with T.light_mode:
        assert T.in_light_mode() and T.prod((2, 3)) == 6
    assert not T.in_light_mode()
    with T.LightMode():
        assert T.in_light_mode()


def test_type_check_light_types_and_broadcast_check():
    ts = T.get_light_types((numpy.ones((2, 3), 'f'), numpy.ones(4, 'i')))
    assert isinstance(ts, T.LightTypeInfoTuple) and ts.size() == 2
    assert ts[0].shape == (2, 3) and ts[1].dtype == numpy.int32
    assert T.get_light_types((numpy.ones((2, 3)),), shapes=((3, 2),))[0].shape == (3, 2)
    full = T.get_types((numpy.ones((2, 3)),), 'in_types', False, shapes=((6,),))
    assert full[0].eval().shape == (6,)
    T.expect_broadcast_shapes((2, 1), (1, 3), ())
    x = T.Variable(T.TypeInfo((4, 3), numpy.float32), 'x')
    with pytest.raises(T.InvalidType, match=r'x.shape = \(4, 3\)'):
        T.expect_broadcast_shapes(x.shape, (2, 3))


def test_tempdir_and_array_props():
    with utils.tempdir(prefix='chainer-test-') as path:
        assert os.path.isdir(path)
        open(os.path.join(path, 'f'), 'w').close()
    assert not os.path.exists(path)
    props = utils._format_array_props([numpy.ones((2, 3), 'f'), None])
    assert props == '(2, 3):float32, None'
