"""All-or-nothing loading: a validating pass reads and checks every entry the target
asks for into a staging dictionary without writing anything; only when all of it is
valid does a second pass write the staged values into the target.

The validating pass hands each ``serialize`` method its own values back (an array is
left as it is, ``x = serializer('x', x)`` keeps ``x``), so running ``serialize``
twice changes nothing until the second run. The few ``serialize`` methods whose next
requests depend on a loaded value read it with :func:`chainer.serializer._peek`, and
those with side effects beyond assignments ask :func:`chainer.serializer._is_validating`.
"""
import numpy

from chainer import cuda
from chainer import serializer
from chainer.serializers import _file_kind, _ignore
from chainer.serializers._none_entry import is_none_entry
from chainer.serializers._restore import check, check_shape, is_array

#: Largest ratio of an entry's claimed size to its file's size accepted when the target
#: does not fix the shape (deflate and gzip reach about 1032:1).
_MAX_EXPANSION = 1100
_SLACK = 1 << 20


def _expectation(value):
    if value is None:
        return 'an array'
    if is_array(value):
        return 'an array of shape {} and dtype {}'.format(tuple(value.shape), value.dtype)
    return 'a value of type {}'.format(type(value).__name__)


class _Missing(object):
    pass


_MISSING = _Missing()


class StagingDeserializer(serializer.Deserializer):
    """The validating pass over a ``source`` (see :class:`MappingSource`).

    Args:
        source: where the entries come from.
        staged (dict): receives every entry read, by full path.
        path (str): base path of this deserializer.
        strict (bool): whether a missing entry is an error (else it is skipped).
        check_finite (bool): whether a float parameter must be finite.
        ignore (tuple): ``ignore_names`` rules (:func:`_ignore.normalize`), given
            each entry's full path.
    """

    _validating = True

    def __init__(self, source, staged, path='', strict=True, check_finite=True,
                 ignore=()):
        self.source = source
        self.staged = staged
        self.path = path
        self.strict = strict
        self.check_finite = check_finite
        self.ignore = ignore

    def __getitem__(self, key):
        return StagingDeserializer(self.source, self.staged,
                                   self.path + key.strip('/') + '/', self.strict,
                                   self.check_finite, self.ignore)

    def _read(self, key, value):
        path = self.path + key.lstrip('/')
        if self.ignore and _ignore.is_ignored(self.ignore, path):
            return path, _MISSING
        if path in self.staged:
            return path, self.staged[path]
        if not self.source.has(path):
            if not self.strict:
                return path, _MISSING
            raise KeyError('entry {!r} is missing (expected {})'.format(
                path, _expectation(value)))
        shape, dtype = self.source.header(path)
        check_shape(path, shape, dtype, value)
        self._check_claimed_size(path, shape, dtype)
        stored = self.source.read(path)
        self.staged[path] = stored
        return path, stored

    def _check_claimed_size(self, path, shape, dtype):
        claimed = dtype.itemsize * int(numpy.prod(shape, dtype=object))
        limit = self.source.size * _MAX_EXPANSION + _SLACK
        if claimed > limit:
            raise _file_kind.DamagedFileError(
                '{}: entry {!r} claims shape {} of {} ({} bytes), far more than a file '
                'of {} bytes can hold'.format(self.source.name, path, shape, dtype,
                                              claimed, self.source.size))

    def __call__(self, key, value):
        path, stored = self._read(key, value)
        if stored is not _MISSING:
            check(path, stored, value)
        return value

    def _peek(self, key, value):
        """The value the writing pass will load (a fresh array for arrays)."""
        path, stored = self._read(key, value)
        if stored is _MISSING:
            return value
        result = check(path, stored, value)
        if value is None or is_none_entry(stored):
            return stored
        if is_array(value):  # a converted copy: the target stays untouched
            return numpy.array(stored, dtype=value.dtype)
        return result

    def _parameter(self, key, value):
        path, stored = self._read(key, value)
        if stored is _MISSING or is_none_entry(stored):  # v7's uninitialized one
            return value
        check(path, stored, value)
        if value is None and stored.dtype.kind != 'f':  # it would initialize the parameter
            raise TypeError('parameter {!r} is stored with dtype {}, but a parameter must be '
                            'of a floating point type'.format(path, stored.dtype))
        if self.check_finite and stored.dtype.kind in 'fc' and \
                not numpy.isfinite(stored).all() and not _all_nan(value):
            bad = int(stored.size - numpy.isfinite(stored).sum())
            raise ValueError('parameter {!r} holds {} non-finite value(s) (NaN or '
                             'infinity); pass check_finite=False to load it '
                             'anyway'.format(path, bad))
        return value


