"""``snapshot`` and ``snapshot_object``: snapshots of the trainer or of any
serializable object, written by a snapshot writer (atomically: temporary file, then
rename), with v7's condition, retention, autoload and snapshot-on-error."""
import os
import re
import string
import warnings

import chainer
from chainer.serializers import _atomic_file, npz
from chainer.training import extension
from chainer.training.extensions import snapshot_writers

#: Priority of the snapshot extensions: after the extensions that write, edit or
#: read the observation (so that e.g. the LogReport entry of the iteration is in it).
PRIORITY_SNAPSHOT = -100


def _find_snapshot_files(fmt, path):
    """``(mtime, name)`` of the files directly in ``path`` whose names begin with
    the text of ``fmt`` before its first ``{`` and end with the text after its last
    ``}``, oldest first."""
    prefix = fmt.split('{')[0]
    suffix = fmt.split('}')[-1]
    found = []
    for name in os.listdir(path):
        if name.startswith(prefix) and name.endswith(suffix) and \
                len(name) >= len(prefix) + len(suffix):
            full = os.path.join(path, name)
            if os.path.isfile(full):
                found.append((os.stat(full).st_mtime, name))
    return sorted(found)


def _find_latest_snapshot(fmt, path):
    """The name of the newest file matching ``fmt`` in ``path`` (None if none)."""
    files = _find_snapshot_files(fmt, path)
    return files[-1][1] if files else None


def _find_stale_snapshots(fmt, path, n_retains, **kwargs):
    """Yields the names of the oldest files matching ``fmt`` beyond the newest
    ``n_retains`` ones (``num_retain=``: the deprecated name)."""
    if 'num_retain' in kwargs:
        warnings.warn('num_retain is deprecated: use n_retains', DeprecationWarning,
                      stacklevel=3)
        n_retains = kwargs.pop('num_retain')
    files = _find_snapshot_files(fmt, path)
    for _, name in files[:max(len(files) - n_retains, 0)]:
        yield name


def _remove_stale_temporaries(fmt, path):
    """Removes the temporaries (``tmp<name>.<pid>...``) of files named by the format
    string ``fmt`` (any iteration) in ``path`` whose writers were killed."""
    try:
        parts = [re.escape(literal) + ('.+?' if field is not None else '')
                 for literal, field, _, _ in string.Formatter().parse(fmt)]
    except ValueError:  # not a valid format string: format() will say so
        return
    _atomic_file.remove_stale(path, 'tmp' + ''.join(parts))


def _always_true():
    return True


class _Snapshot(extension.Extension):
    """The snapshot extension (see :func:`snapshot`)."""

    trigger = 1, 'epoch'
    priority = PRIORITY_SNAPSHOT

    def __init__(self, target=None, condition=None, writer=None,
                 filename='snapshot_iter_{.updater.iteration}', snapshot_on_error=False,
                 n_retains=-1, autoload=False, trigger=None, default_name='snapshot'):
        if not isinstance(filename, str) and not callable(filename):
            raise TypeError('filename must be a str (a format string given the '
                            'trainer) or a callable, got {!r}'.format(filename))
        self._target = target
        self.filename = filename
        self.condition = _always_true if condition is None else condition
        self.writer = snapshot_writers.SimpleWriter() if writer is None else writer
        self._snapshot_on_error = snapshot_on_error
        self.n_retains = n_retains
        self.autoload = autoload
        if trigger is not None:
            self.trigger = trigger
        self._default_name = default_name

    @property
    def default_name(self):
        """``'snapshot'`` or ``'snapshot_object'``."""
        return self._default_name

    def initialize(self, trainer):
        """Loads the newest matching snapshot with ``autoload``, and arranges the
        removal of stale ones with ``n_retains``."""
        target = trainer if self._target is None else self._target
        outdir = trainer.out
        if self.autoload and isinstance(self.filename, str) and os.path.isdir(outdir):
            name = _find_latest_snapshot(self.filename, outdir)
            if name is None:
                if chainer.is_debug():
                    print('no snapshot matching {} in {}'.format(self.filename, outdir))
            else:
                npz.load_npz(os.path.join(outdir, name), target)
        if hasattr(self.writer, '_add_cleanup_hook') and self.n_retains > 0 and \
                isinstance(self.filename, str):
            fmt, n_retains = self.filename, self.n_retains

            def remove_stale():
                for name in _find_stale_snapshots(fmt, outdir, n_retains):
                    try:
                        os.remove(os.path.join(outdir, name))
                    except FileNotFoundError:
                        pass

            self.writer._add_cleanup_hook(remove_stale)

    def on_error(self, trainer, exc, tb):
        """Saves a snapshot when the loop fails, with ``snapshot_on_error``."""
        if self._snapshot_on_error:
            self._make_snapshot(trainer)

    def __call__(self, trainer):
        if self.condition():
            self._make_snapshot(trainer)

    def _make_snapshot(self, trainer):
        target = trainer if self._target is None else self._target
        serialized = npz.serialize(target)
        filename = self.filename(trainer) if callable(self.filename) else \
            self.filename.format(trainer)
        if isinstance(self.filename, str):
            _remove_stale_temporaries(self.filename, trainer.out)
        self.writer(filename, trainer.out, serialized)

    def finalize(self):
        """Waits for the writer's pending saves."""
        if hasattr(self.writer, 'finalize'):
            self.writer.finalize()


