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

# v1 also binds every link module to chainer.links itself, so that v1 code can write
# ``L.linear.Linear`` or ``from chainer.links import convolution_nd``.
from chainer.links.activation import maxout, prelu, simplified_dropconnect  # noqa: E402,F401
from chainer.links.connection import (  # noqa: E402,F401
    bias, bilinear, convolution_2d, convolution_nd, deconvolution_2d, deconvolution_nd,
    depthwise_convolution_2d, dilated_convolution_2d, embed_id, gru, highway, inception,
    inceptionbn, linear, lstm, mlp_convolution_2d, n_step_gru, n_step_lstm, n_step_rnn,
    parameter, peephole, scale, zoneoutlstm)
from chainer.links.loss import (  # noqa: E402,F401
    black_out, crf1d, hierarchical_softmax, negative_sampling)
from chainer.links.model import classifier  # noqa: E402,F401
from chainer.links.normalization import (  # noqa: E402,F401
    batch_normalization, batch_renormalization, layer_normalization)
