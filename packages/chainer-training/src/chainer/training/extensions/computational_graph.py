"""``dump_graph``: writes the computational graph of an observed variable."""
from chainer import computational_graph
from chainer import variable
from chainer.training import extension
from chainer.training.extensions import _atomic_write


def dump_graph(root_name, out_name='cg.dot', variable_style=None, function_style=None):
    """Returns a trainer extension to dump a computational graph in DOT.

    The graph that leads to the observed Variable ``root_name`` (e.g.
    ``'main/loss'``) is written to ``<out>/<out_name>``, once, at the first iteration
    of the run.

    Args:
        root_name (str): key of the root variable in the trainer's observation.
        out_name (str): output file name.
        variable_style (dict): DOT style of variable nodes (octagons by default).
        function_style (dict): DOT style of function nodes (rectangles by default).

    Returns:
        The extension.
    """
    styles = {}
    if variable_style is not None:
        styles['variable_style'] = variable_style
    if function_style is not None:
        styles['function_style'] = function_style
    dumped = []

    def first_iteration(trainer):
        return not dumped

    @extension.make_extension(trigger=first_iteration)
    def dump_graph(trainer):
        try:
            var = trainer.observation[root_name]
        except KeyError:
            raise KeyError('dump_graph: {!r} is not in the observation (keys: {})'.format(
                root_name, sorted(trainer.observation))) from None
        if not isinstance(var, variable.Variable):
            raise TypeError('dump_graph: the observed {!r} is a {}, not a Variable'.format(
                root_name, type(var).__name__))
        graph = computational_graph.build_computational_graph([var], **styles)
        _atomic_write.atomic_write_text(trainer.out, out_name, graph.dump())
        dumped.append(True)

    return dump_graph
