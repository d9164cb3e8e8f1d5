"""``get_device``: the device a ChainerMN test runs on."""
import chainer


def get_device(device_id=None, use_chainerx=False):
    """The :class:`chainer.backend.Device` a multi-process test uses.

    Args:
        device_id (int or None): the GPU of this process (e.g. ``comm.intra_rank``); None
            for the CPU.
        use_chainerx (bool): a ChainerX device (``'native:0'`` or ``'cuda:<id>'``);
            ChainerX is not part of this project, so asking for it raises the error
            ``chainer.get_device`` gives for it.

    Returns:
        chainer.backend.Device: ``@numpy`` for the CPU, ``@cupy:<id>`` for a GPU.
    """
    if use_chainerx:
        name = 'native:0' if device_id is None else 'cuda:{}'.format(device_id)
    else:
        name = '@numpy' if device_id is None else '@cupy:{}'.format(device_id)
    return chainer.get_device(name)
