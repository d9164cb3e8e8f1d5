"""Link as a DeviceResident (to_device, device, xp, v1's to_cpu/to_gpu without
warnings), v7's containers (sorted traversal, ChainList as a mutable sequence,
Sequential's sharing, printing and pickling) and v7's serialization of uninitialized
parameters."""
import pickle
import warnings

import numpy
import pytest

import chainer
from chainer import backend


def _link(**shapes):
    link = chainer.Link()
    with link.init_scope():
        for name, shape in shapes.items():
            setattr(link, name, chainer.Parameter(1.0, shape))
    return link


class TestDeviceResident(object):

    def test_link_is_a_device_resident_on_the_host(self):
        link = _link(w=(2,))
        assert isinstance(link, chainer.DeviceResident)
        assert link.device == backend.CpuDevice()
        assert link.xp is numpy
        assert link._cpu and link._device_id is None

    def test_to_device_moves_params_and_persistents_and_returns_self(self):
        child = _link(w=(2,))
        child.add_persistent('mean', numpy.arange(3.0))
        chain = chainer.Chain(child=child)
        assert chain.to_device('@numpy') is chain
        assert child.device == backend.CpuDevice()
        assert isinstance(child.mean, numpy.ndarray)
        assert isinstance(child.w.array, numpy.ndarray)

    def test_v1_to_cpu_warns_once_per_call_and_overrides_are_called(self):
        with warnings.catch_warnings():
            warnings.simplefilter('error')

            class Stateful(chainer.Link):  # overriding is v1's way: no warning
                calls = 0

                def to_cpu(self):
                    Stateful.calls += 1
                    return super(Stateful, self).to_cpu()

        chain = chainer.Chain(child=Stateful())
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter('always')
            assert chain.to_cpu() is chain
        # one DeprecationWarning for the user's call, as v7 (none for the child's)
        assert [w.category for w in seen] == [DeprecationWarning]
        assert "to_device('@numpy')" in str(seen[0].message)
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            # the override is told of the move too; its super() call warns, as in v7
            with pytest.warns(DeprecationWarning):
                chain.to_device('@numpy')
        assert Stateful.calls == 2

    def test_plain_device_resident_still_warns_on_override(self):
        with pytest.warns(DeprecationWarning):
            class Old(chainer.DeviceResident):
                def to_cpu(self):
                    return self
        assert Old

    def test_later_parameter_is_placed_on_the_link_device(self):
        link = chainer.Link()
        link.to_device('@numpy')
        link.add_param('w', None)
        link.w.initialize((2, 3))
        assert isinstance(link.w.array, numpy.ndarray)
        assert link.w.shape == (2, 3)


class TestContainers(object):

    def test_traversal_is_sorted_by_name(self):
        chain = chainer.Chain(b=_link(y=(1,), x=(2,)), a=_link(z=(3,)))
        assert [p for p, _ in chain.namedparams()] == ['/a/z', '/b/x', '/b/y']
        assert [c.name for c in chain.children()] == ['a', 'b']

    def test_str_of_nested_chains(self):
        inner = chainer.ChainList(chainer.Link())
        chain = chainer.Chain(inner=inner, leaf=chainer.Link())
        assert str(chainer.Chain()) == 'Chain()'
        assert str(chain) == ('Chain(\n  (inner): ChainList(\n    (0): Link(),\n'
                              '  ),\n  (leaf): Link(),\n)')

    def test_printable_specs_feed_str(self):
        class Sized(chainer.Link):
            @property
            def printable_specs(self):
                yield 'size', 3
        assert str(Sized()) == 'Sized(size=3)'

    def test_chain_list_is_a_mutable_sequence(self):
        a, b, c = chainer.Link(), chainer.Link(), chainer.Link()
        cl = chainer.ChainList(a)
        cl.append(b)
        cl.insert(0, c)
        assert list(cl) == [c, a, b] and [l.name for l in cl] == ['0', '1', '2']
        cl[1:3] = [b]
        assert list(cl) == [c, b] and b.name == '1'
        del cl[0]
        assert b.name == '0'
        cl += chainer.ChainList(chainer.Link())
        assert len(cl) == 2

    def test_chain_list_refuses_a_link_in_init_scope(self):
        cl = chainer.ChainList()
        with cl.init_scope():
            with pytest.raises(TypeError):
                cl.child = chainer.Link()

    def test_chain_refuses_to_overwrite_an_attribute_with_a_link(self):
        chain = chainer.Chain(a=chainer.Link())
        with chain.init_scope():
            with pytest.raises(AttributeError):
                chain.a = chainer.Link()

    def test_register_persistent_turns_a_parameter_into_a_persistent(self):
        link = _link(w=(2,))
        link.register_persistent('w')
        assert list(link.params()) == [] and link._persistent == {'w'}

    def test_missing_init_call_is_reported(self):
        class Broken(chainer.Link):
            def __init__(self):
                pass

            def forward(self):
                return 1
        with pytest.raises(RuntimeError, match='Link.__init__'):
            Broken()()

    def test_a_mixin_call_is_the_forward(self):
        class Mixin(object):
            def __call__(self, x):
                return x * 3

        class Mixed(chainer.Link, Mixin):
            pass
        assert Mixed()(2) == 6


