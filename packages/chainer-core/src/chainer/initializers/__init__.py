"""Weight initializers: objects filling arrays in place."""
from chainer.initializers.constant import Constant  # noqa: F401
from chainer.initializers.constant import Identity  # noqa: F401
from chainer.initializers.constant import NaN  # noqa: F401
from chainer.initializers.constant import One  # noqa: F401
from chainer.initializers.constant import Zero  # noqa: F401
from chainer.initializers.helper import _check_is_initializer_like  # noqa: F401
from chainer.initializers.helper import _get_initializer  # noqa: F401
from chainer.initializers.helper import generate_array  # noqa: F401
from chainer.initializers.helper import init_weight  # noqa: F401
from chainer.initializers.initializer import Initializer  # noqa: F401
from chainer.initializers.initializer import get_fans  # noqa: F401
from chainer.initializers.normal import GlorotNormal  # noqa: F401
from chainer.initializers.normal import HeNormal  # noqa: F401
from chainer.initializers.normal import LeCunNormal  # noqa: F401
from chainer.initializers.normal import Normal  # noqa: F401
from chainer.initializers.orthogonal import Orthogonal  # noqa: F401
from chainer.initializers.sampling import DownsamplingConvFilter  # noqa: F401
from chainer.initializers.sampling import UpsamplingDeconvFilter  # noqa: F401
from chainer.initializers.uniform import GlorotUniform  # noqa: F401
from chainer.initializers.uniform import HeUniform  # noqa: F401
from chainer.initializers.uniform import LeCunUniform  # noqa: F401
from chainer.initializers.uniform import Uniform  # noqa: F401

__all__ = ['Constant', 'DownsamplingConvFilter', 'GlorotNormal', 'GlorotUniform',
           'HeNormal', 'HeUniform', 'Identity', 'Initializer', 'LeCunNormal',
           'LeCunUniform', 'NaN', 'Normal', 'One', 'Orthogonal', 'Uniform',
           'UpsamplingDeconvFilter', 'Zero', 'generate_array', 'get_fans',
           'init_weight']
