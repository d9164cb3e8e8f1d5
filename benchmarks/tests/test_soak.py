"""The soak's checks (soak.py) on a run of a few iterations: no timing, only that it
reports, snapshots, loads them back and finds nothing leaked."""
import soak


def test_a_short_soak_reports_and_finds_no_leak(capsys):
    document = soak.run(soak.parse_args(['--iterations', '20', '--snapshot-every', '10',
                                         '--report-every', '10', '--examples', '200']))
    assert document['ok'], document
    assert [r['iteration'] for r in document['reports']] == [10, 20]
    assert document['snapshots'] == 2 and document['unloadable_snapshots'] == []
    assert all(r['children'] == 2 for r in document['reports'])
    assert document['leaked_processes'] == [] and document['leaked_temporary_files'] == []


def test_bad_counts_are_refused(capsys):
    import pytest
    with pytest.raises(SystemExit):
        soak.parse_args(['--iterations', '0'])
    assert 'every count must be >= 1' in capsys.readouterr().err
