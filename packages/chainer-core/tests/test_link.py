"""Tests of Link, Chain and ChainList."""
import numpy
import pytest

import chainer
from chainer import initializers
from chainer import testing


def _filled(link, value):
    for param in link.params():
        param.data[...] = value
    return link


def _model():
    l1 = chainer.Link(W=(2, 3), b=2)
    l2 = chainer.Link(W=(3, 2))
    inner = chainer.Chain(l2=l2)
    return chainer.Chain(l1=l1, inner=inner), l1, l2, inner


class TestLink(object):

    def setup_method(self):
        self.link = chainer.Link(x=(2, 3), y=2, z=((1,), numpy.float64))

    def test_init_params(self):
        d = self.link
        assert d.x.shape == (2, 3) and d.x.dtype == numpy.float32
        assert d.y.shape == (2,)
        assert d.z.dtype == numpy.float64
        assert d.x.name == 'x'
        assert d.name is None
        # Documented: data and gradient are NaN arrays.
        assert numpy.isnan(d.x.data).all() and numpy.isnan(d.x.grad).all()

    def test_params_are_auto_and_meet_volatile_and_plain_inputs(self):
        # Chainer v1 registers parameters with volatile='auto': a volatile input
        # (evaluation, as in the v1 tutorial) and a plain one both combine with them.
        link = chainer.Link(W=3)
        link.W.data[...] = 2
        assert link.W.volatile is chainer.AUTO
        assert link.copy().W.volatile is chainer.AUTO
        x = numpy.ones(3, numpy.float32)
        y = link.W * chainer.Variable(x, volatile='on')
        assert y.volatile is chainer.ON and y.creator is None
        y = link.W * chainer.Variable(x)
        assert y.volatile is chainer.OFF and y.creator is not None
        link.cleargrads()
        y.grad = numpy.ones(3, numpy.float32)
        y.backward()
        numpy.testing.assert_array_equal(link.W.grad, x)

    def test_init_rejects_bad_param_spec(self):
        with pytest.raises(TypeError, match="'x'"):
            chainer.Link(x='abc')

    def test_add_param_with_initializer(self):
        self.link.add_param('w', (2, 2), initializer=initializers.Constant(3))
        numpy.testing.assert_array_equal(self.link.w.data, numpy.full((2, 2), 3, 'f'))
        self.link.add_param('v', 3, dtype=numpy.float16, initializer=0.5)
        assert self.link.v.data.dtype == numpy.float16
        numpy.testing.assert_array_equal(self.link.v.data, [0.5] * 3)

    def test_add_param_initializer_of_non_float_dtype(self):
        with pytest.raises(TypeError, match="parameter 'w'.*floating"):
            self.link.add_param('w', 2, initializer=initializers.Constant(
                1, dtype=numpy.int32))

    def test_add_param_bad_initializer_names_param(self):
        with pytest.raises(ValueError, match=r"parameter 'w'.*\(3,\)"):
            self.link.add_param('w', (2, 2), initializer=numpy.zeros(3, 'f'))
        assert not hasattr(self.link, 'w')

    def test_add_param_errors(self):
        with pytest.raises(AttributeError, match="'x'"):
            self.link.add_param('x', 2)
        with pytest.raises(ValueError, match="'w'"):
            self.link.add_param('w', (2, -1))
        with pytest.raises(TypeError, match="'w'.*floating"):
            self.link.add_param('w', 2, dtype=numpy.int32)
        with pytest.raises(TypeError, match="'w'"):
            self.link.add_param('w', 'abc')

    def test_params_and_namedparams(self):
        assert [p.name for p in self.link.params()] == ['x', 'y', 'z']
        assert [path for path, _ in self.link.namedparams()] == ['/x', '/y', '/z']

    def test_links_and_children_of_plain_link(self):
        assert list(self.link.links()) == [self.link]
        assert list(self.link.links(skipself=True)) == []
        assert list(self.link.namedlinks()) == [('/', self.link)]
        assert list(self.link.children()) == []

    def test_xp(self):
        assert self.link.xp is numpy

    def test_persistent(self):
        self.link.add_persistent('p', numpy.arange(3))
        self.link.add_persistent('s', 5)
        assert self.link.s == 5
        assert self.link._persistent == {'p', 's'}
        with pytest.raises(AttributeError, match="'p'"):
            self.link.add_persistent('p', 1)
        with pytest.raises(AttributeError):
            self.link.add_param('s', 1)

    def test_uninitialized_param(self):
        link = chainer.Link()
        assert not link.has_uninitialized_params
        link.add_uninitialized_param('W')
        assert link.W is None
        assert link.has_uninitialized_params
        assert list(link.params()) == []
        # The shape is fixed on the first call: add_param initializes it.
        link.add_param('W', (4, 3))
        assert link.W.shape == (4, 3)
        assert not link.has_uninitialized_params
        assert [p.name for p in link.params()] == ['W']
        with pytest.raises(AttributeError):
            link.add_uninitialized_param('W')

    def test_zerograds_and_cleargrads(self):
        self.link.zerograds()
        for p in self.link.params():
            assert (p.grad == 0).all()
        self.link.cleargrads()
        for p in self.link.params():
            assert p.grad is None
        self.link.zerograds()
        assert (self.link.x.grad == 0).all()

    def test_copy_shares_arrays(self):
        link = _filled(self.link, 1)
        link.add_persistent('p', numpy.zeros(2))
        link.name = 'parent_name'
        copied = link.copy()
        assert copied.name is None and link.name == 'parent_name'
        assert copied.x is not link.x
        assert copied.x.data is link.x.data
        assert copied.p is link.p
        copied.add_param('extra', 1)
        assert not hasattr(link, 'extra')

    def test_copy_starts_without_gradients_as_in_v1(self):
        link = _filled(self.link, 1)
        copied = link.copy()
        assert copied.x.grad is None and link.x.grad is not None

    def test_copyparams_copies_data_only(self):
        src = _filled(chainer.Link(x=(2, 3), y=2, z=((1,), numpy.float64)), 2)
        for p in src.params():
            p.grad[...] = 7
        self.link.copyparams(src)
        for p in self.link.params():
            assert (p.data == 2).all() and numpy.isnan(p.grad).all()
        assert self.link.x.data is not src.x.data

    def test_addgrads(self):
        src = chainer.Link(x=(2, 3), y=2, z=((1,), numpy.float64))
        src.zerograds()
        for p in src.params():
            p.grad += 2
        self.link.zerograds()
        self.link.x.grad += 1
        self.link.addgrads(src)
        assert (self.link.x.grad == 3).all()
        assert (self.link.y.grad == 2).all()

    def test_structure_mismatch(self):
        with pytest.raises(ValueError, match="'/x'"):
            self.link.copyparams(chainer.Link(y=2))

    def test_to_cpu_is_noop_on_host(self):
        data = self.link.x.data
        assert self.link.to_cpu() is self.link
        assert self.link.x.data is data

    def test_to_gpu_without_gpu_says_what_to_install(self):
        if chainer.testing.attr._gpu_available()[0]:
            pytest.skip('a GPU is available')
        # RuntimeError naming cupy-kernels; ImportError while a backend is broken.
        with pytest.raises((RuntimeError, ImportError)):
            self.link.to_gpu()
        assert self.link.xp is numpy


