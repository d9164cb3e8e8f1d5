"""The runtime report under v7's names, and chainer.utils.collections_abc."""
import collections.abc
import io

import chainer
from chainer import _runtime_info


def test_the_report_under_v7s_private_module():
    info = _runtime_info._get_runtime_info()
    assert chainer._version.__version__ in str(info)  # chainer-core's version
    out = io.StringIO()
    _runtime_info.print_runtime_info(out)
    assert out.getvalue() == str(_runtime_info._get_runtime_info())


def test_collections_abc_is_the_standard_module():
    assert chainer.utils.collections_abc is collections.abc
