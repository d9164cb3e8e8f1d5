"""pytest plugin registering the marks of :mod:`chainer.testing.attr`.

Enabled through the ``pytest11`` entry point of chainer-core, or explicitly with
``pytest -p chainer.testing.pytest_plugin`` or ``pytest_plugins = [...]`` in a
``conftest.py``.
"""
from chainer.testing import attr


def pytest_configure(config):
    """Registers the marks of :mod:`chainer.testing.attr` with pytest."""
    for name, help_text in attr.MARKERS.items():
        config.addinivalue_line('markers', '{}: {}'.format(name, help_text))


def _configure_hypothesis():
    """No per-example deadline (a loaded CI machine is no reason to fail); with ``CI``
    or ``CHAINER_TEST_DERANDOMIZE=1`` set, examples are derandomized so that a CI run
    is reproducible."""
    import os
    try:
        import hypothesis
    except ImportError:  # hypothesis is a test extra, not a requirement
        return
    hypothesis.settings.register_profile('chainer', deadline=None)
    hypothesis.settings.register_profile('chainer-ci', deadline=None, derandomize=True)
    ci = os.environ.get('CI') or os.environ.get('CHAINER_TEST_DERANDOMIZE') == '1'
    hypothesis.settings.load_profile('chainer-ci' if ci else 'chainer')


_configure_hypothesis()


def pytest_terminal_summary(terminalreporter):
    """Reports the cases the fuzz targets tried (issue 18), when any ran."""
    from chainer.testing import _fuzz
    if not _fuzz.cases:
        return
    terminalreporter.section('fuzz cases tried')
    for target, count in sorted(_fuzz.cases.items()):
        terminalreporter.write_line('{}: {}'.format(target, count))
    terminalreporter.write_line('total: {}'.format(sum(_fuzz.cases.values())))