class TestChain(object):

    def setup_method(self):
        self.c, self.l1, self.l2, self.inner = _model()

    def test_children_and_names(self):
        # sorted by name, as in v7
        assert list(self.c.children()) == [self.inner, self.l1]
        assert self.l1.name == 'l1' and self.inner.name == 'inner'
        assert self.c['l1'] is self.l1 and self.c.l1 is self.l1

    def test_namedparams(self):
        paths = [p for p, _ in self.c.namedparams()]
        assert paths == ['/inner/l2/W', '/l1/W', '/l1/b']
        params = list(self.c.params())
        assert params[0] is self.l2.W and params[1] is self.l1.W

    def test_namedlinks(self):
        got = list(self.c.namedlinks())
        assert got == [('/', self.c), ('/inner', self.inner), ('/inner/l2', self.l2),
                       ('/l1', self.l1)]
        assert list(self.c.links(skipself=True)) == [self.inner, self.l2, self.l1]

    def test_add_link_errors(self):
        with pytest.raises(ValueError, match='already has the name'):
            chainer.Chain().add_link('x', self.l1)
        with pytest.raises(AttributeError, match="'l1'"):
            self.c.add_link('l1', chainer.Link())
        with pytest.raises(TypeError, match='chainer.Link'):
            self.c.add_link('w', object())

    def test_own_params_in_chain(self):
        self.c.add_param('scale', 1)
        assert [p for p, _ in self.c.namedparams()][0] == '/scale'

    def test_has_uninitialized_params_sees_hierarchy(self):
        assert not self.c.has_uninitialized_params
        self.l2.add_uninitialized_param('b')
        assert self.c.has_uninitialized_params

    def test_copy_copies_hierarchy(self):
        _filled(self.c, 1)
        copied = self.c.copy()
        assert copied.l1 is not self.l1 and copied.inner.l2 is not self.l2
        assert copied.l1.name == 'l1' and copied.inner.l2.name == 'l2'
        assert copied.inner.l2.W.data is self.l2.W.data
        copied.add_link('new', chainer.Link())
        assert [n for n, _ in self.c.namedlinks()] == ['/', '/inner', '/inner/l2',
                                                      '/l1']

    def test_copyparams_addgrads_cleargrads(self):
        src, _, _, _ = _model()
        _filled(src, 5)
        self.c.copyparams(src)
        for p in self.c.params():
            assert (p.data == 5).all()
        src.zerograds()
        self.c.zerograds()
        for p in src.params():
            p.grad += 1
        self.c.addgrads(src)
        self.c.addgrads(src)
        for p in self.c.params():
            assert (p.grad == 2).all()
        self.c.cleargrads()
        assert all(p.grad is None for p in self.c.params())

    def test_serialize_visits_children(self):
        calls = []

        class Recorder(chainer.Serializer):
            def __init__(self, path=''):
                self.path = path

            def __getitem__(self, key):
                return Recorder(self.path + key + '/')

            def __call__(self, key, value):
                calls.append(self.path + key)
                return value

        self.c.add_persistent('count', 3)
        Recorder().save(self.c)
        assert calls == ['count', 'inner/l2/W', 'l1/W', 'l1/b']


