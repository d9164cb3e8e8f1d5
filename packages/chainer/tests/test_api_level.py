"""chainer.__version__ (the API level chainer-core reports) has the major version of
this ``chainer`` distribution, whichever of the two is read."""
import chainer
from chainer import _version_full


def _major(version):
    return int(version.split('.')[0])


def test_api_level_matches_the_chainer_distribution_major():
    assert _major(chainer.__version__) == _major(_version_full.__version__)
    assert _major(chainer.__version__) > 7  # above the original Chainer's 7.8.1
