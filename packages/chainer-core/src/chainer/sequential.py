"""Sequential: a link that applies its layers (links or any callables) in order."""
import copy as copy_module
import inspect

from chainer.chain import ChainList
from chainer.link import Link


class Sequential(ChainList):
    """A chain of layers called one after another: ``Sequential(f, g)(x)`` is
    ``g(f(x))``; a layer returning a tuple has it unpacked into the next layer's
    arguments. Layers are links (registered children, whose parameters the
    Sequential owns) or other callables (functions, lambdas).

    Args:
        layers: the layers, in order.
    """

    def __init__(self, *layers):
        super(Sequential, self).__init__()
        self._layers = []
        for layer in layers:
            self.append(layer)

    def _renumber(self):
        # The children are the link layers, named by their index among them; a link
        # no longer among them loses its name (so that it may join another parent).
        previous = self.__dict__.get('_children', [])
        self._children = [layer for layer in self._layers if isinstance(layer, Link)]
        for child in previous:
            if all(child is not kept for kept in self._children):
                child.name = None
        for i, child in enumerate(self._children):
            child.name = str(i)

    @staticmethod
    def _check(layer):
        if not callable(layer):
            raise ValueError('All elements of a Sequential should be callable, but '
                             '{!r} is not'.format(layer))

    def __len__(self):
        """The number of layers."""
        return len(self._layers)

    def __getitem__(self, i):
        """The layer at ``i`` (a list of layers for a slice)."""
        return self._layers[i]

    def __setitem__(self, i, layer):
        if isinstance(i, int) and i >= len(self._layers):
            raise ValueError('{} should be less than {}'.format(i, len(self._layers)))
        self._check(layer)
        self._layers[i] = layer
        self._renumber()

    def __delitem__(self, i):
        del self._layers[i]
        self._renumber()

    def __iter__(self):
        return iter(self._layers)

    def __reversed__(self):
        return reversed(self._layers)

    def __contains__(self, layer):
        return layer in self._layers

    def __add__(self, other):
        """A new Sequential of this one's layers then ``other``'s (shared, not
        copied).

        Raises:
            ValueError: when ``other`` is not a Sequential.
        """
        if not isinstance(other, Sequential):
            raise ValueError('add (+) operator supports only Sequential objects, but '
                             '{} is given'.format(type(other)))
        ret = Sequential()
        ret.extend(self)
        ret.extend(other)
        return ret

    def __iadd__(self, other):
        if not isinstance(other, Sequential):
            raise ValueError('add (+) operator supports only Sequential objects, but '
                             '{} is given'.format(type(other)))
        self.extend(other)
        return self

    def __reduce__(self):
        # A lambda cannot be pickled: say so, and what to use instead.
        if any(getattr(layer, '__name__', None) == '<lambda>'
               for layer in self._layers):
            raise ValueError(
                'this Sequential has a lambda function as a layer, which cannot be '
                'pickled: use functools.partial or a named function instead (or '
                'the "dill" package)')
        return super(Sequential, self).__reduce__()

    def forward(self, *x):
        """Applies the layers in order to ``x`` and returns the last one's output."""
        if not self._layers:
            raise RuntimeError('Sequential does not have any layer.')
        for layer in self._layers:
            x = layer(*x) if isinstance(x, tuple) else layer(x)
        return x

    def append(self, layer):
        """Adds ``layer`` at the end."""
        self.insert(len(self._layers), layer)

    add_link = append

    def extend(self, layers):
        """Appends each of ``layers`` (a Sequential or any iterable of layers; the
        layers are shared, not copied)."""
        for layer in list(layers):
            self.append(layer)

    def insert(self, i, layer):
        """Inserts ``layer`` before index ``i`` (``-len <= i <= len``).

        Raises:
            IndexError: when ``i`` is out of that range.
            ValueError: when ``layer`` is not callable.
        """
        n = len(self._layers)
        if not -n <= i <= n:
            raise IndexError('Index out of range: {}'.format(i))
        self._check(layer)
        self._layers.insert(i, layer)
        self._renumber()

    def remove(self, layer):
        """Removes the first occurrence of ``layer`` (ValueError if absent)."""
        if layer not in self._layers:
            raise ValueError('There is no layer object that is same as {}'.format(
                layer))
        del self[self._layers.index(layer)]

    def remove_by_layer_type(self, type_name):
        """Removes every layer whose class (or, for a function, own) name is
        ``type_name``."""
        for i in reversed(range(len(self._layers))):
            if _type_name(self._layers[i]) == type_name:
                del self[i]

    def pop(self, i=-1):
        """Removes and returns the layer at ``i`` (the last by default)."""
        layer = self._layers[i]
        del self[i]
        return layer

    def clear(self):
        """Removes every layer."""
        del self[:]

    def index(self, layer, start=None, end=None):
        """The index of ``layer`` among the layers ``[start:end]``."""
        return self._layers[start:end].index(layer)

    def count(self, layer):
        """How many times ``layer`` occurs."""
        return self._layers.count(layer)

    def count_by_layer_type(self, type_name):
        """How many layers have the class (or function) name ``type_name``."""
        return sum(1 for layer in self._layers if _type_name(layer) == type_name)

    def copy(self, mode='share'):
        """A copy of the Sequential whose link layers are copied by ``mode`` (see
        :meth:`Link.copy`); other layers are copied shallowly (a function is the
        same function)."""
        ret = Sequential()
        for layer in self._layers:
            ret.append(layer.copy(mode) if isinstance(layer, Link)
                       else copy_module.copy(layer))
        return ret

    def _copy_children(self):
        raise AssertionError('Sequential.copy does not copy by children')

    def flatten(self):
        """A new Sequential whose layers are those of this one with every nested
        Sequential replaced by its own layers (recursively); the layers are
        shared."""
        ret = Sequential()
        for layer in self._layers:
            if isinstance(layer, Sequential):
                ret.extend(layer.flatten())
            else:
                ret.append(layer)
        return ret

    def __str__(self):
        """``Sequential(`` then one indented ``(i): layer,`` per layer (a lambda
        shown by its source)."""
        lines = []
        for i, layer in enumerate(self._layers):
            for line in '({}): {},'.format(i, _layer_str(layer)).splitlines():
                lines.append('  ' + line + '\n')
        body = ''.join(lines)
        return '{}({})'.format(type(self).__name__, '\n' + body if body else '')


def _layer_str(layer):
    if getattr(layer, '__name__', None) == '<lambda>':
        try:
            return inspect.getsource(layer).strip().rstrip(',')
        except (OSError, TypeError):
            pass
    return str(layer)


def _type_name(layer):
    if isinstance(layer, Link) or not hasattr(layer, '__name__'):
        return type(layer).__name__
    return layer.__name__