class TestChainList(object):

    def setup_method(self):
        self.a = chainer.Link(x=2)
        self.b = chainer.Link(y=3)
        self.cl = chainer.ChainList(self.a)
        self.cl.add_link(self.b)

    def test_list_interface(self):
        assert len(self.cl) == 2
        assert self.cl[0] is self.a and self.cl[1] is self.b
        assert self.cl[-1] is self.b
        assert list(self.cl) == [self.a, self.b]
        assert self.a.name == '0' and self.b.name == '1'

    def test_paths(self):
        assert [p for p, _ in self.cl.namedparams()] == ['/0/x', '/1/y']
        assert [p for p, _ in self.cl.namedlinks(skipself=True)] == ['/0', '/1']

    def test_add_link_errors(self):
        with pytest.raises(ValueError):
            self.cl.add_link(self.a)
        with pytest.raises(TypeError):
            self.cl.add_link('x')

    def test_copy(self):
        _filled(self.cl, 4)
        copied = self.cl.copy()
        assert copied[0] is not self.a and copied[0].x.data is self.a.x.data
        assert copied[1].name == '1'
        copied.add_link(chainer.Link())
        assert len(self.cl) == 2

    def test_nested_in_chain(self):
        c = chainer.Chain(layers=self.cl)
        assert [p for p, _ in c.namedparams()] == ['/layers/0/x', '/layers/1/y']


@testing.parameterize(*testing.product({'dtype': [numpy.float16, numpy.float32,
                                                  numpy.float64]}))
class TestParamDtype(object):

    def test_dtype_is_kept(self):
        link = chainer.Link()
        link.add_param('w', (2, 3), dtype=self.dtype,
                       initializer=initializers.Uniform(dtype=self.dtype))
        assert link.w.data.dtype == self.dtype and link.w.grad.dtype == self.dtype
        assert (abs(link.w.data) <= 0.05).all()


