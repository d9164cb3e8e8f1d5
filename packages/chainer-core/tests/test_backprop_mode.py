"""chainer.no_backprop_mode / force_backprop_mode: whether functions build the
computational graph, per thread (the ``enable_backprop`` configuration)."""
import threading

import numpy
import pytest

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


def test_no_backprop_mode_builds_no_graph_for_any_variable_as_in_v2():
    # v1.24 built the graph of OFF variables inside no_backprop_mode; v2+ (where every
    # variable is OFF) builds none: the v2+ meaning is kept (see the compatibility
    # notes), and ON variables never build one.
    off = chainer.Variable(numpy.ones(1, numpy.float32))
    on = chainer.Variable(numpy.ones(1, numpy.float32), volatile='on')
    with chainer.no_backprop_mode():
        y = off + 1
        assert y.creator is None and y.requires_grad  # (as its input, v3+)
        with chainer.force_backprop_mode():
            assert (on + 1).creator is None
            assert (off + 1).creator is not None
    y = off * _auto()  # OFF wins over AUTO
    assert y.creator is not None


def test_no_backprop_mode_is_the_enable_backprop_configuration():
    with chainer.no_backprop_mode():
        assert chainer.config.enable_backprop is False
        with chainer.force_backprop_mode():
            assert chainer.config.enable_backprop is True
    assert chainer.config.enable_backprop is True
    with chainer.using_config('enable_backprop', False):
        assert (_auto() + 1).creator is None


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


def test_volatile_and_non_volatile_inputs_mix_only_where_no_graph_is_built():
    on = chainer.Variable(numpy.ones(1, numpy.float32), volatile='on')
    off = chainer.Variable(numpy.ones(1, numpy.float32))
    with pytest.raises(ValueError, match='ON and OFF'):
        on + off  # v1: a bug when the graph is being built
    with chainer.no_backprop_mode():
        y = on + off  # evaluation: v2+ models make their own variables
    assert y.creator is None and (y.array == 2).all()


def test_records_graph_is_the_decision_function_calls_make():
    from chainer import flag
    from chainer.function import records_graph
    assert records_graph(flag.OFF) and records_graph(flag.AUTO)
    assert not records_graph(flag.ON)  # a volatile input (v1)
    with chainer.no_backprop_mode():
        assert not records_graph(flag.OFF) and not records_graph(flag.AUTO)
        with chainer.force_backprop_mode():
            assert records_graph(flag.AUTO)
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    y = x * 2
    assert (y.creator is not None) == records_graph(x._volatile)
