"""chainer.training.extensions.util: v7's terminal helpers (chainer-chemistry imports it)."""
import io

import pytest

from chainer.training.extensions import util


def test_cursor_moves_and_erases_with_ansi_sequences():
    out = io.StringIO()
    util.set_console_cursor_position(3, -2, out=out)
    util.set_console_cursor_position(-1, 4, out=out)
    util.set_console_cursor_position(0, 0, out=out)
    assert out.getvalue() == '\033[3C\033[2A\033[1D\033[4B'
    out = io.StringIO()
    for mode in (0, 1, 2):
        util.erase_console(0, 0, mode, out=out)
    assert out.getvalue() == '\033[J\033[1K\033[2J'
    with pytest.raises(ValueError):
        util.erase_console(0, 0, 3, out=out)


def test_erase_console_writes_to_stdout_by_default(capsys):
    util.erase_console(0, -1)
    assert capsys.readouterr().out == '\033[1A\033[J'


class _TwoLines(util.ProgressBar):
    def get_lines(self):
        return ['a\n', 'b\n']


def test_progress_bar_redraws_in_place():
    out = io.StringIO()
    bar = _TwoLines(out=out)
    bar.update()
    assert out.getvalue() == '\033[Ja\nb\n\033[2A'
    bar.close()
    assert out.getvalue().endswith('\033[2A\033[J')
    assert util.ProgressBar(out=out).get_lines() == []


def test_progress_bar_speed(monkeypatch):
    clock = iter([10.0, 10.0, 12.0])
    monkeypatch.setattr(util.time, 'time', lambda: next(clock))
    bar = util.ProgressBar(out=io.StringIO())
    assert bar.update_speed(0, 0.0) == (float('inf'), float('inf'))
    assert bar.update_speed(0, 0.0) == (float('inf'), float('inf'))
    assert bar.update_speed(10, 0.5) == (5.0, 0.25)
