import os
import subprocess

import pytest

import revisions

_TREE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_compare_times_each_case_once_per_run_and_tree():
    figures = revisions.compare(_TREE, _TREE, ['overhead'], runs=2, rounds=1,
                                seconds=0.01)
    a, b = figures['overhead']
    assert len(a) == len(b) == 2
    assert all(0 < ms < 1000 for ms in a + b)


def test_the_table_has_a_row_per_case(capsys):
    revisions.main([_TREE, _TREE, 'overhead', 'core_ops', '--runs', '1', '--rounds', '1',
                    '--seconds', '0.01'])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == '| case | A (ms) | B (ms) | B / A (medians) |'
    assert [row.split(' | ')[0] for row in rows[2:]] == ['| overhead', '| core_ops']


def test_a_tree_that_is_not_this_project_is_refused(tmp_path):
    with pytest.raises(subprocess.CalledProcessError):  # chainer is not from it
        revisions.compare(str(tmp_path), _TREE, ['overhead'], runs=1, rounds=1,
                          seconds=0.01)


def test_bad_arguments_are_refused():
    with pytest.raises(SystemExit):
        revisions.main([_TREE, _TREE])
