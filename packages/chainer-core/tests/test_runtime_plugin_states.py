"""The "Plugins" section of ``python -m chainer``: one line per distribution whose
``chainer.plugins`` record names a status function (chainer-mn reports MPI there)."""
from chainer import _runtime


def mpi_like_status():
    return 'usable (Some MPI 1.0)'


def broken_status():
    raise OSError('library went missing')


class _EntryPoint(object):
    def __init__(self, name, record):
        self.name, self._record = name, record

    def load(self):
        if isinstance(self._record, Exception):
            raise self._record
        return self._record


def _states_with(monkeypatch, *eps):
    monkeypatch.setitem(_runtime._plugins._entry_points, 'chainer.plugins', list(eps))
    return _runtime.plugin_states()


def test_a_status_function_gives_the_plugins_line(monkeypatch):
    ep = _EntryPoint('demo-mn', {'name': 'demo-mn', 'status': __name__ + ':mpi_like_status'})
    assert _states_with(monkeypatch, ep) == [('demo-mn', 'usable (Some MPI 1.0)')]


def test_plugins_without_status_are_not_listed(monkeypatch):
    assert _states_with(monkeypatch, _EntryPoint('plain', {'name': 'plain'})) == []


def test_a_failing_status_or_record_is_reported_not_raised(monkeypatch):
    states = _states_with(
        monkeypatch, _EntryPoint('b', {'status': __name__ + ':broken_status'}),
        _EntryPoint('a', ImportError('no module x')),
        _EntryPoint('c', {'status': __name__ + ':no_such_function'}))
    assert states == [('a', 'failed (ImportError: no module x)'),
                      ('b', 'failed (OSError: library went missing)'),
                      ('c', "failed (AttributeError: module '{}' has no attribute "
                            "'no_such_function')".format(__name__))]


def test_the_report_has_a_plugins_section_only_when_a_plugin_reports(monkeypatch):
    ep = _EntryPoint('demo-mn', {'status': __name__ + ':mpi_like_status'})
    monkeypatch.setitem(_runtime._plugins._entry_points, 'chainer.plugins', [ep])
    assert '\nPlugins:\n  demo-mn: usable (Some MPI 1.0)\n' in _runtime.format_runtime_info()
    monkeypatch.setitem(_runtime._plugins._entry_points, 'chainer.plugins', [])
    assert 'Plugins:' not in _runtime.format_runtime_info()
