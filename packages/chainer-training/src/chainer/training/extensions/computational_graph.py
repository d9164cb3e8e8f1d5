"""``DumpGraph`` (and v1's ``dump_graph``): writes the computational graph of an
observed variable."""
import os
import shutil
import subprocess

import chainer
from chainer import serializer as serializer_module
from chainer import computational_graph
from chainer import variable
from chainer.training import extension
from chainer.training.extensions import _atomic_write


def is_graphviz_available():
    """Whether Graphviz's ``dot`` command is installed (then :class:`DumpGraph`
    also renders the graph to PNG)."""
    return shutil.which('dot') is not None


class DumpGraph(extension.Extension):
    """Trainer extension writing, once, the graph that leads to an observed Variable
    in DOT format.

    The graph of the Variable reported under ``root_name`` (e.g. ``'main/loss'``) is
    written to ``<trainer.out>/<filename>`` at the first iteration (also the first
    one after a resume, unless a graph was already written before the snapshot), and
    rendered to PNG beside it when Graphviz's ``dot`` is installed. Until then,
    ``chainer.config.keep_graph_on_report`` is set so that the reporter keeps the
    graph; the previous value is restored afterwards.

    Args:
        root_name (str): key of the root variable in the trainer's observation.
        filename (str): output file name (``'cg.dot'``); ``out_name=`` is its old
            spelling.
        variable_style (dict): DOT style of variable nodes (octagons by default).
        function_style (dict): DOT style of function nodes (rectangles by default).
    """

    default_name = 'dump_graph'
    priority = extension.PRIORITY_READER

    def __init__(self, root_name, filename=None, variable_style=None,
                 function_style=None, **kwargs):
        out_name = kwargs.pop('out_name', None)
        if kwargs:
            raise TypeError('DumpGraph got unexpected keyword arguments: {}'.format(
                ', '.join(sorted(kwargs))))
        if filename is not None and out_name is not None:
            raise TypeError('give filename only (out_name is its old name)')
        self._root_name = root_name
        self._filename = filename or out_name or 'cg.dot'
        self._styles = {}
        if variable_style is not None:
            self._styles['variable_style'] = variable_style
        if function_style is not None:
            self._styles['function_style'] = function_style
        self._original_flag = None
        self._flag_called = False

    def initialize(self, trainer):
        """Makes the reporter keep the graph until it is dumped."""
        if not self._flag_called:
            self._original_flag = chainer.config.keep_graph_on_report
            chainer.config.keep_graph_on_report = True

    def trigger(self, trainer):
        """Fires at the first call only."""
        if self._flag_called:
            return False
        self._flag_called = True
        return True

    def __call__(self, trainer):
        try:
            try:
                var = trainer.observation[self._root_name]
            except KeyError:
                raise KeyError('dump_graph: {!r} is not in the observation (keys: '
                               '{})'.format(self._root_name,
                                            sorted(trainer.observation))) from None
            if not isinstance(var, variable.Variable):
                raise TypeError('dump_graph: the observed {!r} is a {}, not a '
                                'Variable'.format(self._root_name, type(var).__name__))
            graph = computational_graph.build_computational_graph([var], **self._styles)
            _atomic_write.atomic_write_text(trainer.out, self._filename, graph.dump())
            if is_graphviz_available():
                path = os.path.join(trainer.out, self._filename)
                subprocess.check_call(['dot', '-Tpng', path, '-o',
                                       os.path.splitext(path)[0] + '.png'])
        finally:
            if self._original_flag is not None:
                chainer.config.keep_graph_on_report = self._original_flag

    def serialize(self, serializer):
        """Saves or loads whether the graph was written (and the flag to restore)."""
        original = serializer('_original_flag', -1 if self._original_flag is None
                              else int(self._original_flag))
        called = serializer('_flag_called', self._flag_called)
        if not serializer_module._is_validating(serializer):
            self._original_flag = None if int(original) < 0 else bool(original)
            self._flag_called = bool(called)


def dump_graph(root_name, out_name='cg.dot', variable_style=None, function_style=None):
    """Returns a :class:`DumpGraph` extension (v1's spelling).

    Args:
        root_name (str): key of the root variable in the trainer's observation.
        out_name (str): output file name.
        variable_style (dict): DOT style of variable nodes.
        function_style (dict): DOT style of function nodes.

    Returns:
        DumpGraph: the extension.
    """
    return DumpGraph(root_name, out_name, variable_style=variable_style,
                     function_style=function_style)
