"""``observe_value`` and ``observe_lr``: record a value in the observation."""
from chainer.training import extension


def observe_value(observation_key, target_func):
    """Returns a trainer extension that records ``target_func(trainer)`` in the
    trainer's observation under ``observation_key`` (every epoch by default).

    Args:
        observation_key (str): key of the value in the observation.
        target_func (callable): takes the trainer, returns the value.

    Returns:
        The extension (priority :data:`~chainer.training.PRIORITY_WRITER`).
    """
    if not callable(target_func):
        raise TypeError('target_func must be callable, got {!r}'.format(target_func))

    @extension.make_extension(trigger=(1, 'epoch'), priority=extension.PRIORITY_WRITER)
    def observe_value(trainer):
        trainer.observation[observation_key] = target_func(trainer)

    return observe_value


def observe_lr(optimizer_name='main', observation_key='lr'):
    """Returns a trainer extension that records the learning rate ``lr`` of the
    updater's optimizer ``optimizer_name`` (every epoch by default).

    Args:
        optimizer_name (str): name of the optimizer in the updater.
        observation_key (str): key of the value in the observation.

    Returns:
        The extension.
    """
    return observe_value(
        observation_key,
        lambda trainer: trainer.updater.get_optimizer(optimizer_name).lr)
