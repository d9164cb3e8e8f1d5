"""Per-class caches of the hot paths do not keep the classes they saw alive."""
import gc
import weakref

import numpy

import chainer
from chainer import _per_class
from chainer import _resident
from chainer import _type_check_memo
from chainer import gradient_method
from chainer import link


def test_remember_stores_by_id_and_forgets_with_the_class():
    cache = {}

    class Local(object):
        pass

    assert _per_class.remember(cache, Local, 'value') == 'value'
    assert cache == {id(Local): 'value'}
    alive = weakref.ref(Local)
    del Local
    gc.collect()
    assert alive() is None
    assert cache == {}


def test_one_class_in_two_caches_leaves_both():
    first, second = {}, {}

    class Local(object):
        pass

    _per_class.remember(first, Local, 1)
    _per_class.remember(second, Local, 2)
    del Local
    gc.collect()
    assert first == {} and second == {}


def _collected_after(use, cache):
    """Makes a class with ``use()``, drops it, and returns whether it was freed and
    its entry left ``cache``."""
    ref = use()
    key = id(ref())
    gc.collect()
    return ref() is None and key not in cache


def test_a_function_class_made_in_a_call_is_freed_after_its_type_check():
    def use():
        class Double(chainer.Function):
            def check_type_forward(self, in_types):
                chainer.utils.type_check.expect(in_types[0].dtype == numpy.float32)

            def forward(self, inputs):
                return inputs[0] * 2,

        y = Double()(chainer.Variable(numpy.ones(2, numpy.float32)))
        numpy.testing.assert_array_equal(y.data, [2, 2])
        assert id(Double) in _type_check_memo._passed_checks
        return weakref.ref(Double)

    assert _collected_after(use, _type_check_memo._passed_checks)


def test_a_link_class_made_in_a_call_is_freed_after_it_is_called():
    def use():
        class Mixin(object):
            def __call__(self, x):
                return x + 1

        class Adds(chainer.Link, Mixin):
            pass

        assert Adds()(1) == 2
        assert id(Adds) in link._MIXIN_CALLS
        return weakref.ref(Adds)

    assert _collected_after(use, link._MIXIN_CALLS)


def test_an_optimizer_class_made_in_a_call_is_freed_after_an_update():
    def use():
        class Plain(chainer.GradientMethod):
            def update_one_cpu(self, param, state):
                param.data -= param.grad

        model = chainer.Link()
        with model.init_scope():
            model.w = chainer.Parameter(numpy.ones(2, numpy.float32))
        model.w.grad = numpy.ones(2, numpy.float32)
        optimizer = Plain()
        optimizer.setup(model)
        optimizer.update()
        numpy.testing.assert_array_equal(model.w.data, [0, 0])
        assert id(Plain) in gradient_method._FUSABLE
        return weakref.ref(Plain)

    assert _collected_after(use, gradient_method._FUSABLE)


def test_a_resident_class_made_in_a_call_is_freed_after_its_legacy_lookup():
    def use():
        class Moves(chainer.Link):
            def to_cpu(self):
                return super(Moves, self).to_cpu()

        assert _resident._overridden_methods(Moves) == ('to_cpu',)
        return weakref.ref(Moves)

    assert _collected_after(use, _resident._overridden_cache)