@testing.parameterize(*testing.product({'dtype': [numpy.float16, numpy.float64]}))
class TestInitializerDtypeDecidesParamDtypeAsInV1(object):

    def test_initializer_dtype_wins_over_the_default(self):
        link = chainer.Link()
        link.add_param('w', (2, 3), initializer=initializers.HeNormal(dtype=self.dtype))
        assert link.w.data.dtype == self.dtype and link.w.grad.dtype == self.dtype

    def test_value_initializer_takes_the_param_dtype(self):
        # a scalar or an array has no say: v1 casts it to the parameter's dtype
        link = chainer.Link()
        link.add_param('w', (2,), dtype=self.dtype, initializer=numpy.ones(2))
        link.add_param('v', (2,), initializer=numpy.ones(2, dtype=self.dtype))
        assert link.w.data.dtype == self.dtype
        assert link.v.data.dtype == numpy.float32


@pytest.mark.parametrize('reset, expected', [('cleargrads', None), ('zerograds', 0)])
def test_param_initialized_after_grad_reset_starts_with_that_grad_as_in_v1(
        reset, expected):
    # L.Linear(None, ...) + cleargrads() before the first call: the new W's gradient
    # must not be NaN, or the first backward poisons it.
    child = chainer.Link()
    child.add_uninitialized_param('W')
    chain = chainer.Chain(child=child)
    getattr(chain, reset)()
    child.add_param('W', (2, 3), initializer=initializers.Constant(1))
    if expected is None:
        assert child.W.grad is None
    else:
        numpy.testing.assert_array_equal(child.W.grad, numpy.zeros((2, 3)))


def test_param_initialized_without_grad_reset_has_nan_grad():
    link = chainer.Link()
    link.add_uninitialized_param('W')
    link.add_param('W', 2)
    assert numpy.isnan(link.W.grad).all()


def test_copyparams_initializes_uninitialized_params_as_in_v1():
    src = chainer.Chain(child=chainer.Link(x=(2, 3), y=((4,), numpy.float64)))
    src.child.y.data.fill(4)
    dst_child = chainer.Link(x=(2, 3))
    dst_child.add_uninitialized_param('y')
    dst = chainer.Chain(child=dst_child)
    dst.copyparams(src)
    assert dst.child.y.dtype == numpy.float64
    numpy.testing.assert_array_equal(dst.child.y.data, src.child.y.data)
    assert not dst.has_uninitialized_params


def test_zerograds_warns_as_in_v1_24_but_optimizers_do_not():
    import warnings
    import numpy
    import pytest
    import chainer
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(numpy.array(1.0, numpy.float32))
    with pytest.warns(DeprecationWarning, match='cleargrads'):
        link.zerograds()
    with pytest.warns(DeprecationWarning, match='cleargrad'):
        link.w.zerograd()
    assert link.w.grad == 0

    class Step(chainer.UpdateRule):
        def update_core_cpu(self, param):
            param.data -= param.grad

    class Plain(chainer.GradientMethod):
        def create_update_rule(self):
            return Step()

    opt = Plain()
    opt.setup(link)
    opt.use_cleargrads(False)  # the v1 way: zerograds before backward
    with warnings.catch_warnings():
        warnings.simplefilter('error', DeprecationWarning)
        opt.update(lambda: link.w * 2.0)
    assert link.w.data == -1.0


def test_params_and_links_walk_the_hierarchy_in_namedparams_order():
    # params() and links() walk the tree themselves (no paths made): same order
    # and the same include_uninit / skipself filters as their named versions
    root = chainer.Chain()
    with root.init_scope():
        root.z = chainer.Parameter(numpy.zeros(2, numpy.float32))
        root.a = chainer.Parameter(numpy.zeros(3, numpy.float32))
        root.pending = chainer.Parameter()  # no data yet
        root.kids = chainer.ChainList(chainer.Link(), chainer.Chain())
    with root.kids[0].init_scope():
        root.kids[0].w = chainer.Parameter(numpy.ones(1, numpy.float32))
    for include in (True, False):
        assert list(root.params(include)) == \
            [p for _, p in root.namedparams(include)]
    assert len(list(root.params(False))) == len(list(root.params())) - 1
    for skip in (False, True):
        assert list(root.links(skip)) == [link for _, link in root.namedlinks(skip)]
    root.cleargrads()
    assert all(p.grad is None for p in root.params())
