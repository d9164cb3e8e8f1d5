"""Gated recurrent units: ``L.StatelessGRU`` and ``L.StatefulGRU`` (v2+ names), and
``L.GRU``, which is v1's stateless GRU and v2+'s stateful one (told apart by the call).
"""
import hashlib

import numpy

import chainer.functions as F
from chainer import cuda
from chainer import link
from chainer import serializer as _serializer
from chainer.links import _args
from chainer.links import _errors
from chainer.links.connection import _state
from chainer.links.connection import linear

_INPUT_LINKS = ('W_r', 'W_z', 'W')
_HIDDEN_LINKS = ('U_r', 'U_z', 'U')


class GRUBase(link.Chain):
    """The six connections of a GRU: ``W_r, W_z, W`` (input) and ``U_r, U_z, U``
    (hidden), each a :class:`~chainer.links.Linear` with a bias.

    Args:
        n_inputs (int or None): Dimension of the input vector x (None: on the first
            call).
        n_units (int): Dimension of the hidden vector h.
        init: Initializer of the input weights ``W_r, W_z, W``.
        inner_init: Initializer of the recurrent weights ``U_r, U_z, U``.
        bias_init: Initializer or scalar of all biases (None: 0).
    """

    def __init__(self, n_inputs, n_units, init=None, inner_init=None, bias_init=0):
        super(GRUBase, self).__init__()
        self._inits = (init, inner_init, 0 if bias_init is None else bias_init)
        self._add_connections(n_inputs, n_units)

    def _add_connections(self, n_inputs, n_units):
        n_units = _args.positive_int(n_units, 'n_units')
        n_inputs = _args.positive_int(n_inputs, 'n_inputs', allow_none=True)
        init, inner_init, bias_init = self._inits
        for name in _INPUT_LINKS:
            self.add_link(name, linear.Linear(n_inputs, n_units, initialW=init,
                                              initial_bias=bias_init))
        for name in _HIDDEN_LINKS:
            self.add_link(name, linear.Linear(n_units, n_units, initialW=inner_init,
                                              initial_bias=bias_init))
        self.state_size = n_units

    def _stateless_step(self, h, x):
        """``h' = (1 - z) h + z tanh(W x + U (r h))`` with ``r, z`` the gates."""
        r = F.sigmoid(self.W_r(x) + self.U_r(h))
        z = F.sigmoid(self.W_z(x) + self.U_z(h))
        h_bar = F.tanh(self.W(x) + self.U(r * h))
        return (1 - z) * h + z * h_bar


class StatelessGRU(GRUBase):
    """Stateless Gated Recurrent Unit (v2+ name; v1's ``L.GRU``).

    Given the previous hidden vector ``h`` and the input ``x``:

    .. math::
        r &= \\sigma(W_r x + U_r h), \\quad z = \\sigma(W_z x + U_z h), \\\\
        \\bar{h} &= \\tanh(W x + U (r \\odot h)), \\quad
        h' = (1 - z) \\odot h + z \\odot \\bar{h}.

    Args:
        in_size (int or None): Dimension of the input vector x (None: on the first
            call).
        out_size (int): Dimension of the hidden vector h.
        init: Initializer of the input weights.
        inner_init: Initializer of the recurrent weights.
        bias_init: Initializer or scalar of the biases (None: 0).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=0):
        out_size = _args.positive_int(out_size, 'out_size')
        in_size = _args.positive_int(in_size, 'in_size', allow_none=True)
        super(StatelessGRU, self).__init__(in_size, out_size, init, inner_init,
                                           bias_init)

    def forward(self, h, x):
        """Returns the next hidden vector ``h'`` given ``h`` and ``x``."""
        return self._stateless_step(h, x)


