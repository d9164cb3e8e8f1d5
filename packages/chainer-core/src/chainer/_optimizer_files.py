"""The layout of an optimizer in a file (what :meth:`chainer.Optimizer.serialize`
writes and reads), shared with the real Chainer v1.24 and v7.

Entries, relative to the optimizer's path:

- ``t``, ``epoch``: the optimizer's step and epoch counts (v1 and v7);
- ``<param path>/<key>``: each entry of a parameter's state (``l1/W/m``);
- ``<param path>/t``: the parameter's own step count (v7 writes it for every
  parameter, initialized or not; v1 has none). A v1-style optimizer that never
  stepped writes none, as v1.24 did; once it stepped it writes one for every
  parameter, so that the real Chainer v7 loads the file;
- a parameter that is not initialized yet has only its ``t`` in a v7 file: its
  state is left to be made when it is initialized. A v7 snapshot taken after
  such a parameter was initialized holds its state; loading it into a
  parameter still uninitialized here keeps that state for it (a trainer
  snapshot loads the optimizer before the model), as v7 does;
- ``<param path>/fp32_param``: the float32 master copy of a float16 parameter
  updated with ``use_fp32_update`` (this project's; the real Chainer ignores it
  and makes the master anew from the float16 parameter);
- ``loss_scaling/scale``, ``loss_scaling/overflowed``: with dynamic loss
  scaling only, its current scale and whether a gradient ever overflowed
  (this project's; the real Chainer ignores them, and a file without them
  keeps the scaling as it is);
- ``hook:<name>/...``: the state of a stateful hook.
"""
import math

import numpy

from chainer import serializer as serializer_module

_LOSS_SCALING = 'loss_scaling'


def _is_loading(serializer):
    return isinstance(serializer, serializer_module.Deserializer)


def _optional(serializer, key, value):
    """``serializer(key, value)``, or ``value`` when the entry is missing; when
    loading, the stored value also in the validating pass of an all-or-nothing
    load (to check it)."""
    try:
        if _is_loading(serializer):
            return serializer_module._peek(serializer, key, value)
        return serializer(key, value)
    except KeyError:
        if not _is_loading(serializer):
            raise
        return value


def serialize_loss_scaling(optimizer, serializer):
    """Saves or loads the state of dynamic loss scaling (nothing without it)."""
    if not optimizer._loss_scaling_is_dynamic:
        return
    if not _is_loading(serializer):
        child = serializer[_LOSS_SCALING]
        child('scale', numpy.float64(optimizer._loss_scale))
        child('overflowed', numpy.bool_(optimizer._loss_scaling_isnan_ever))
        return
    try:
        child = serializer[_LOSS_SCALING]
    except KeyError:  # a file of the real Chainer (or without dynamic scaling)
        return
    scale = _optional(child, 'scale', None)
    overflowed = _optional(child, 'overflowed', None)
    if scale is None:
        return
    scale = _check_scale(scale)
    if serializer_module._is_validating(serializer):
        return
    optimizer._loss_scale = scale
    if overflowed is not None:
        optimizer._loss_scaling_isnan_ever = bool(numpy.asarray(overflowed))


def _check_scale(value):
    scale = float(numpy.asarray(value))
    if not (math.isfinite(scale) and scale > 0):
        raise ValueError('entry loss_scaling/scale must be a positive finite number, '
                         'got {}'.format(scale))
    return scale


def _probe_keys(optimizer):
    """The names of the state entries :meth:`init_state` makes (found on a probe
    parameter, for a parameter whose shape is not known yet)."""
    from chainer import variable
    probe = numpy.zeros(1, dtype=numpy.float32)
    state = {}
    optimizer.init_state(variable.Variable(probe, grad=probe.copy()), state)
    return sorted(state)


def _serialize_step_count(optimizer, name, child, loading, always):
    steps = optimizer.__dict__.setdefault('_param_t', {})
    if not (loading or always or name in steps):
        return
    value = _optional(child, 't', steps.get(name, 0))
    if loading and value is not None and \
            not serializer_module._is_validating(child):
        steps[name] = int(numpy.asarray(value))


