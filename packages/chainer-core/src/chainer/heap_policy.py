"""Whether the C heap keeps the memory of freed arrays for the next ones.

Why a policy: numpy takes every array from the C library's ``malloc``. glibc serves a
large block (from 128 KiB up, a threshold it raises as blocks are freed) with a fresh
``mmap`` and gives it back to the kernel with ``munmap`` when it is freed, and it returns
the free top of its heap to the kernel as soon as that exceeds twice the threshold. A
training step allocates and frees the same large arrays again and again (im2col buffers,
activations, gradients), so every step faults its pages in anew: the kernel zeroes each
page on first touch. Measured on the ``cnn`` benchmark (batch 64, one BLAS thread): 2,500
to 4,800 page faults and 7 to 15 ms of system time per step of about 45 ms
(``benchmarks/README.md``, "Convolution on one thread"). Keeping the freed memory in the
heap makes the next allocation of that size reuse pages that are already mapped: about
one fault per step.

The setting (``CHAINER_HEAP_POLICY`` in the environment, read when :mod:`chainer` is
imported, or :func:`apply`):

* ``'keep'`` (default): blocks up to :data:`MMAP_THRESHOLD` come from the heap, and up to
  :data:`TRIM_THRESHOLD` of free memory at the heap's top stays mapped (glibc's
  ``mallopt``). The process's resident size then stays near its peak instead of dropping
  between steps; the peak itself does not grow.
* ``'off'``: leave the C library as it is.

Only glibc is tuned (other C libraries, macOS and Windows are left alone). When the
glibc variables ``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_`` or
``GLIBC_TUNABLES`` are set in the environment, the user has chosen already and the
policy does nothing.
"""
import ctypes
import os
import sys
import warnings

#: The environment variable read at import: ``keep`` (default) or ``off``.
ENV_VARIABLE = 'CHAINER_HEAP_POLICY'

#: Largest block served from the heap (glibc accepts at most 32 MiB on 64-bit systems).
MMAP_THRESHOLD = 32 << 20
#: Free memory at the top of the heap that stays mapped.
TRIM_THRESHOLD = 64 << 20

# glibc's mallopt parameters (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

_USER_VARIABLES = ('MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_', 'GLIBC_TUNABLES')

_state = {'setting': 'off', 'note': 'not applied yet'}


def _is_glibc():
    # os.confstr answers at once; platform.libc_ver reads the interpreter's binary
    # (about 14 ms at every import of chainer)
    try:
        return sys.platform.startswith('linux') and \
            os.confstr('CS_GNU_LIBC_VERSION').startswith('glibc')
    except (AttributeError, ValueError, OSError):
        return False


def _mallopt():
    """glibc's ``mallopt`` as a ctypes function, or None where there is none."""
    if not _is_glibc():
        return None
    try:
        libc = ctypes.CDLL(None)
        func = libc.mallopt
    except (OSError, AttributeError):
        return None
    func.argtypes = (ctypes.c_int, ctypes.c_int)
    func.restype = ctypes.c_int
    return func


def apply(setting=None):
    """Applies the heap policy ``setting`` to this process.

    Args:
        setting (str or None): ``'keep'`` or ``'off'``; None reads ``CHAINER_HEAP_POLICY``
            (``'keep'`` when unset).

    Returns:
        bool: True when the heap now keeps freed memory by this call's doing.

    Raises:
        ValueError: for another setting.

    ``'off'`` after ``'keep'`` records the setting but cannot undo it in the running
    process: glibc has no way back to its adaptive thresholds.
    """
    if setting is None:
        setting = os.environ.get(ENV_VARIABLE, 'keep') or 'keep'
    setting = str(setting).strip().lower()
    if setting not in ('keep', 'off'):
        raise ValueError("{} must be 'keep' or 'off', got {!r}".format(ENV_VARIABLE, setting))
    if setting == 'off':
        _state.update(setting='off', note='off')
        return False
    chosen = [name for name in _USER_VARIABLES if os.environ.get(name)]
    if chosen:
        _state.update(setting='off', note='left to {}'.format(', '.join(chosen)))
        return False
    mallopt = _mallopt()
    if mallopt is None:
        _state.update(setting='off', note='not glibc: left alone')
        return False
    if not (mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD) and
            mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)):
        _state.update(setting='off', note='mallopt refused the thresholds')
        return False
    _state.update(setting='keep', note='keep (mmap threshold {} MiB, trim threshold {} MiB)'
                  .format(MMAP_THRESHOLD >> 20, TRIM_THRESHOLD >> 20))
    return True


def current():
    """The policy in force: ``'keep'`` or ``'off'``."""
    return _state['setting']


def describe():
    """One line on the policy in force and why (for runtime reports)."""
    return _state['note']


def apply_at_import():
    """:func:`apply` with the environment's setting; an invalid value warns instead of
    failing the import of :mod:`chainer`."""
    try:
        return apply()
    except ValueError as e:
        warnings.warn('{}; the heap is left as it is'.format(e), RuntimeWarning,
                      stacklevel=2)
        return False
