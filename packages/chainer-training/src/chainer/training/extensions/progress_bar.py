"""``ProgressBar``: a terminal progress bar with speed and estimated time left."""
import collections
import datetime
import numbers
import sys
import time

from chainer.training import extension
from chainer.training.extensions import _terminal_status
from chainer.training.triggers import _units

_SPEED_WINDOW = 100  # recent (time, iteration) samples the speed is measured over
#: Default seconds between two status lines on a stream that is not a terminal.
LOG_INTERVAL = 10.0


def _bar(fraction, length):
    fraction = min(max(fraction, 0.0), 1.0)
    filled = int(fraction * length)
    return '[{}{}] {:6.2f}%'.format('#' * filled, '.' * (length - filled),
                                    fraction * 100)


def _duration(seconds):
    return str(datetime.timedelta(seconds=int(round(seconds))))


class ProgressBar(extension.Extension):
    """Trainer extension to print a progress bar and recent training status.

    On a terminal it keeps, below everything else printed, the overall and current
    epoch progress, the iteration and epoch counts, the speed in iterations per
    second and the estimated time to finish; text printed to ``sys.stdout`` or
    ``sys.stderr`` during training appears above the bar instead of garbling it,
    and it is redrawn every ``update_interval`` iterations.

    On other streams (log files, pipes, CI logs) a redraw would be a new line, so it
    writes one compact line (overall percentage, iteration and epoch counts, speed and
    estimated time to finish) once ``log_interval`` seconds have passed since the
    previous line (or the start), whatever the number of iterations, and a last line
    when training ends: a run shorter than ``log_interval`` prints that line only.

    Args:
        training_length (tuple): ``(length, unit)`` of the whole training, unit
            ``'epoch'`` or ``'iteration'``; taken from the trainer's stop trigger
            (``period`` and ``unit``) when None.
        update_interval (int): number of iterations between redraws on a terminal.
        bar_length (int): length of the bars in characters.
        out: stream to draw on; the current ``sys.stdout`` when None.
        log_interval (float): least number of seconds between two lines on a stream
            that is not a terminal (:data:`LOG_INTERVAL`, 10, by default). An
            addition to v1, which wrote its terminal escapes to any stream.
    """

    def __init__(self, training_length=None, update_interval=100, bar_length=50,
                 out=None, log_interval=LOG_INTERVAL):
        if training_length is not None:
            _check_length(training_length)
        _units.check_count(update_interval, 'update_interval')
        _units.check_count(bar_length, 'bar_length')
        if isinstance(log_interval, bool) or not isinstance(log_interval, numbers.Real) \
                or not log_interval >= 0:
            raise ValueError('log_interval must be a non-negative number of seconds, '
                             'got {!r}'.format(log_interval))
        self._training_length = training_length
        self._update_interval = update_interval
        self._bar_length = bar_length
        self._out = out
        self._log_interval = log_interval
        self._clock = time.perf_counter  # replaced by a fake clock in tests
        self._last_line_time = None
        self._recent = collections.deque(maxlen=_SPEED_WINDOW)
        self._area = None
        self._redirect = None
        self._stream = None
        self._updater = None
        self._shown_iteration = None

    def initialize(self, trainer):
        """Finds the training length, picks the stream and, on a terminal, routes
        standard output and error above the bar."""
        if self._training_length is None:
            stop = trainer.stop_trigger
            if not (hasattr(stop, 'period') and hasattr(stop, 'unit')):
                raise ValueError('ProgressBar needs training_length=(length, unit) when '
                                 'the stop trigger is not an interval trigger')
            self._training_length = (stop.period, stop.unit)
        self._stream = self._out if self._out is not None else sys.stdout
        if _terminal_status._isatty(self._stream):
            self._area = _terminal_status.StatusArea(self._stream)
            self._redirect = _terminal_status.StdStreamsRedirect(self._area)
            self._redirect.install()
        self._recent.clear()
        self._last_line_time = self._clock()
        self._recent.append((self._last_line_time, trainer.updater.iteration))

    def __call__(self, trainer):
        if self._stream is None:  # used without Trainer.run
            self.initialize(trainer)
        updater = self._updater = trainer.updater
        now = self._clock()
        self._recent.append((now, updater.iteration))
        if self._area is not None:
            due = updater.iteration % self._update_interval == 0
        else:
            due = now - self._last_line_time >= self._log_interval
        if due:
            self._show(updater)

    def _show(self, updater):
        total, this_epoch, counts, speed = self._status(updater)
        if self._area is not None:
            self._area.show(['     total ' + _bar(total, self._bar_length),
                             'this epoch ' + _bar(this_epoch, self._bar_length),
                             counts, speed])
        else:
            self._stream.write('total {:.2f}% | {} | {}\n'.format(
                100 * min(total, 1.0), counts.strip(), speed.strip()))
            self._stream.flush()
            self._last_line_time = self._clock()
        self._shown_iteration = updater.iteration

    def speed(self):
        """Iterations per second over the recent window (0 before two samples)."""
        (t0, i0), (t1, i1) = self._recent[0], self._recent[-1]
        return (i1 - i0) / (t1 - t0) if t1 > t0 and i1 > i0 else 0.0

    def _status(self, updater):
        """``(total fraction, epoch fraction, counts line, speed line)``."""
        length, unit = self._training_length
        iteration, epoch_detail = updater.iteration, updater.epoch_detail
        done = iteration if unit == 'iteration' else epoch_detail
        counts = '{:10} iter, {} epoch / {} {}s'.format(iteration, updater.epoch, length,
                                                        unit)
        speed = self.speed()
        if speed > 0:
            if unit == 'iteration':
                left = length - iteration
            else:  # at the number of iterations per epoch measured so far
                left = (length - epoch_detail) * iteration / max(epoch_detail, 1e-12)
            speed_line = '{:10.5g} iters/sec. Estimated time to finish: {}.'.format(
                speed, _duration(max(left, 0) / speed))
        else:
            speed_line = '{:>10} iters/sec. Estimated time to finish: unknown.'.format(
                '--')
        return done / length, epoch_detail - int(epoch_detail), counts, speed_line

    def finalize(self):
        """Shows the final status, leaves it on screen and restores the standard
        streams."""
        updater = self._updater
        if updater is not None and updater.iteration != self._shown_iteration:
            self._show(updater)
        if self._redirect is not None:
            self._redirect.uninstall()
            self._redirect = None
        if self._area is not None:
            self._area.release()
            self._area = None


def _check_length(training_length):
    ok = isinstance(training_length, (tuple, list)) and len(training_length) == 2 and \
        training_length[1] in ('epoch', 'iteration') and \
        isinstance(training_length[0], (int, float)) and training_length[0] > 0
    if not ok:
        raise ValueError("training_length must be (length, 'epoch' or 'iteration'), "
                         "got {!r}".format(training_length))
