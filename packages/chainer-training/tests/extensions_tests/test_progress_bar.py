"""ProgressBar: plain lines off a terminal; on a terminal an in-place bar that stays
below, and is not garbled by, text printed meanwhile."""
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


def test_plain_lines_when_not_a_terminal(tmp_path):
    out = io.StringIO()
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    trainer.extend(extensions.ProgressBar(update_interval=4, out=out))
    trainer.run()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and '\x1b' not in out.getvalue()
    assert lines[0].startswith('total 50.00% |') and '4 iter, 1 epoch / 2 epochs' in lines[0]
    assert lines[1].startswith('total 100.00% |')
    assert 'iters/sec. Estimated time to finish:' in lines[1]


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
])
def test_bad_arguments_name_the_argument(kwargs, message):
    with pytest.raises(ValueError, match=message):
        extensions.ProgressBar(**kwargs)
