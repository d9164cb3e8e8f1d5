import io
import json
import sys

import pytest

import run
import worker


def _serve(*requests):
    out = io.StringIO()
    worker.serve('chainer', io.StringIO(''.join(json.dumps(r) + '\n' for r in requests)),
                 out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_worker_protocol_times_reports_errors_and_quits():
    answers = _serve({'op': 'time', 'case': 'core_ops', 'inner': 1},
                     {'op': 'time', 'case': 'nope', 'inner': 1},
                     {'op': 'time', 'case': 'core_ops', 'inner': 0},
                     {'op': 'info'}, {'op': 'quit'}, {'op': 'info'})
    assert len(answers) == 4  # nothing after quit
    assert answers[0]['ok'] and answers[0]['result'] > 0
    assert not answers[1]['ok'] and "unknown case 'nope'" in answers[1]['error']
    assert not answers[2]['ok'] and 'inner must be a positive' in answers[2]['error']
    assert answers[3]['result']['framework'] == 'chainer'


def test_worker_rejects_an_unknown_api():
    with pytest.raises(ValueError, match='api must be one of'):
        worker.Worker('jax')


def test_runner_rejects_unknown_cases_and_a_missing_ours(capsys):
    with pytest.raises(SystemExit):
        run.parse_args(['--ours', sys.executable, '--cases', 'mlp,bogus'])
    assert 'bogus' in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run.parse_args(['--cases', 'mlp'])
    assert '--ours' in capsys.readouterr().err


def test_runner_end_to_end_on_ours(tmp_path):
    document = run.main(['--ours', sys.executable, '--cases', 'core_ops', '--repeats', '2',
                         '--warmup', '1', '--min-time', '0.001', '--threads', '1',
                         '--out', str(tmp_path), '--stamp', 'x'])
    assert document['roles'] == ['ours']
    assert len(document['summary']['core_ops']['stats']['ours']['samples']) == 2
    assert json.loads((tmp_path / 'x.json').read_text())['settings']['threads'] == 1
    assert '| core_ops |' in (tmp_path / 'x.md').read_text()


def test_worker_memory_reports_the_peak_of_a_fresh_workload():
    answer = _serve({'op': 'memory', 'case': 'core_ops'}, {'op': 'memory', 'case': 'core_ops'})
    first, second = answer[0]['result'], answer[1]['result']
    assert first['peak'] >= first['base'] > 0
    assert second['base'] is None  # already built: no baseline of its own


def test_runner_rejects_load_with_threads_and_a_negative_load(capsys):
    with pytest.raises(SystemExit):
        run.parse_args(['--ours', sys.executable, '--load', '2', '--threads', '1'])
    assert 'leave out --threads' in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run.parse_args(['--ours', sys.executable, '--load', '-1'])


def test_load_mode_measures_quiet_and_loaded_on_one_and_default_threads(tmp_path):
    document = run.main(['--ours', sys.executable, '--cases', 'core_ops', '--repeats', '1',
                         '--warmup', '1', '--min-time', '0.001', '--load', '1',
                         '--out', str(tmp_path), '--stamp', 'x'])
    assert list(document['modes']) == ['quiet, 1 thread', 'quiet, default threads',
                                       'loaded, 1 thread', 'loaded, default threads']
    for summary in document['modes'].values():
        assert len(summary['core_ops']['stats']['ours']['samples']) == 1
    assert document['summary']['core_ops']['memory']['ours']['peak'] > 0
    text = (tmp_path / 'x.md').read_text()
    assert 'Quiet and loaded (1 busy processes)' in text
    assert 'ours L / q1' in text and 'peak RSS MB' in text


def test_runner_modes():
    assert run.run_modes(None, 0) == [run.Mode(None, False)]
    assert run.run_modes(3, 0) == [run.Mode(3, False)]
    assert [run.mode_label(m) for m in run.run_modes(None, 2)] == [
        'quiet, 1 thread', 'quiet, default threads', 'loaded, 1 thread',
        'loaded, default threads']
