"""What the tests of the root noxfile's source checks share: the repository root, the
skip marker for a tree without it (an sdist), and a stand-in for a nox session whose
``error`` ends it with :class:`Abort`."""
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

needs_repository = pytest.mark.skipif(not (REPO / 'noxfile.py').exists(),
                                      reason='needs the source repository (not an sdist)')


class Abort(Exception):
    """Raised by :meth:`Session.error`."""


class Session:
    """What the noxfile's source checks use of a nox session: ``error`` ends it."""

    def error(self, message):
        raise Abort(message)
