"""pytest plugin registering the marks of :mod:`chainer.testing.attr`.

Enabled through the ``pytest11`` entry point of chainer-core, or explicitly with
``pytest -p chainer.testing.pytest_plugin`` or ``pytest_plugins = [...]`` in a
``conftest.py``.
"""
from chainer.testing import attr


def pytest_configure(config):
    for name, help_text in attr.MARKERS.items():
        config.addinivalue_line('markers', '{}: {}'.format(name, help_text))
