"""Tests of chainer.computational_graph."""
import re
import shutil
import subprocess

import numpy
import pytest

import chainer
from chainer import computational_graph as c


def _graph():
    """x -> f(*2) -> y -> g(+1) -> z, and y -> h(abs) -> w."""
    x = chainer.Variable(numpy.ones(3, numpy.float32), name='x')
    y = x * 2.0
    z = y + 1.0
    w = abs(y)
    return x, y, z, w


def _ids(nodes):
    return {id(n) for n in nodes}


def test_full_graph_from_two_outputs():
    x, y, z, w = _graph()
    g = c.build_computational_graph([z, w])
    f, add, ab = y.creator, z.creator, w.creator
    assert _ids(g.nodes) == _ids([x, y, z, w, f, add, ab])
    edges = {(id(h), id(t)) for h, t in g.edges}
    assert edges == {(id(x), id(f)), (id(f), id(y)), (id(y), id(add)), (id(add), id(z)),
                     (id(y), id(ab)), (id(ab), id(w))}


def test_only_backward_reachable_part():
    x, y, z, w = _graph()
    g = c.build_computational_graph([y])
    assert _ids(g.nodes) == _ids([x, y.creator, y])
    assert len(g.edges) == 2


def test_unchain_backward_stops_the_walk():
    x, y, z, w = _graph()
    y.unchain_backward()
    g = c.build_computational_graph([z])
    assert _ids(g.nodes) == _ids([y, z.creator, z])


def test_remove_variable_links_functions():
    x, y, z, w = _graph()
    g = c.build_computational_graph([z, w], remove_variable=True)
    assert _ids(g.nodes) == _ids([y.creator, z.creator, w.creator])
    edges = {(id(h), id(t)) for h, t in g.edges}
    assert edges == {(id(y.creator), id(z.creator)), (id(y.creator), id(w.creator))}


def test_dot_output_has_styles_labels_and_edges():
    x, y, z, w = _graph()
    g = c.build_computational_graph(
        [z], variable_style={'shape': 'circle', 'color': 'red'},
        function_style={'shape': 'box'}, rankdir='LR')
    dot = g.dump()
    assert dot.startswith('digraph graphname{rankdir=LR;')
    assert dot.rstrip().endswith('}')
    assert '{} [color="red",label="x: (3), float32",shape="circle"];'.format(id(x)) in dot
    assert '{} [label="_ + 1.0",shape="box"];'.format(id(z.creator)) in dot
    assert '{} -> {};'.format(id(x), id(y.creator)) in dot
    assert len(re.findall('->', dot)) == 4


def test_defaults_and_no_style():
    x, y, z, w = _graph()
    dot = c.build_computational_graph([z]).dump()
    assert 'shape="octagon"' in dot and 'shape="record"' in dot
    g = c.build_computational_graph([z], variable_style=None, function_style=None)
    dot = g.dump()
    assert 'shape="oval"' in dot and 'shape="box"' in dot


def test_show_name_false_leaves_variable_names_out_as_in_v1():
    x, y, z, w = _graph()
    assert 'label="x: (3), float32"' in c.build_computational_graph([z]).dump()
    dot = c.build_computational_graph([z], show_name=False).dump()
    assert 'label="(3), float32"' in dot and 'x: ' not in dot


def test_label_in_a_style_overrides_node_labels_as_in_v1():
    x, y, z, w = _graph()
    dot = c.build_computational_graph(
        [z], variable_style={'label': 'variable_0', 'shape': 'octagon'},
        function_style={'label': 'function_0', 'shape': 'record'}).dump()
    assert dot.count('label="variable_0"') == 3
    assert dot.count('label="function_0"') == 2


def test_record_labels_escape_field_separators():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    dot = c.build_computational_graph([abs(x)]).dump()
    assert 'label="\\|_\\|"' in dot  # '|' would split a record into fields


def test_argument_errors():
    x, y, z, w = _graph()
    with pytest.raises(ValueError, match='remove_split'):
        c.build_computational_graph([z], remove_split=False)
    with pytest.raises(ValueError, match='rankdir'):
        c.build_computational_graph([z], rankdir='XY')
    with pytest.raises(ValueError, match='dot'):
        c.build_computational_graph([z]).dump(format='svg')
    with pytest.raises(TypeError, match='outputs'):
        c.build_computational_graph([numpy.ones(2)])


def test_function_as_output_and_single_variable():
    x, y, z, w = _graph()
    g = c.build_computational_graph([z.creator])
    assert _ids(g.nodes) == _ids([z.creator, y, y.creator, x])
    g = c.build_computational_graph(x)
    assert _ids(g.nodes) == {id(x)} and g.edges == []


@pytest.mark.skipif(shutil.which('dot') is None, reason='Graphviz dot is not installed')
@pytest.mark.parametrize('kwargs', [{}, {'remove_variable': True},
                                    {'variable_style': None, 'function_style': None}])
def test_graphviz_renders_the_dump(kwargs):
    x, y, z, w = _graph()
    mm = chainer.Variable(numpy.ones((2, 3), numpy.float32), name='a"b')
    out = (mm @ chainer.Variable(numpy.ones((3, 1), numpy.float32)))[0]
    dot = c.build_computational_graph([z, w, out], **kwargs).dump()
    result = subprocess.run(['dot', '-Tsvg'], input=dot.encode(), capture_output=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    assert b'<svg' in result.stdout
    assert b'Warning' not in result.stderr and b'Error' not in result.stderr


def test_nodes_stand_for_their_variables_and_functions():
    import numpy
    import chainer
    from chainer import computational_graph as c
    x = chainer.Variable(numpy.zeros((1, 2), numpy.float32))
    y = 2 * x
    g = c.build_computational_graph((y,))
    f = y.creator_node  # v2+ graphs are made of nodes
    assert set(g.edges) == {(x.node, f), (f, y.node)}
    assert set(g.nodes) == {x.node, f, y.node}
    assert x.node == x and x == x.node and x.node != y and y != x.node
    assert hash(x.node) == hash(x) and f == y.creator and hash(f) == hash(y.creator)


def test_dump_refuses_other_languages_as_v1_and_v7_did():
    import numpy
    import pytest
    import chainer
    from chainer import computational_graph as c
    y = chainer.Variable(numpy.zeros(2, numpy.float32)) * 2
    g = c.build_computational_graph([y], variable_style='default',
                                    function_style='default')
    assert 'octagon' in g.dump()
    for error in (NotImplementedError, ValueError):
        with pytest.raises(error, match='graphml'):
            g.dump('graphml')
