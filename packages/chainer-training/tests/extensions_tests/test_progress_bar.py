"""ProgressBar: a compact line every few seconds off a terminal; on a terminal an
in-place bar that stays below, and is not garbled by, text printed meanwhile."""
import io
import re
import sys

import pytest

from chainer.training import extensions
from training_tests import tiny


class FakeTerminal(io.StringIO):
    """A stream claiming to be a terminal; :func:`screen` replays what it got."""

    def isatty(self):
        return True


def screen(text):
    """The final screen lines after replaying ``text`` (newline, carriage return,
    cursor up, clear to the end of the screen)."""
    lines, row, col = [''], 0, 0
    for token in re.findall(r'\x1b\[(\d*)([AJ])|(\n)|(\r)|([^\x1b\n\r]+)', text):
        count, code, newline, cr, chars = token
        if code == 'A':
            row = max(0, row - int(count or 1))
        elif code == 'J':
            lines[row] = lines[row][:col]
            del lines[row + 1:]
        elif newline:
            row, col = row + 1, 0
            if row == len(lines):
                lines.append('')
        elif cr:
            col = 0
        else:
            line = lines[row].ljust(col)
            lines[row] = line[:col] + chars + line[col + len(chars):]
            col += len(chars)
    return lines[:-1] if lines[-1] == '' else lines


def _clocked_bar(trainer, seconds_per_iteration, **kwargs):
    """A ProgressBar whose clock reads ``seconds_per_iteration`` per iteration done."""
    bar = extensions.ProgressBar(**kwargs)
    bar._clock = lambda: trainer.updater.iteration * seconds_per_iteration
    trainer.extend(bar)
    return bar


def test_off_a_terminal_one_line_every_log_interval_seconds_and_a_last_one(tmp_path):
    out = io.StringIO()  # isatty() is False
    trainer = tiny.trainer(tmp_path, stop=(20, 'iteration'))
    _clocked_bar(trainer, 1.0, update_interval=1, out=out, log_interval=6)
    trainer.run()
    lines = out.getvalue().splitlines()
    assert '\x1b' not in out.getvalue() and '\r' not in out.getvalue()
    # at 6, 12 and 18 seconds, then the end
    assert [line.split(' | ')[0] for line in lines] == [
        'total 30.00%', 'total 60.00%', 'total 90.00%', 'total 100.00%']
    assert lines[0].split(' | ')[1:] == [
        '6 iter, 1 epoch / 20 iterations',
        '1 iters/sec. Estimated time to finish: 0:00:14.']
    assert lines[3].endswith('20 iter, 5 epoch / 20 iterations | '
                             '1 iters/sec. Estimated time to finish: 0:00:00.')


def test_off_a_terminal_a_fast_run_prints_no_line_per_refresh(tmp_path):
    out = io.StringIO()
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    _clocked_bar(trainer, 0.001, update_interval=1, out=out)  # 10 s by default
    trainer.run()
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith('total 100.00% | 8 iter, 2 epoch / 2 epochs | ')
    assert lines[0].endswith('1000 iters/sec. Estimated time to finish: 0:00:00.')


def test_on_a_terminal_redraws_every_update_interval_whatever_the_clock(tmp_path,
                                                                         monkeypatch):
    term = FakeTerminal()
    monkeypatch.setattr(sys, 'stdout', term)
    trainer = tiny.trainer(tmp_path, stop=(10, 'iteration'))
    _clocked_bar(trainer, 0.0, update_interval=2, log_interval=1000)
    trainer.run()
    assert term.getvalue().count('this epoch [') == 5


def test_terminal_bar_stays_below_printed_text(tmp_path, monkeypatch):
    term = FakeTerminal()
    monkeypatch.setattr(sys, 'stdout', term)
    trainer = tiny.trainer(tmp_path, stop=(10, 'iteration'))
    trainer.extend(extensions.ProgressBar(update_interval=2))

    def chatty(trainer):
        print('message at', trainer.updater.iteration)

    trainer.extend(chatty, trigger=(3, 'iteration'))
    trainer.run()
    assert sys.stdout is term  # restored by finalize
    lines = screen(term.getvalue())
    assert lines[:3] == ['message at 3', 'message at 6', 'message at 9']
    assert len(lines) == 7
    assert lines[3] == '     total [' + '#' * 50 + '] 100.00%'
    assert lines[4].startswith('this epoch [')
    assert lines[5].split() == ['10', 'iter,', '2', 'epoch', '/', '10', 'iterations']
    assert 'iters/sec. Estimated time to finish: 0:00:00.' in lines[6]


def test_status_percentages(tmp_path):
    bar = extensions.ProgressBar(training_length=(8, 'iteration'), bar_length=4)
    trainer = tiny.FakeTrainer(iters_per_epoch=4)
    trainer.stop_trigger = None
    for _ in range(2):
        trainer.updater.step()
    bar.initialize(trainer)
    total, this_epoch, counts, speed = bar._status(trainer.updater)
    assert (total, this_epoch) == (0.25, 0.5)
    assert 'unknown' in speed


def test_needs_a_length(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=lambda t: t.updater.iteration >= 1)
    trainer.extend(extensions.ProgressBar(out=io.StringIO()))
    with pytest.raises(ValueError, match='training_length'):
        trainer.run()


@pytest.mark.parametrize('kwargs, message', [
    (dict(update_interval=0), 'update_interval must be a positive integer'),
    (dict(bar_length=2.5), 'bar_length must be a positive integer'),
    (dict(training_length=(3, 'hour')), 'training_length'),
    (dict(training_length=10), 'training_length'),
    (dict(log_interval=-1), 'log_interval must be a non-negative number of seconds'),
    (dict(log_interval='10'), 'log_interval'),
    (dict(log_interval=float('nan')), 'log_interval'),
    (dict(log_interval=True), 'log_interval'),
])
def test_bad_arguments_name_the_argument(kwargs, message):
    with pytest.raises(ValueError, match=message):
        extensions.ProgressBar(**kwargs)