class StatefulGRU(GRUBase):
    """Stateful Gated Recurrent Unit: a GRU that holds its hidden vector.

    Each call computes ``h'`` as :class:`StatelessGRU` does from the stored ``h`` and
    stores it; with no stored state (``h`` None) the terms in ``h`` are dropped, i.e.
    ``h' = sigma(W_z x) * tanh(W x)``.

    Args:
        in_size (int or None): Dimension of the input vector x (None: on the first
            call).
        out_size (int): Dimension of the hidden vector h.
        init: Initializer of the input weights ``W``.
        inner_init: Initializer of the recurrent weights ``U``.
        bias_init: Initializer or scalar of all biases.

    Attributes:
        h (~chainer.Variable): The hidden vector (the state).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=0):
        out_size = _args.positive_int(out_size, 'out_size')
        in_size = _args.positive_int(in_size, 'in_size', allow_none=True)
        super(StatefulGRU, self).__init__(in_size, out_size, init, inner_init,
                                          bias_init)
        self.reset_state()

    def reset_state(self):
        """Resets the state: sets None to ``h``."""
        self.h = None

    def set_state(self, h):
        """Sets the hidden vector ``h`` (a Variable)."""
        self.h = _state.check_state(h, 'h')

    def forward(self, x):
        """Updates the hidden vector from the input ``x`` and returns it."""
        h = _state.on_link_device(self, self.h)
        z = self.W_z(x)
        h_bar = self.W(x)
        if h is not None:
            r = F.sigmoid(self.W_r(x) + self.U_r(h))
            z += self.U_z(h)
            h_bar += self.U(r * h)
        z = F.sigmoid(z)
        h_new = z * F.tanh(h_bar)
        if h is not None:
            h_new += (1 - z) * h
        self.h = h_new
        return h_new


def _fingerprint(chain):
    """A digest of every parameter array's content (to tell untouched weights, in
    copies of the link too)."""
    out = []
    for name, param in sorted(chain.namedparams()):
        data = param.data
        digest = None if data is None else hashlib.blake2b(
            cuda.to_cpu(data).tobytes(), digest_size=16).digest()
        out.append((name, digest))
    return out


class GRU(StatefulGRU):
    """Gated Recurrent Unit: v1's stateless GRU, or v2+'s stateful one.

    * Chainer v1: ``GRU(n_units, n_inputs=None)`` called as ``gru(h, x)`` returns the
      next hidden vector from the given ``h`` (see :class:`StatelessGRU`; the result
      is also left in ``h``, which v1 code does not read).
    * Chainer v2+: ``GRU(in_size, out_size)`` called as ``gru(x)`` (with
      :meth:`set_state`/:meth:`reset_state`) is a :class:`StatefulGRU`.

    The two constructors read two sizes in opposite orders; when they differ, the
    parameters are made in v1's layout, and the first v2+ use (``gru(x)`` with an
    ``x`` of ``in_size`` columns, or ``set_state`` with an ``h`` of ``out_size``
    columns) remakes them in v2+'s layout, with the same initializers, if they are
    still the ones made by the constructor (else ValueError: weights already loaded
    or trained in one layout are never silently replaced).

    Args:
        n_units (int): v1: dimension of the hidden vector; v2+: of the input (None:
            v2+'s input size found on the first call).
        n_inputs (int): v1: dimension of the input (None: ``n_units``); v2+: of the
            hidden vector.
        init: Initializer of the input weights.
        inner_init: Initializer of the recurrent weights.
        bias_init: Initializer or scalar of the biases.
        in_size, out_size (int): v2+'s keywords (``GRU(in_size=3, out_size=4)``), in
            place of the first and second argument: the link is then v2+'s stateful
            GRU from the start (an ``out_size`` alone: the input size is found on the
            first call, as in v7).
    """

    def __init__(self, n_units=None, n_inputs=None, init=None, inner_init=None, bias_init=0,
                 *, in_size=None, out_size=None):
        if in_size is not None or out_size is not None:  # v2+'s keywords and meaning
            in_size = n_units if in_size is None else in_size
            out_size = n_inputs if out_size is None else out_size
            if out_size is None:
                in_size, out_size = None, in_size
            super(GRU, self).__init__(in_size, out_size, init, inner_init, bias_init)
            self._v2_sizes = None
            return
        if n_units is None:  # only v2+ has a lazy input size: GRU(None, out_size)
            super(GRU, self).__init__(None, n_inputs, init, inner_init, bias_init)
            self._v2_sizes = None
            return
        n_units = _args.positive_int(n_units, 'n_units')
        n_inputs = n_units if n_inputs is None else _args.positive_int(n_inputs, 'n_inputs')
        super(GRU, self).__init__(n_inputs, n_units, init, inner_init, bias_init)
        self._v2_sizes = None
        if n_inputs != n_units:
            self._v2_sizes = (n_units, n_inputs)
            self._made = _fingerprint(self)

    def forward(self, *args):
        """``gru(h, x)`` (v1): the next hidden vector from the given ``h``;
        ``gru(x)`` (v2+): the next one from the stored ``h``. Either way the result
        becomes the stored ``h`` (v1 code never reads it; as a StatefulGRU, the link
        shows its last output there)."""
        if len(args) == 2:
            self.h = self._stateless_step(*args)
            return self.h
        if len(args) != 1:
            raise _errors.ArgumentCountError(
                'GRU takes (h, x) (v1, stateless) or (x) (v2+, stateful), got {} '
                'arguments'.format(len(args)))
        x = args[0]
        if self._v2_sizes is not None and x.ndim >= 2 and \
                int(numpy.prod(x.shape[1:])) == self._v2_sizes[0]:
            self._to_v2_layout()
        return super(GRU, self).forward(x)

    def set_state(self, h):
        """Sets the hidden vector ``h`` (v2+)."""
        h = _state.check_state(h, 'h')
        if self._v2_sizes is not None and h.shape[-1] == self._v2_sizes[1]:
            self._to_v2_layout()
        self.h = h

    def serialize(self, serializer):
        """Saves or loads the parameters; a file saved in v2+'s layout (by a GRU used
        as v2+'s, or a StatefulGRU) switches a fresh GRU to that layout first."""
        if self._v2_sizes is not None and isinstance(serializer, _serializer.Deserializer):
            try:
                stored = _serializer._peek(serializer['W_r'], 'W', None)
            except (KeyError, ValueError, TypeError):
                stored = None
            in_size, out_size = self._v2_sizes
            if getattr(stored, 'shape', None) == (out_size, in_size):
                if _serializer._is_validating(serializer):
                    # an all-or-nothing load's checking pass: check against the v2+
                    # layout, and change nothing yet
                    GRUBase(in_size, out_size, *self._inits).serialize(serializer)
                    return
                self._to_v2_layout(force=True)
        super(GRU, self).serialize(serializer)

    def _to_v2_layout(self, force=False):
        if not force and _fingerprint(self) != self._made:
            raise ValueError(
                'GRU({0}, {1}) was used as v2+\'s GRU(in_size={0}, out_size={1}), but '
                'its parameters, made in v1\'s layout GRU(n_units={0}, n_inputs={1}), '
                'were changed since: build it as L.StatefulGRU({0}, {1}) for v2+ '
                'code'.format(*self._v2_sizes))
        in_size, out_size = self._v2_sizes
        self._v2_sizes = self._made = None
        device = None if self.xp is numpy else self._device_id
        for name in _INPUT_LINKS + _HIDDEN_LINKS:
            delattr(self, name)
        self._add_connections(in_size, out_size)
        if device is not None:
            for name in _INPUT_LINKS + _HIDDEN_LINKS:
                getattr(self, name).to_gpu(device)
