"""The names the real Chainer v7 gives the extensions of a trainer, where they
differ from this project's: a trainer snapshot keeps their triggers' states
under v7's names, so that the real Chainer v7 resumes it and a v7 snapshot
resumes here.

This project keeps v1's default names for the snapshot extensions (``snapshot``,
``snapshot_object``, as v1 code gets them back with ``get_extension``); Chainer v7
names both after their class, ``_Snapshot`` (then ``_Snapshot_1``, ... for more).
"""
import re

_SNAPSHOT_NAME = re.compile(r'^snapshot(_object)?(_\d+)?$')


def _v7_base(name, extension):
    from chainer.training.extensions import _snapshot
    if isinstance(extension, _snapshot._Snapshot) and _SNAPSHOT_NAME.match(name):
        return '_Snapshot'
    return name


def aliases(entries):
    """Maps each extension name that v7 would spell differently to v7's name.

    Args:
        entries: ``(name, extension)`` pairs in registration order.

    Returns:
        dict: this project's name to v7's, for the names that differ.
    """
    taken, result = set(), {}
    for name, extension in entries:
        base = _v7_base(name, extension)
        unique, ordinal = base, 0
        while unique in taken:
            ordinal += 1
            unique = '{}_{}'.format(base, ordinal)
        taken.add(unique)
        if unique != name:
            result[name] = unique
    return result
