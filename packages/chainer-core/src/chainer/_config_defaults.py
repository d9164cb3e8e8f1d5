"""The configuration keys Chainer reads, their defaults and environment variables.

Each key of :data:`DEFAULTS` is set on ``chainer.global_config`` when chainer is
imported: from its environment variable when that is set, else from the default.
"""
import os

import numpy


class _Mixed16(object):
    """The dtype-like value of ``chainer.config.dtype`` for 16/32-bit mixed precision:
    parameters and activations in float16, with the updates computed in float32."""

    dtype = numpy.dtype(numpy.float16)

    def __repr__(self):
        return "dtype('mixed16')"


#: Dtype-like object standing for 16/32-bit mixed precision (``CHAINER_DTYPE=mixed16``).
mixed16 = _Mixed16()


def _flag(text):
    return bool(int(text))


def _dtype(text):
    if text == 'mixed16':
        return mixed16
    if text in ('float16', 'float32', 'float64'):
        return numpy.dtype(text)
    raise TypeError('CHAINER_DTYPE must be float16, float32, float64 or mixed16, got '
                    '{!r}'.format(text))


#: key -> (default, environment variable or None, parser of the variable's text)
DEFAULTS = {
    'autotune': (False, None, None),
    'compute_mode': (None, None, None),
    'cudnn_deterministic': (False, None, None),
    'cudnn_fast_batch_normalization': (
        False, 'CHAINER_CUDNN_FAST_BATCH_NORMALIZATION', _flag),
    'debug': (False, 'CHAINER_DEBUG', _flag),
    'dtype': (numpy.dtype(numpy.float32), 'CHAINER_DTYPE', _dtype),
    'enable_backprop': (True, None, None),
    'in_recomputing': (False, None, None),
    'keep_graph_on_report': (False, 'CHAINER_KEEP_GRAPH_ON_REPORT', _flag),
    'lazy_grad_sum': (False, 'CHAINER_LAZY_GRAD_SUM', _flag),
    'schedule_func': (None, None, None),
    'train': (True, None, None),
    'type_check': (True, 'CHAINER_TYPE_CHECK', _flag),
    'use_cudnn': ('auto', 'CHAINER_USE_CUDNN', str),
    'use_cudnn_tensor_core': ('auto', None, None),
    'use_ideep': ('never', 'CHAINER_USE_IDEEP', str),
    'use_static_graph': (True, None, None),
    'warn_nondeterministic': (False, 'CHAINER_WARN_NONDETERMINISTIC', _flag),
    '_will_recompute': (False, None, None),
}


def apply_defaults(global_config, environ=None):
    """Sets every key of :data:`DEFAULTS` on ``global_config``, from ``environ``
    (default: ``os.environ``) where its variable is set."""
    environ = os.environ if environ is None else environ
    for key, (default, variable, parse) in DEFAULTS.items():
        value = default
        if variable is not None and environ.get(variable) not in (None, ''):
            try:
                value = parse(environ[variable])
            except ValueError:
                raise ValueError('{}={!r}: expected {}'.format(
                    variable, environ[variable], 'an integer flag (0 or 1)'
                    if parse is _flag else 'a valid value'))
        setattr(global_config, key, value)