class TestSequential(object):

    def test_add_extend_and_flatten_share_layers(self):
        a, b = chainer.Link(), chainer.Link()
        s = chainer.Sequential(a) + chainer.Sequential(b)
        assert s[0] is a and s[1] is b
        assert chainer.Sequential(chainer.Sequential(a), b).flatten()[0] is a
        with pytest.raises(ValueError):
            s + 1

    def test_insert_checks_its_index(self):
        s = chainer.Sequential(abs)
        with pytest.raises(IndexError):
            s.insert(3, abs)
        s.insert(-1, numpy.negative)
        assert s[0] is numpy.negative

    def test_pickle_refuses_lambdas(self):
        assert pickle.loads(pickle.dumps(chainer.Sequential(abs)))[0] is abs
        with pytest.raises(ValueError, match='lambda'):
            pickle.dumps(chainer.Sequential(lambda x: x))

    def test_str_shows_a_lambda_by_its_source(self):
        layers = [
            lambda x: x + 1,
        ]
        s = chainer.Sequential(*layers)
        assert str(s) == 'Sequential(\n  (0): lambda x: x + 1,\n)'


class TestSerializeUninitialized(object):

    def test_uninitialized_parameter_is_passed_as_none(self):
        link = chainer.Link()
        with link.init_scope():
            link.w = chainer.Parameter()
        calls = []
        link.serialize(lambda key, value: calls.append((key, value)) or value)
        assert calls == [('w', None)] and link.w.array is None

    def test_an_answered_array_initializes_the_parameter(self):
        link = chainer.Link()
        with link.init_scope():
            link.w = chainer.Parameter()
        link.add_uninitialized_param('v')
        stored = {'w': numpy.arange(3, dtype='f'), 'v': numpy.ones(2, 'f')}
        link.serialize(lambda key, value: stored[key])
        numpy.testing.assert_array_equal(link.w.array, stored['w'])
        numpy.testing.assert_array_equal(link.v.array, stored['v'])

    def test_npz_round_trip_keeps_uninitialized_parameters(self, tmp_path):
        src = chainer.Link()
        src.add_uninitialized_param('v')
        path = str(tmp_path / 'm.npz')
        chainer.serializers.save_npz(path, src)
        dst = chainer.Link()
        dst.add_uninitialized_param('v')
        chainer.serializers.load_npz(path, dst)
        assert dst.v is None


class TestUpdateSwitchesAndAddgrads(object):

    def test_enable_disable_update(self):
        link = _link(w=(2,), v=(1,))
        assert not link.update_enabled  # no optimizer has set a rule yet
        link.w.update_rule = chainer.UpdateRule()
        assert link.update_enabled
        link.disable_update()
        assert not link.w.update_rule.enabled and not link.update_enabled
        link.enable_update()
        assert link.w.update_rule.enabled

    def test_addgrads_initializes_an_uninitialized_destination(self):
        src = _link(w=(2,))
        src.w.grad = numpy.full(2, 3.0, 'f')
        dst = chainer.Link()
        with dst.init_scope():
            dst.w = chainer.Parameter(1.0)
        dst.cleargrads()
        dst.addgrads(src)
        numpy.testing.assert_array_equal(dst.w.grad, [3.0, 3.0])

    def test_deep_copies_keep_the_name_shared_ones_do_not(self):
        chain = chainer.Chain(child=_link(w=(2,)))
        assert chain.child.copy(mode='copy').name == 'child'
        assert chain.child.copy().name is None


class TestTimerHookReport(object):

    def _timed(self):
        class Leaf(chainer.Link):
            def forward(self, x):
                return x

        model = chainer.Sequential(Leaf(), Leaf())
        timer = chainer.link_hooks.TimerHook()
        with timer:
            model(1)
            model(2)
        return timer

    def test_history_holds_class_names_innermost_first(self):
        names = [name for name, _ in self._timed().call_history]
        assert names == ['Leaf', 'Leaf', 'Sequential'] * 2

    @pytest.mark.parametrize('unit', ['sec', 'ms', 'us', 'ns', 'auto', 'auto_foreach'])
    def test_report_has_a_header_and_a_line_per_class(self, unit):
        import io
        import re
        out = io.StringIO()
        self._timed().print_report(unit=unit, file=out)
        lines = out.getvalue().splitlines()
        assert lines[0].split() == ['LinkName', 'ElapsedTime', 'Occurrence']
        assert re.match(r' *Leaf +[0-9.]+(sec|ms|us|ns) +4$', lines[1]), lines
        assert re.match(r'Sequential +[0-9.]+(sec|ms|us|ns) +2$', lines[2]), lines
        assert len({len(line) for line in lines}) == 1  # aligned columns

    def test_an_unknown_unit_is_refused(self):
        with pytest.raises(ValueError):
            self._timed().print_report(unit='minutes')


def test_a_mixin_call_that_is_no_function_is_called_as_it_is():
    class Callable(object):
        def __call__(self, *args, **kwargs):
            return ('called', args, kwargs)

    class Mixin(object):
        __call__ = Callable()  # not a descriptor: not bound to the link

    class Mixed(chainer.Link, Mixin):
        pass

    assert Mixed()(1, a=2) == ('called', (1,), {'a': 2})
