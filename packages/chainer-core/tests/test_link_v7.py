"""The v2-v7 Link API: init_scope, forward, Parameter registration, Sequential, hooks."""
import io

import numpy
import pytest

import chainer
from chainer import link_hooks


class _Affine(chainer.Link):
    def __init__(self, n_in=None, n_out=2):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(chainer.initializers.Constant(1.0),
                                       None if n_in is None else (n_out, n_in))
        self.plain = chainer.Parameter(numpy.zeros(2, 'f'))

    def forward(self, x):
        return x * 2


def test_init_scope_registers_parameters_only_inside():
    link = _Affine(3)
    assert [name for name, _ in link.namedparams()] == ['/W']
    assert isinstance(link.W, chainer.Parameter) and link.W.name == 'W'
    assert not link.within_init_scope
    with link.init_scope():
        assert link.within_init_scope
    assert link.count_params() == 6


def test_forward_dispatch_and_v1_call_still_wins():
    assert _Affine(3)(4) == 8

    class V1(chainer.Link):
        def __call__(self, x):
            return x + 1
    assert V1()(1) == 2
    with pytest.raises(AttributeError):
        chainer.Link()(1)


def test_include_uninit_and_initialize():
    link = _Affine()
    assert len(list(link.params())) == 1
    assert list(link.params(include_uninit=False)) == []
    assert link.has_uninitialized_params
    link.W.initialize((2, 3))
    numpy.testing.assert_array_equal(link.W.data, numpy.ones((2, 3), 'f'))
    with pytest.warns(UserWarning):
        assert _Affine().count_params() == 0


def test_add_param_v7_and_v1_forms():
    link = chainer.Link()
    link.add_param('a', (2,), initializer=chainer.initializers.Constant(3))
    link.add_param('b')
    link.add_uninitialized_param('c')
    assert isinstance(link.a, chainer.Parameter) and link.a.volatile is chainer.AUTO
    assert numpy.isnan(link.a.grad).all()
    assert link.b.data is None and link.c is None
    link.add_param('c', 4)
    assert [n for n, _ in link.namedparams(include_uninit=False)] == ['/a', '/c']
    link.x = 1
    link.register_persistent('x')
    assert link._persistent == {'x'}
    del link.a
    assert [n for n, _ in link.namedparams()] == ['/b', '/c']


def test_chain_init_scope_links_and_chainlist_append():
    chain = chainer.Chain()
    with chain.init_scope():
        chain.l1 = _Affine(3)
    chain.other = _Affine(3)  # outside: a plain attribute
    assert [n for n, _ in chain.namedlinks(skipself=True)] == ['/l1']
    assert chain.l1.name == 'l1'
    cl = chainer.ChainList()
    cl.append(_Affine(3))
    cl.append(_Affine(3))
    assert len(cl) == 2 and cl[1].name == '1' and list(cl) == [cl[0], cl[1]]


def test_copy_modes_repeat_and_copyparams():
    link = _Affine(3)
    link.add_persistent('count', numpy.zeros(2))
    shared = link.copy()
    assert shared.W.data is link.W.data and shared.W.grad is None
    deep = link.copy(mode='copy')
    assert deep.W.data is not link.W.data
    link.W.data[...] = 5
    init = link.copy(mode='init')
    numpy.testing.assert_array_equal(init.W.data, numpy.ones((2, 3), 'f'))
    seq = link.repeat(3)
    assert isinstance(seq, chainer.Sequential) and len(seq) == 3
    other = _Affine(3)
    other.add_persistent('count', numpy.ones(2))
    link.copyparams(other)
    numpy.testing.assert_array_equal(link.W.data, other.W.data)
    numpy.testing.assert_array_equal(link.count, numpy.ones(2))
    assert len(link.repeat(0)) == 0
    with pytest.raises(ValueError):
        link.copy(mode='bad')


def test_sequential():
    a, b = _Affine(3), _Affine(3)
    seq = chainer.Sequential(a, lambda x: x + 1, b)
    assert seq(1) == 6
    assert [n for n, _ in seq.namedparams()] == ['/0/W', '/1/W']
    assert seq[0:2][0] is a
    seq.insert(0, _Affine(3))
    assert a.name == '1' and len(seq) == 4
    seq.remove(a)
    assert a.name is None and len(seq) == 3
    assert seq.pop() is b and len(seq) == 2
    nested = chainer.Sequential(seq, chainer.Sequential(numpy.negative))
    flat = nested.flatten()
    assert len(flat) == 3 and flat(1) == -3
    assert chainer.Sequential(lambda x, y: (y, x), lambda x, y: x - y)(1, 2) == 1
    with pytest.raises(ValueError):
        seq.append(3)
    with pytest.raises(RuntimeError):
        chainer.Sequential()(1)


def test_link_hooks_local_global_and_timer():
    calls = []

    class Recorder(chainer.LinkHook):
        def forward_preprocess(self, args):
            calls.append(('pre', args.forward_name, args.args))

        def forward_postprocess(self, args):
            calls.append(('post', args.out))

    link = _Affine(3)
    link.add_hook(Recorder())
    assert link(2) == 4
    assert calls == [('pre', 'forward', (2,)), ('post', 4)]
    with pytest.raises(KeyError):
        link.add_hook(Recorder())
    link.delete_hook('Recorder')
    assert not link.local_link_hooks
    timer = link_hooks.TimerHook()
    with timer:
        chainer.Sequential(link, lambda x: link(x))(1)
    assert len(timer.call_history) == 3
    assert timer.total_time() >= max(t for _, t in timer.call_history) > 0
    assert timer.summary()['_Affine']['occurrence'] == 2
    out = io.StringIO()
    timer.print_report(file=out)
    assert 'Sequential' in out.getvalue()
    assert link(1) == 2 and len(timer.call_history) == 3


def test_serialize_initializes_uninitialized_parameter(tmp_path):
    src = _Affine(3)
    src.W.data[...] = 7
    path = str(tmp_path / 'm.npz')
    chainer.serializers.save_npz(path, src)
    dst = _Affine()
    chainer.serializers.load_npz(path, dst)
    numpy.testing.assert_array_equal(dst.W.data, numpy.full((2, 3), 7, 'f'))


def test_chainer_link_import_paths():
    from chainer.link import Chain, ChainList
    assert Chain is chainer.Chain and ChainList is chainer.ChainList
