"""Standard functions (``chainer.functions``, imported as ``F``).

Each category subpackage lists its public names in ``__all__``; they are all
re-exported here. ``__path__`` is extended so that sibling distributions can add
portions (chainer-caffe ships the legacy ``chainer.functions.caffe`` alias).
"""
import importlib
import pkgutil

__path__ = pkgutil.extend_path(__path__, __name__)

from chainer.functions.activation import *  # noqa: E402,F401,F403
from chainer.functions.array import *  # noqa: E402,F401,F403
from chainer.functions.connection import *  # noqa: E402,F401,F403
from chainer.functions.evaluation import *  # noqa: E402,F401,F403
from chainer.functions.loss import *  # noqa: E402,F401,F403
from chainer.functions.math import *  # noqa: E402,F401,F403
from chainer.functions.noise import *  # noqa: E402,F401,F403
from chainer.functions.normalization import *  # noqa: E402,F401,F403
from chainer.functions.pooling import *  # noqa: E402,F401,F403
from chainer.functions.util import *  # noqa: E402,F401,F403

# Parameterized functions of the v1.3 API that became links in v1.5 and stay reachable
# here for old code (spec 002 "Parameterized functions": ``F.Linear``, ``F.EmbedID``,
# ``F.Parameter``; 001 §3.5 note). Resolved on first use: chainer.links imports
# chainer.functions, so importing the links here eagerly would be circular.
_LINK_ALIASES = {
    'EmbedID': 'chainer.links.connection.embed_id',
    'Linear': 'chainer.links.connection.linear',
    'Parameter': 'chainer.links.connection.parameter',
}


def __getattr__(name):
    module = _LINK_ALIASES.get(name)
    if module is None:
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
