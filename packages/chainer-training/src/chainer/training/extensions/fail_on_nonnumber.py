"""``FailOnNonNumber``: stops the training when a parameter diverges."""
from chainer import cuda
from chainer.training import extension


class FailOnNonNumber(extension.Extension):
    """Trainer extension raising an error as soon as a parameter of an optimizer's
    target holds NaN or infinity, so that a diverged training stops at once
    instead of running on with meaningless values.

    Raises:
        RuntimeError: naming the optimizer (and the parameter) that diverged.
    """

    def __call__(self, trainer):
        for name, optimizer in sorted(trainer.updater.get_all_optimizers().items()):
            for path, param in optimizer.target.namedparams():
                array = param.data
                if array is None:  # not initialized yet
                    continue
                if not bool(cuda.get_array_module(array).isfinite(array).all()):
                    raise RuntimeError(
                        'the parameters of optimizer {!r} diverge ({} is not '
                        'finite): training stopped'.format(name, path))
