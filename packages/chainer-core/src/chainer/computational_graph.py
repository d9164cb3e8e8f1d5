"""Visualization of computational graphs in the Dot language."""
import heapq

from chainer import _graph
from chainer import variable

_var_style = {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
_func_style = {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}
_RANKDIRS = ('TB', 'BT', 'LR', 'RL')


def _escape(text, record):
    text = text.replace('\\', '\\\\').replace('"', '\\"')
    if record:  # these characters structure a record label into fields
        for c in '|{}<>':
            text = text.replace(c, '\\' + c)
    return text


def _node_label(node, show_name):
    if show_name and isinstance(node, variable.Variable) and node.name:
        return '{}: {}'.format(node.name, node.label)
    return node.label


class DotNode(object):
    """One node of the Dot output: a variable or a function with its attributes.

    Args:
        node (~chainer.Variable or ~chainer.Function): the graph node.
        attribute (dict): Dot attributes (``shape``, ``color``, ...), overriding the
            defaults: the shape (oval for variables, box for functions) and the label
            (the node's label, with a variable's name in front).
        show_name (bool): put a named variable's name in front of its label.
    """

    def __init__(self, node, attribute=None, show_name=True):
        if not isinstance(node, (variable.Variable, _graph.GraphNode)):
            raise TypeError('node must be a Variable or a Function, got {}'.format(
                type(node).__name__))
        self.node = node
        self.id_ = id(node)
        self.attribute = {
            'label': _node_label(node, show_name),
            'shape': 'oval' if isinstance(node, variable.Variable) else 'box'}
        if attribute is not None:
            self.attribute.update(attribute)

    @property
    def label(self):
        """The Dot statement of the node: ``<id> [attr="value",...];``."""
        record = self.attribute.get('shape') in ('record', 'Mrecord')
        attrs = dict(self.attribute)
        attrs['label'] = _escape(str(attrs['label']), record)
        body = ','.join('{}="{}"'.format(k, v if k == 'label' else _escape(str(v), False))
                        for k, v in sorted(attrs.items()))
        return '{} [{}];'.format(self.id_, body)


class ComputationalGraph(object):
    """A directed acyclic graph of variables and functions.

    Args:
        nodes (list): the :class:`~chainer.Variable` and :class:`~chainer.Function`
            nodes.
        edges (list): ``(head, tail)`` pairs: data flows from head to tail.
        variable_style (dict): Dot attributes of variable nodes.
        function_style (dict): Dot attributes of function nodes.
        rankdir (str): ``'TB'``, ``'BT'``, ``'LR'`` or ``'RL'``.
        show_name (bool): put the names of named variables in their labels.
    """

    def __init__(self, nodes, edges, variable_style=None, function_style=None,
                 rankdir='TB', show_name=True):
        if rankdir not in _RANKDIRS:
            raise ValueError('rankdir must be one of {}, got {!r}'.format(
                '/'.join(_RANKDIRS), rankdir))
        self.nodes = nodes
        self.edges = edges
        self.variable_style = variable_style
        self.function_style = function_style
        self.rankdir = rankdir
        self.show_name = show_name

    def _style(self, node):
        if isinstance(node, variable.Variable):
            return self.variable_style
        return self.function_style

    def _to_dot(self):
        lines = ['digraph graphname{rankdir=%s;' % self.rankdir]
        for node in self.nodes:
            lines.append(DotNode(node, self._style(node), self.show_name).label)
        for head, tail in self.edges:
            lines.append('{} -> {};'.format(id(head), id(tail)))
        lines.append('}')
        return '\n'.join(lines) + '\n'

    def dump(self, format='dot'):
        """Returns the graph as text in the given graph language.

        Args:
            format (str): only ``'dot'`` is supported.

        Returns:
            str: the graph, e.g. for ``dot -Tpng``.
        """
        if format != 'dot':
            raise UnsupportedFormatError(
                'format must be "dot" (the only supported graph language), got '
                '{!r}'.format(format))
        return self._to_dot()


class UnsupportedFormatError(ValueError, NotImplementedError):
    """:meth:`ComputationalGraph.dump` got a graph language other than dot: a
    ValueError, and the NotImplementedError v1 and v7 raised."""


def build_computational_graph(outputs, remove_split=True, variable_style=_var_style,
                              function_style=_func_style, rankdir='TB',
                              remove_variable=False, show_name=True):
    """Builds the graph of functions and variables backward-reachable from outputs.

    The walk stops where :meth:`~chainer.Variable.unchain_backward` cut the graph.

    Args:
        outputs (list): :class:`~chainer.Variable` or :class:`~chainer.Function`
            objects the graph is built from.
        remove_split (bool): must be True (kept for backward compatibility).
        variable_style (dict or str): Dot node style of variables (``shape``,
            ``color``, ``fillcolor``, ``style``, ...); ``'default'`` (v7) is this
            default, an octagon; None: no style.
        function_style (dict or str): Dot node style of functions; ``'default'`` is
            v1's (a record).
        rankdir (str): ``'TB'`` (top to bottom), ``'BT'``, ``'LR'`` or ``'RL'``.
        remove_variable (bool): leave variables out; functions are then connected
            directly, from the creator of a variable to the functions that use it.
        show_name (bool): put the names of named variables in their labels (v1.24).

    Returns:
        ComputationalGraph: nodes and edges reachable from at least one output.
    """
    if not remove_split:
        raise ValueError('remove_split=False is not supported anymore')
    if isinstance(outputs, (variable.Variable, _graph.GraphNode)):
        outputs = [outputs]
    if isinstance(variable_style, str) and variable_style == 'default':
        variable_style = _var_style
    if isinstance(function_style, str) and function_style == 'default':
        function_style = _func_style
    nodes, edges = _walk(outputs)
    if remove_variable:
        nodes, edges = _without_variables(nodes, edges)
    return ComputationalGraph(nodes, edges, variable_style, function_style, rankdir,
                              show_name)


def _walk(outputs):
    """Collects nodes and ``(head, tail)`` edges by walking back from ``outputs``;
    nodes come out in first-seen order so that dumps are reproducible."""
    cands = []
    nodes = {}
    edges = {}
    count = 0

    def add(node):
        nonlocal count
        if id(node) not in nodes:
            nodes[id(node)] = node
            heapq.heappush(cands, (-node.rank, count, node))
            count += 1

    for out in outputs:
        if not isinstance(out, (variable.Variable, _graph.GraphNode)):
            raise TypeError('outputs must hold Variables or Functions, got {}'.format(
                type(out).__name__))
        add(out)
    while cands:
        node = heapq.heappop(cands)[2]
        if isinstance(node, variable.Variable):
            heads = () if node.creator is None else (node.creator,)
        else:
            heads = _graph.node_inputs(node) or ()
        for head in heads:
            add(head)
            edges[(id(head), id(node))] = (head, node)
    return list(nodes.values()), list(edges.values())


def _without_variables(nodes, edges):
    producer = {id(tail): head for head, tail in edges
                if isinstance(head, _graph.GraphNode)}
    func_edges = {}
    for head, tail in edges:
        if isinstance(head, variable.Variable) and id(head) in producer:
            f = producer[id(head)]
            func_edges[(id(f), id(tail))] = (f, tail)
    funcs = [n for n in nodes if isinstance(n, _graph.GraphNode)]
    return funcs, list(func_edges.values())
