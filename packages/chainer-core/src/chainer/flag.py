"""Ternary volatility flags::data:`ON`,:data:`OFF` and:data:`AUTO`."""

_NAMES = {
    'on': 'on', 'ON': 'on', True: 'on',
    'off': 'off', 'OFF': 'off', False: 'off',
    'auto': 'auto', 'AUTO': 'auto', None: 'auto',
}


class Flag(object):
    """Ternary flag object for variables: ON, OFF or AUTO.

    ``Flag(name)`` accepts ``'on'``/``'ON'``/``True``, ``'off'``/``'OFF'``/``False``
    and ``'auto'``/``'AUTO'``/``None``, or another :class:`Flag`, and returns one of the
    three singletons. ON and OFF convert to ``True`` and ``False``; AUTO cannot be
    converted to bool and raises :class:`ValueError`.
    """

    __slots__ = ('value',)
    _instances = {}

    def __new__(cls, name):
        if isinstance(name, Flag):
            return name
        try:
            value = _NAMES[name]
        except (KeyError, TypeError):
            raise ValueError(
                'invalid flag {!r}: expected one of on/ON/True, off/OFF/False, '
                'auto/AUTO/None'.format(name))
        return cls._instances[value]

    def __eq__(self, other):
        if isinstance(other, Flag):
            return self is other
        try:
            return self is Flag(other)
        except ValueError:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.value)

    def __bool__(self):
        if self.value == 'auto':
            raise ValueError('AUTO flag cannot be converted to boolean')
        return self.value == 'on'

    __nonzero__ = __bool__

    def __repr__(self):
        return self.value.upper()

    __str__ = __repr__

    def __reduce__(self):
        return Flag, (self.value,)


for _value in ('on', 'off', 'auto'):
    _flag = object.__new__(Flag)
    _flag.value = _value
    Flag._instances[_value] = _flag

#: Equivalent to ``Flag('on')``.
ON = Flag._instances['on']
#: Equivalent to ``Flag('off')``.
OFF = Flag._instances['off']
#: Equivalent to ``Flag('auto')``.
AUTO = Flag._instances['auto']


def aggregate_flags(flags):
    """Returns the aggregated flag of a sequence of flags.

    Raises :class:`ValueError` if both ON and OFF appear; otherwise returns the one of
    ON/OFF that appears, or AUTO if every flag is AUTO.
    """
    on = off = False
    for f in flags:
        if f is ON:
            on = True
        elif f is OFF:
            off = True
    if on and off:
        raise ValueError('ON and OFF flags cannot be mixed')
    if on:
        return ON
    if off:
        return OFF
    return AUTO
