"""The serialization protocol.

An object that supports serialization has a ``serialize(serializer)`` method calling
``serializer(key, value)`` for each value to save or load and ``serializer[key]`` for
each child object. The same method saves (with a :class:`Serializer`) and loads (with
a :class:`Deserializer`).
"""
import abc


class AbstractSerializer(abc.ABC):
    """Abstract base class of all serializers and deserializers."""

    @abc.abstractmethod
    def __getitem__(self, key):
        """Returns the child serializer named ``key``."""

    @abc.abstractmethod
    def __call__(self, key, value):
        """Saves or loads ``value`` under the name ``key``.

        A serializer saves the value and returns it. A deserializer loads the entry
        ``key``: arrays are filled in place (and returned); for scalars and strings
        the value only gives the type, and the loaded value of that type is
        returned; with ``value=None`` the stored array is returned.

        Args:
            key (str): name of the entry.
            value (scalar, array, None or str): the value to (de)serialize (None
                only for deserializers).

        Returns:
            The serialized or deserialized value.
        """


class Serializer(AbstractSerializer):
    """Base class of all serializers."""

    def save(self, obj):
        """Saves ``obj`` by this serializer (``obj.serialize(self)``)."""
        obj.serialize(self)


class Deserializer(AbstractSerializer):
    """Base class of all deserializers."""

    def load(self, obj):
        """Loads ``obj`` from this deserializer (``obj.serialize(self)``)."""
        obj.serialize(self)


# Hooks of all-or-nothing loading (chainer.serializers._staging). A deserializer that
# does not define them behaves as a plain one. They are looked up on the class: a
# test double such as mock.MagicMock answers every attribute of an instance, and v1
# tests count the calls a plain serializer gets.

def _hook(serializer, name):
    method = getattr(type(serializer), name, None)
    return None if method is None else method.__get__(serializer)


def _is_validating(serializer):
    """True in the validating pass of an all-or-nothing load: a ``serialize`` method
    must then change nothing (its values are handed back to it unchanged)."""
    return getattr(type(serializer), '_validating', False) is True


def _peek(serializer, key, value):
    """``serializer(key, value)``, except that in the validating pass the value the
    load will give is returned (arrays as fresh copies), for ``serialize`` methods
    whose next requests or checks depend on it."""
    peek = _hook(serializer, '_peek')
    return serializer(key, value) if peek is None else peek(key, value)


def _parameter(serializer, key, array):
    """``serializer(key, array)`` for a parameter's data (``None`` for an
    uninitialized one): the validating pass also checks that it is finite."""
    method = _hook(serializer, '_parameter')
    return serializer(key, array) if method is None else method(key, array)