def _options(savefun, kwargs):
    if 'num_retain' in kwargs:
        warnings.warn('num_retain is deprecated: use n_retains', DeprecationWarning,
                      stacklevel=3)
        kwargs['n_retains'] = kwargs.pop('num_retain')
    known = ('target', 'condition', 'writer', 'snapshot_on_error', 'n_retains',
             'autoload')
    unknown = sorted(set(kwargs) - set(known))
    if unknown:
        raise TypeError('snapshot got unexpected keyword arguments: {}'.format(
            ', '.join(unknown)))
    if savefun is npz.save_npz:
        savefun = None  # the documented default: a writer may replace it
    if savefun is not None and not callable(savefun):
        raise TypeError('savefun must be callable as savefun(path, obj), got '
                        '{!r}'.format(savefun))
    if savefun is not None and kwargs.get('writer') is not None:
        raise TypeError('give savefun or writer, not both')
    if kwargs.get('writer') is None:
        kwargs['writer'] = snapshot_writers.SimpleWriter(
            savefun=npz.save_npz if savefun is None else savefun)
    return kwargs


def snapshot(savefun=npz.save_npz, filename='snapshot_iter_{.updater.iteration}',
             trigger=(1, 'epoch'), **kwargs):
    """Returns a trainer extension that saves the trainer itself (or ``target``),
    to resume the training loop later by loading the file into a rebuilt trainer.

    The file is written by ``writer`` through a temporary file renamed over the
    target once complete, so a failed or killed save leaves the last good snapshot.

    Args:
        savefun: ``savefun(path, obj)`` writes the file; :func:`save_npz` by default
            (another one not together with ``writer``).
        filename (str or callable): file name; a format string given the trainer,
            or a function of the trainer.
        trigger: when to save (v1's argument), ``(1, 'epoch')`` by default; a
            trigger given to ``Trainer.extend`` wins.
        target: object to save instead of the trainer (keyword only, as the
            following ones).
        condition (callable): called without arguments at each trigger; saves only
            when it returns True.
        writer: a :mod:`~chainer.training.extensions.snapshot_writers` writer.
        snapshot_on_error (bool): also save when the training loop fails.
        n_retains (int): keep only the newest ``n_retains`` files matching
            ``filename`` (all when not positive).
        autoload (bool): before training, load the newest file matching
            ``filename`` in the output directory, if any.

    Returns:
        The extension (priority -100).
    """
    return _Snapshot(filename=filename, trigger=trigger, **_options(savefun, kwargs))


def snapshot_object(target, filename, savefun=npz.save_npz, trigger=(1, 'epoch'),
                    **kwargs):
    """Returns a trainer extension that saves ``target`` (e.g. the model); see
    :func:`snapshot` for the other arguments.

    Args:
        target: object to serialize.
        filename (str or callable): file name; a format string given the trainer,
            e.g. ``'model_{.updater.iteration}'``.

    Returns:
        The extension (priority -100).
    """
    kwargs = _options(savefun, kwargs)
    kwargs['target'] = target
    return _Snapshot(filename=filename, trigger=trigger, default_name='snapshot_object',
                     **kwargs)
