import os
import re

import pytest

import load


def _state(process):
    with open('/proc/{}/stat'.format(process.pid)) as f:
        return f.read().rsplit(')', 1)[1].split()[0]


def test_busy_processes_run_only_inside_running():
    with load.BusyLoad(2) as background:
        assert len(background) == 2
        assert {_state(p) for p in background.processes} == {'T'}  # stopped
        with background.running():
            assert {_state(p) for p in background.processes} <= {'R', 'S'}
        assert {_state(p) for p in background.processes} == {'T'}
        processes = list(background.processes)
    assert all(p.poll() is not None for p in processes)  # killed on exit


def test_no_load_is_a_no_op():
    with load.BusyLoad(0) as background:
        with background.running():
            pass


def test_a_dead_busy_process_is_reported():
    with load.BusyLoad(1) as background:
        background.processes[0].kill()
        background.processes[0].wait()
        with pytest.raises(RuntimeError, match='a busy load process exited'):
            with background.running():
                pass


def test_count_must_be_a_non_negative_int():
    with pytest.raises(ValueError, match='count must be a non-negative int'):
        load.BusyLoad(-1)
    assert os.path.exists('/proc/self/stat')


def test_load_spread_measures_each_round_quiet_and_loaded():
    import load_spread
    quiet, loaded = load_spread.spread('overhead', rounds=2, busy=1, seconds=0.02,
                                       pause=0.0)
    assert len(quiet) == len(loaded) == 2
    assert all(0 < t < 1 for t in quiet + loaded)


def test_load_spread_reports_the_ratios(capsys):
    import load_spread
    load_spread.main(['overhead', '--rounds', '2', '--load', '1', '--seconds', '0.02',
                      '--threads', '0'])
    line = capsys.readouterr().out
    assert re.match(r'overhead \(default threads, 1 busy\): quiet [\d.]+ ms, loaded '
                    r'[\d.]+ ms \(medians\); L/q of the medians \d+\.\d\d; per round '
                    r'\d+\.\d\d-\d+\.\d\d \(\d+\.\d\d \d+\.\d\d\)$', line)


def test_load_spread_refuses_bad_counts():
    import load_spread
    with pytest.raises(SystemExit):
        load_spread.main(['overhead', '--rounds', '0'])