def _load_pending_state(optimizer, name, child):
    """Reads the state a file holds for a parameter not initialized here: all of
    its entries or none (v7's layout for a parameter uninitialized there too)."""
    keys = _probe_keys(optimizer)
    found, missing = {}, []
    for key in keys:
        try:
            value = serializer_module._peek(child, key, None)
        except KeyError:
            value = None
        if value is None:  # missing (or skipped by a lenient load)
            missing.append(key)
        else:
            found[key] = value
    if found and missing and getattr(child, 'strict', True):
        raise KeyError('the state of parameter {!r} is incomplete: entries {} are '
                       'missing'.format(name, missing))
    if found and not missing and not serializer_module._is_validating(child):
        optimizer._states[name] = found


def _serialize_uninitialized(optimizer, name, serializer, loading, stepped):
    if not loading:
        if stepped:
            _serialize_step_count(optimizer, name, serializer[name.lstrip('/')],
                                  False, True)
        return
    try:
        child = serializer[name.lstrip('/')]
    except KeyError:  # an HDF5 file without the group (a v1 file)
        return
    _serialize_step_count(optimizer, name, child, True, False)
    _load_pending_state(optimizer, name, child)


def serialize_states(optimizer, serializer):
    """Saves or loads the per-parameter states of an optimizer that keeps them
    itself (v1 style), with v7's per-parameter step counts."""
    loading = _is_loading(serializer)
    validating = serializer_module._is_validating(serializer)
    if validating:
        states = optimizer._prepared_states()
    else:
        optimizer.prepare()
        states = optimizer._states
    stepped = optimizer.t > 0
    params = dict(optimizer.target.namedparams())
    for name in sorted(set(states) | set(params)):
        state = states.get(name)
        param = params.get(name)
        if state is None and (param is None or param.data is not None):
            continue
        if state is None:  # a parameter not initialized yet
            _serialize_uninitialized(optimizer, name, serializer, loading, stepped)
            continue
        child = serializer[name.lstrip('/')]
        _serialize_step_count(optimizer, name, child, loading, stepped)
        for key in sorted(state):
            value = child(key, state[key])
            if value is not None:
                state[key] = value
        if param is not None:
            _serialize_fp32_master(param, child, loading)


def _serialize_fp32_master(param, child, loading):
    """Saves or loads the float32 master copy of a float16 parameter updated with
    ``use_fp32_update`` (``<param path>/fp32_param``), so that a resumed run
    continues from the master's bits instead of the float16 rounding of them; a
    file without it (the real Chainer's) leaves the master to be made anew."""
    rule = getattr(param, 'update_rule', None)
    if rule is None or not getattr(rule, '_use_fp32_update', False) or \
            param.data is None or param.data.dtype != numpy.float16:
        return
    if not loading:
        master = rule._fp32_param
        if master is not None and master.data is not None:
            child('fp32_param', master.data)
        return
    # NaN: what a lenient load that skips a missing entry leaves
    buffer = numpy.full(param.data.shape, numpy.nan, numpy.float32)
    try:
        value = serializer_module._peek(child, 'fp32_param', buffer)
    except KeyError:
        return
    value = buffer if value is None else numpy.asarray(value, numpy.float32)
    if serializer_module._is_validating(child) or numpy.isnan(value).all():
        return
    from chainer import optimizer as optimizer_module
    from chainer import parameter
    rule._fp32_param = parameter.Parameter(
        optimizer_module._to_device_of(value, param.data), name=param.name)


def serialize_rule(rule, param, serializer, name):
    """Saves or loads the update rule of one parameter (v2+ optimizers). Loading
    the rule of a parameter not initialized yet, with no state yet, accepts a file
    without its state entries (v7's layout: only its ``t``; 7.8.1 itself refuses
    it); some entries without the others are refused."""
    loading = _is_loading(serializer)
    if not loading or param.data is not None or rule.state is not None:
        rule.serialize(serializer[name.lstrip('/')])
        return
    try:
        child = serializer[name.lstrip('/')]
    except KeyError:  # an HDF5 file without the group
        return
    try:
        rule.serialize(child)
    except KeyError:
        probe = {}
        rule._state = probe
        try:
            rule.init_state(_probe_parameter())
        finally:
            rule._state = None
        for key in probe:
            try:
                value = serializer_module._peek(child, key, None)
            except KeyError:
                continue
            if value is not None:
                raise


def _probe_parameter():
    from chainer import variable
    probe = numpy.zeros(1, dtype=numpy.float32)
    return variable.Variable(probe, grad=probe.copy())
