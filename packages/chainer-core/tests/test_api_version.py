"""chainer.__version__ is the API level (chainer-core's major + 7), so that v2-v7 code
checking it (``int(chainer.__version__[0]) >= 3``, ``>= 7``) takes its v7 paths."""
import importlib.metadata

import chainer
from chainer import _api_version


def test_api_level_is_core_version_with_major_plus_seven():
    core = chainer._version.__version__
    major, _, rest = core.partition('.')
    assert chainer.__version__ == '{}.{}'.format(int(major) + 7, rest)
    assert int(chainer.__version__.split('.')[0]) >= 8


def test_api_version_mapping():
    assert _api_version.api_version('1.0.0') == '8.0.0'
    assert _api_version.api_version('1.2.3rc1') == '8.2.3rc1'
    assert _api_version.api_version('2') == '9'


def test_what_v7_code_checks():
    assert int(chainer.__version__[0]) >= 3  # chainer-chemistry's matmul
    assert int(chainer.__version__.split('.')[0]) >= 7


def test_core_version_stays_available():
    assert importlib.metadata.version('chainer-core') == chainer._version.__version__
