"""A block of status lines kept at the bottom of a terminal while other text scrolls
above it.

The block is redrawn in place with ANSI cursor movements. Text written through a
:class:`StatusAwareStream` first erases the block, goes out, and the block is drawn
again below it once the text ends a line, so that printing never garbles the block.
"""
import sys

_UP = '\x1b[{}A'
_CLEAR_TO_END = '\x1b[J'


class StatusArea(object):
    """The status block at the bottom of ``stream`` (a terminal).

    Args:
        stream: the terminal stream the block is drawn on.
    """

    def __init__(self, stream):
        self.stream = stream
        self._lines = []
        self._drawn = 0  # lines of the block currently on screen
        self._midline = False  # the cursor is inside a line of other text

    def _erase(self):
        if self._drawn:
            self.stream.write(_UP.format(self._drawn) + '\r' + _CLEAR_TO_END)
            self._drawn = 0

    def _draw(self):
        if self._lines and not self._midline:
            self.stream.write(''.join(line + '\n' for line in self._lines))
            self._drawn = len(self._lines)

    def show(self, lines):
        """Replaces the block by ``lines`` (list of str without newlines)."""
        self._lines = list(lines)
        if self._midline:  # drawn as soon as the other text finishes its line
            return
        self._erase()
        self._draw()
        self.stream.flush()

    def write_through(self, target, text):
        """Writes ``text`` to ``target`` (this terminal's stream or another stream
        on the same terminal) above the block."""
        if not text:
            return
        self._erase()
        self.stream.flush()
        target.write(text)
        target.flush()
        self._midline = not text.endswith('\n')
        self._draw()
        self.stream.flush()

    def release(self):
        """Leaves the block on screen as ordinary output and forgets it."""
        self._lines = []
        self._drawn = 0


class StatusAwareStream(object):
    """Stream proxy writing to ``target`` above the block of ``area``."""

    def __init__(self, area, target):
        self._area = area
        self._target = target

    def write(self, text):
        self._area.write_through(self._target, text)
        return len(text)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        self._target.flush()

    def __getattr__(self, name):
        return getattr(self._target, name)


class StdStreamsRedirect(object):
    """Routes ``sys.stdout``/``sys.stderr`` through a status area while active, for
    those of them that are terminals."""

    def __init__(self, area):
        self._area = area
        self._saved = {}

    def install(self):
        for name in ('stdout', 'stderr'):
            stream = getattr(sys, name)
            if isinstance(stream, StatusAwareStream) or not _isatty(stream):
                continue
            self._saved[name] = stream
            setattr(sys, name, StatusAwareStream(self._area, stream))

    def uninstall(self):
        for name, stream in self._saved.items():
            if isinstance(getattr(sys, name), StatusAwareStream):
                setattr(sys, name, stream)
        self._saved = {}


def _isatty(stream):
    isatty = getattr(stream, 'isatty', None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # closed stream
        return False
