"""Registers the ``chainer.testing.attr`` marks (gpu, cudnn, multi_gpu, slow) for the
chainer-links tests even when pytest's plugin autoloading is off
(``PYTEST_DISABLE_PLUGIN_AUTOLOAD``), where chainer-core's ``pytest11`` entry point is
skipped. A hook rather than ``pytest_plugins``: pytest refuses ``pytest_plugins`` in a
conftest below the rootdir, which this one is when the whole monorepo is collected."""
import importlib.util

_PLUGIN = 'chainer.testing.pytest_plugin'


def pytest_configure(config):
    # import_plugin is a no-op when the entry point already registered the plugin.
    if importlib.util.find_spec(_PLUGIN) is not None:
        config.pluginmanager.import_plugin(_PLUGIN)
