"""chainer.no_backprop_mode / force_backprop_mode (v1.24): whether AUTO variables build
the computational graph, per thread."""
import threading

import numpy

import chainer


def _auto():
    return chainer.Variable(numpy.array([1.0], numpy.float32), volatile='auto')


def test_auto_variables_build_no_graph_in_no_backprop_mode():
    x = _auto()
    assert (x + 1).creator is not None
    with chainer.no_backprop_mode():
        y = x * 2
    assert y.creator is None and y.volatile == 'auto'
    assert (x + 1).creator is not None  # restored on exit


def test_force_backprop_mode_builds_the_graph_inside_no_backprop_mode():
    x = _auto()
    with chainer.no_backprop_mode():
        with chainer.force_backprop_mode():
            y = x + 1
        z = x + 1
    assert y.creator is not None and z.creator is None
    with chainer.force_backprop_mode():
        assert (x + 1).creator is not None


def test_no_backprop_mode_leaves_on_and_off_variables_alone():
    off = chainer.Variable(numpy.ones(1, numpy.float32))
    on = chainer.Variable(numpy.ones(1, numpy.float32), volatile='on')
    with chainer.no_backprop_mode():
        assert (off + 1).creator is not None
        with chainer.force_backprop_mode():
            assert (on + 1).creator is None
    y = off * _auto()  # OFF wins over AUTO
    with chainer.no_backprop_mode():
        assert (off * _auto()).creator is not None
    assert y.creator is not None


def test_backprop_mode_is_restored_after_an_exception():
    try:
        with chainer.no_backprop_mode():
            raise KeyError
    except KeyError:
        pass
    assert (_auto() + 1).creator is not None


def test_backprop_mode_is_per_thread():
    seen = {}

    def worker():
        seen['creator'] = (_auto() + 1).creator

    with chainer.no_backprop_mode():
        thread = threading.Thread(target=worker)
        thread.start()
        thread.join()
    assert seen['creator'] is not None  # the other thread kept the default


def test_backprop_modes_are_in_chainer_function_as_in_v1_24():
    assert chainer.function.no_backprop_mode is chainer.no_backprop_mode
    assert chainer.function.force_backprop_mode is chainer.force_backprop_mode
