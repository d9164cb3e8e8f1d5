"""A trainer for tests of extensions and triggers: :func:`get_trainer_with_mock_updater`
(needs chainer-training, imported only when called)."""
from chainer import _missing


def _mock_module():
    try:
        import mock
    except ImportError:
        from unittest import mock
    return mock


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10,
                                  extensions=None):
    """Returns a :class:`~chainer.training.Trainer` whose updater is a mock.

    Each ``update()`` of the mock updater calls its ``update_core`` mock and advances
    ``iteration``, ``epoch``, ``epoch_detail``, ``previous_epoch_detail`` and
    ``is_new_epoch`` as a real updater over an epoch of ``iter_per_epoch`` iterations
    would; ``get_all_optimizers()`` returns ``{}``.

    Args:
        stop_trigger: the trainer's stop trigger.
        iter_per_epoch (int): iterations per epoch.
        extensions (list): extensions to register with the trainer.

    Returns:
        ~chainer.training.Trainer

    Raises:
        ImportError: chainer-training is not installed (the message says what to
            install).
    """
    try:
        from chainer import training
    except ImportError as e:
        raise ImportError('get_trainer_with_mock_updater needs chainer.training: '
                          '{}'.format(_missing.install_hint('chainer-training'))) from e
    updater = _mock_module().Mock()
    updater.get_all_optimizers.return_value = {}
    updater.iteration = 0
    updater.epoch = 0
    updater.epoch_detail = 0
    updater.previous_epoch_detail = None
    updater.is_new_epoch = True

    def update():
        updater.update_core()
        previous = updater.iteration
        updater.iteration += 1
        updater.epoch = updater.iteration // iter_per_epoch
        updater.epoch_detail = updater.iteration / iter_per_epoch
        updater.previous_epoch_detail = previous / iter_per_epoch
        updater.is_new_epoch = previous // iter_per_epoch != updater.epoch

    updater.update = update
    trainer = training.Trainer(updater, stop_trigger)
    for extension in extensions or ():
        trainer.extend(extension)
    return trainer
