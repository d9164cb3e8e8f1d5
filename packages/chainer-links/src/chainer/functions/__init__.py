"""Standard functions (``chainer.functions``, imported as ``F``).

Each category subpackage lists its public names in ``__all__``; they are all
re-exported here. ``__path__`` is extended so that sibling distributions can add
portions (chainer-caffe ships the legacy ``chainer.functions.caffe`` alias).
"""
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
