"""Terminal helpers of Chainer v7's ``chainer.training.extensions.util``: moving the cursor,
erasing the console, and a base for multi-line progress displays that redraw in place.

Code written for v7 (chainer-chemistry's ``AutoPrintReport``, custom progress displays)
imports this module. The helpers write ANSI escape sequences, which terminals on Linux,
macOS and current Windows consoles understand.
"""
import collections
import sys
import time


def _out(out):
    return sys.stdout if out is None else out


def set_console_cursor_position(x, y, out=None):
    """Moves the cursor by ``(x, y)`` from where it is (right and down are positive).

    Args:
        x (int): columns to move, left when negative.
        y (int): lines to move, up when negative.
        out: the stream to write to (default ``sys.stdout``).
    """
    out = _out(out)
    if x:
        out.write('\033[{:d}{}'.format(abs(x), 'C' if x > 0 else 'D'))
    if y:
        out.write('\033[{:d}{}'.format(abs(y), 'B' if y > 0 else 'A'))


def erase_console(x, y, mode=0, out=None):
    """Erases part of the console after moving the cursor by ``(x, y)``.

    Args:
        x, y (int): the relative cursor move before erasing (see
            :func:`set_console_cursor_position`).
        mode (int): ``0`` erases from the cursor to the end of the screen, ``1`` from
            the start of the line to the cursor, ``2`` the whole screen.
        out: the stream to write to (default ``sys.stdout``).
    """
    if mode not in (0, 1, 2):
        raise ValueError('mode must be 0, 1 or 2, not {!r}'.format(mode))
    out = _out(out)
    set_console_cursor_position(x, y, out)
    out.write(('\033[J', '\033[1K', '\033[2J')[mode])


class ProgressBar(object):
    """Base of a progress display of several lines that is redrawn in place.

    Subclasses return the lines to show from :meth:`get_lines`; :meth:`update` erases
    the previous display, writes the lines and moves the cursor back to their start.

    Args:
        bar_length (int): width of a drawn bar (default 50), for subclasses.
        out: the stream to write to (default ``sys.stdout``).
    """

    def __init__(self, bar_length=None, out=None):
        self._bar_length = 50 if bar_length is None else bar_length
        self._out = _out(out)
        self._recent_timing = collections.deque([], maxlen=100)

    def update_speed(self, iteration, epoch_detail):
        """Records the progress now and returns the recent speed.

        Args:
            iteration (int): the current iteration.
            epoch_detail (float): the current (fractional) epoch.

        Returns:
            tuple: ``(iterations per second, epochs per second)`` over the last 100
            records (infinite when no time has passed).
        """
        now = time.time()
        self._recent_timing.append((iteration, epoch_detail, now))
        old_iteration, old_epoch, old_time = self._recent_timing[0]
        span = now - old_time
        if span == 0:
            return float('inf'), float('inf')
        return (iteration - old_iteration) / span, (epoch_detail - old_epoch) / span

    def get_lines(self):
        """Returns the lines to display, each ending with a newline (none here)."""
        return []

    def update(self):
        """Redraws the display with the lines of :meth:`get_lines`."""
        self.erase_console()
        lines = self.get_lines()
        for line in lines:
            self._out.write(line)
        self.move_cursor_up(len(lines))
        self.flush()

    def close(self):
        """Erases the display."""
        self.erase_console()
        self.flush()

    def erase_console(self):
        """Erases from the cursor to the end of the screen."""
        erase_console(0, 0, out=self._out)

    def move_cursor_up(self, n):
        """Moves the cursor ``n`` lines up (to the start of the display)."""
        set_console_cursor_position(0, -n, out=self._out)

    def flush(self):
        """Flushes the stream where it can be flushed."""
        if hasattr(self._out, 'flush'):
            self._out.flush()
