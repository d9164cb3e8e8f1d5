"""Array backends of Chainer v4+: :mod:`chainer.backends.cuda` (CuPy, through the
``cupy-kernels`` backend) and :mod:`chainer.backends.intel64` (iDeep, not provided by this
project: :func:`~chainer.backends.intel64.is_ideep_available` is False).

``chainer.backends.cuda`` is the very module object :mod:`chainer.cuda`, the v1 path
(registered under both names in :data:`sys.modules`), so a monkeypatch or an attribute
set on either is seen through the other.
"""
import sys

from chainer import cuda  # noqa: F401

sys.modules[__name__ + '.cuda'] = cuda

from chainer.backends import intel64  # noqa: E402,F401
