"""``chainer.utils.<submodule>`` as an attribute before anything imported it (v7
imported them all with ``import chainer``)."""
import subprocess
import sys

import pytest

import chainer.utils


def test_submodule_is_an_attribute():
    code = ('import chainer.utils as u, sys; '
            'assert "chainer.utils.argument" not in sys.modules; '
            'print(u.argument.parse_kwargs({"a": 1}, ("a", 0)))')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == '(1,)'


def test_unknown_names_still_raise_attribute_error():
    with pytest.raises(AttributeError, match='no_such_thing'):
        chainer.utils.no_such_thing
    with pytest.raises(AttributeError):
        chainer.utils._private_name
    assert not hasattr(chainer.utils, 'no_such_module')
