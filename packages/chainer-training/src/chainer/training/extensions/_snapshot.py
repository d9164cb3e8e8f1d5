"""``snapshot`` and ``snapshot_object``: atomic snapshots of the trainer or of any
serializable object."""
from chainer.serializers import npz
from chainer.training import extension
from chainer.training.extensions import _atomic_write

#: Priority of the snapshot extensions: after the extensions that write, edit or
#: read the observation (so that e.g. the LogReport entry of the iteration is in it).
PRIORITY_SNAPSHOT = -100


def _snapshot_extension(get_target, filename, savefun, trigger, default_name):
    """The extension saving ``get_target(trainer)`` with ``savefun`` to
    ``<trainer.out>/<filename formatted with the trainer>`` through a temporary file
    renamed over the target once complete (priority :data:`PRIORITY_SNAPSHOT`)."""
    if not isinstance(filename, str):
        raise TypeError('filename must be a str (a format string given the trainer), '
                        'got {!r}'.format(filename))
    if not callable(savefun):
        raise TypeError('savefun must be callable as savefun(path, obj), got '
                        '{!r}'.format(savefun))

    @extension.make_extension(trigger=trigger, default_name=default_name,
                              priority=PRIORITY_SNAPSHOT)
    def save_snapshot(trainer):
        target = get_target(trainer)
        _atomic_write.atomic_write(trainer.out, filename.format(trainer),
                                   lambda path: savefun(path, target))

    return save_snapshot


def snapshot_object(target, filename, savefun=npz.save_npz, trigger=(1, 'epoch')):
    """Returns a trainer extension that saves ``target``.

    The file is first written under a temporary name in the output directory and then
    renamed, so a crash mid-write never replaces the last good snapshot.

    Args:
        target: object to serialize (e.g. the model).
        filename (str): file name; a format string given the trainer, e.g.
            ``'model_{.updater.iteration}'``.
        savefun: ``savefun(path, obj)`` writes the file; :func:`save_npz` by default.
        trigger: when to save, ``(1, 'epoch')`` by default.

    Returns:
        The extension (priority -100).
    """
    return _snapshot_extension(lambda trainer: target, filename, savefun, trigger,
                               'snapshot_object')


def snapshot(savefun=npz.save_npz, filename='snapshot_iter_{.updater.iteration}',
             trigger=(1, 'epoch')):
    """Returns a trainer extension that saves the trainer itself,
    to resume the training loop later by loading the file into a rebuilt trainer.

    Written atomically (temporary file, then rename) like :func:`snapshot_object`.

    Args:
        savefun: ``savefun(path, trainer)`` writes the file; :func:`save_npz` by
            default.
        filename (str): file name; a format string given the trainer.
        trigger: when to save, ``(1, 'epoch')`` by default.

    Returns:
        The extension (priority -100).
    """
    return _snapshot_extension(lambda trainer: trainer, filename, savefun, trigger,
                               'snapshot')
