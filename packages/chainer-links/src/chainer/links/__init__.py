"""Standard links (``chainer.links``, imported as ``L``).

Each category subpackage lists its public names in ``__all__``; they are all
re-exported here. ``__path__`` is extended so that chainer-caffe can ship
``chainer.links.caffe``.
"""
import pkgutil

__path__ = pkgutil.extend_path(__path__, __name__)

from chainer.links.activation import *  # noqa: E402,F401,F403
from chainer.links.connection import *  # noqa: E402,F401,F403
from chainer.links.loss import *  # noqa: E402,F401,F403
from chainer.links.model import *  # noqa: E402,F401,F403
from chainer.links.normalization import *  # noqa: E402,F401,F403
