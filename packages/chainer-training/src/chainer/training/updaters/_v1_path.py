"""``chainer.training.StandardUpdater`` as Chainer v1 code reaches it.

v1 code names the standard updater ``chainer.training.StandardUpdater`` or
``chainer.training.updater.StandardUpdater`` (``chainer.training.updaters`` held no
StandardUpdater before v2); code of every later release may use those paths too.
"""
from chainer.training import _batch_inputs
from chainer.training.updaters import standard_updater


class StandardUpdater(standard_updater.StandardUpdater):
    """:class:`chainer.training.updaters.StandardUpdater` at its Chainer v1 paths.

    The same updater, except for how a batch reaches the loss function: wrapped in
    Variables, as Chainer v1 did (v1 models read ``x.data`` of their inputs),
    unless the model is v2+ code, which gets the arrays as they come (v2+ models
    apply array operations to them). A model is v2+ code when a class of it (the
    loss function's link or the main optimizer's target, and their sublinks;
    classes of Chainer itself say nothing) defines ``forward``; v1-style code only
    defines ``__call__``. Where nothing tells (a plain function as the loss function
    of a link of Chainer's own), the batch goes in Variables, as in v1.
    """

    def _inputs_as_variables(self, func, *links):
        style = getattr(self, '_v1_input_style', None)
        if style is None:
            style = self._v1_input_style = _batch_inputs.InputStyle(True)
        return style(func, *links)


# repr and pickle name the class at the path v1 code knows
StandardUpdater.__module__ = 'chainer.training.updater'
