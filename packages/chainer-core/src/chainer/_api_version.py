"""``chainer.__version__``: the level of the Chainer API this installation provides.

Code written for Chainer v2-v7 and the packages built on it (chainer-chemistry,
ChainerMN, onnx-chainer) read ``chainer.__version__`` to decide what the API offers
(``int(chainer.__version__[0]) >= 3``, ``>= 7``). This project provides v7's API next to
v1's, so ``chainer.__version__`` is the version of the ``chainer`` distribution that
chainer-core belongs to: chainer-core's major version plus :data:`MAJOR_OFFSET` (the
release rule of the ``chainer`` distribution), with chainer-core's minor and patch.
chainer-core's own version stays in ``chainer._version.__version__`` and in
``importlib.metadata.version('chainer-core')``.
"""
from chainer._version import __version__ as core_version

#: chainer-core 1.x provides the API level 8.x (above the original Chainer's 7.8.1).
MAJOR_OFFSET = 7


def api_version(core):
    """The API level of a chainer-core version.

    Args:
        core (str): a chainer-core version, ``'MAJOR.rest'``.

    Returns:
        str: the same version with :data:`MAJOR_OFFSET` added to the major number.
    """
    major, sep, rest = core.partition('.')
    return '{}{}{}'.format(int(major) + MAJOR_OFFSET, sep, rest)


__version__ = api_version(core_version)