def _all_nan(value):
    """True for a float array entirely NaN: Chainer v7's fill of a Parameter made
    with a shape and no initializer. Loading non-finite values into it cannot make
    it worse, so the finite check lets them in."""
    if not is_array(value) or value.dtype.kind not in 'fc' or value.size == 0:
        return False
    return bool(cuda.get_array_module(value).isnan(value).all())


class MappingSource(object):
    """Entries of a mapping of paths to arrays (a loaded npz, a dict, an
    :class:`~chainer.serializers._npz_archive.NpzArchive`)."""

    def __init__(self, mapping, name, size):
        self.mapping = mapping
        self.name = name
        self.size = size

    def has(self, path):
        return path in self.mapping

    def header(self, path):
        header = getattr(self.mapping, 'header', None)
        if header is not None:
            return header(path)
        array = self.read(path)
        return array.shape, array.dtype

    def read(self, path):
        return numpy.asarray(self.mapping[path])


def _with_file(error, name, obj):
    message = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) \
        else str(error)
    if name in message:
        return error
    try:
        return type(error)('cannot load {} into {}: {}'.format(
            name, type(obj).__name__, message))
    except TypeError:  # an exception type with other constructor arguments
        return error


def load(obj, source, path, strict, check_finite, ignore_names=None):
    """Loads ``obj`` from ``source`` all or nothing.

    Args:
        obj: the target (anything with ``serialize``).
        source: the entries (``has``, ``header``, ``read``, ``name``, ``size``).
        path (str): base path of the deserialization.
        strict (bool): whether a missing entry is an error.
        check_finite (bool): whether float parameters must be finite.
        ignore_names: entries to skip (see :class:`~chainer.serializers.NpzDeserializer`).

    Raises:
        KeyError, ValueError, TypeError: an entry is missing, damaged or does not fit;
            ``obj`` is then unchanged and the message names the file and the entry.
    """
    from chainer.serializers.npz import NpzDeserializer
    staged = {}
    ignore = _ignore.normalize(ignore_names)
    try:
        obj.serialize(StagingDeserializer(source, staged, path, strict, check_finite,
                                          ignore))
    except (KeyError, ValueError, TypeError) as e:
        raise _with_file(e, source.name, obj) from None
    # Ignored entries are not staged: the writing pass skips them too.
    obj.serialize(NpzDeserializer(staged, path, strict, ignore_names=ignore))


class AllOrNothingLoad(object):
    """Mixin of the deserializers whose :meth:`load` is all or nothing; they define
    ``_staging_source()`` returning ``(source, base path)`` (source None: nothing to
    read) and have ``strict``, ``check_finite`` and ``ignore_names`` attributes."""

    def load(self, obj):
        """Loads ``obj`` all or nothing: every entry it asks for is read and checked
        first (presence, shape, dtype, finite float parameters), and ``obj`` is written
        only when all of them are valid; on an error it is left unchanged.

        Raises:
            KeyError: an entry is missing (``strict``).
            ValueError: an entry has the wrong shape, is damaged, or is a non-finite
                float parameter.
            TypeError: an entry's dtype cannot be cast to the target's.
        """
        if getattr(type(obj), 'serialize', None) is None:
            # ``serialize`` set on the instance: a test double (mock.MagicMock), which
            # v1's tests expect to be called once, with this deserializer. Nothing
            # can be validated ahead: one plain pass.
            obj.serialize(self)
            return
        source, path = self._staging_source()
        if source is not None:
            load(obj, source, path, self.strict, self.check_finite, self.ignore_names)
