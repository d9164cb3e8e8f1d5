"""Sequential: a link that applies its layers (links or any callables) in order."""
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
        # The children are the link layers, named by their index among them.
        self._children = [layer for layer in self._layers if isinstance(layer, Link)]
        for i, child in enumerate(self._children):
            child.name = str(i)

    @staticmethod
    def _check(layer):
        if not callable(layer):
            raise ValueError('a layer of Sequential must be callable, got {!r}'
                             .format(layer))
        if isinstance(layer, Link) and layer.name is not None:
            raise ValueError('cannot add link {!r}: it already belongs to a parent '
                             '(as {!r})'.format(layer, layer.name))

    def __len__(self):
        """The number of layers."""
        return len(self._layers)

    def __getitem__(self, i):
        """The layer at ``i`` (a list of layers for a slice)."""
        return self._layers[i]

    def __setitem__(self, i, layer):
        self._check(layer)
        old = self._layers[i]
        if isinstance(old, Link):
            old.name = None
        self._layers[i] = layer
        self._renumber()

    def __delitem__(self, i):
        removed = self._layers[i]
        for layer in removed if isinstance(i, slice) else [removed]:
            if isinstance(layer, Link):
                layer.name = None
        del self._layers[i]
        self._renumber()

    def __iter__(self):
        return iter(self._layers)

    def __reversed__(self):
        return reversed(self._layers)

    def __contains__(self, layer):
        return layer in self._layers

    def __add__(self, other):
        if not isinstance(other, Sequential):
            return NotImplemented
        ret = Sequential()
        for layer in list(self) + list(other):
            ret.append(layer.copy() if isinstance(layer, Link) else layer)
        return ret

    def __iadd__(self, other):
        if not isinstance(other, Sequential):
            return NotImplemented
        self.extend(other)
        return self

    def forward(self, *x):
        """Applies the layers in order to ``x`` and returns the last one's output."""
        if not self._layers:
            raise RuntimeError('Sequential has no layer')
        for layer in self._layers:
            x = layer(*x) if isinstance(x, tuple) else layer(x)
        return x

    def append(self, layer):
        """Adds ``layer`` at the end."""
        self.insert(len(self._layers), layer)

    add_link = append

    def extend(self, layers):
        """Appends each of ``layers`` (a Sequential or any iterable of layers)."""
        for layer in list(layers):
            if isinstance(layer, Link) and layer.name is not None:
                layer = layer.copy()
            self.append(layer)

    def insert(self, i, layer):
        """Inserts ``layer`` before index ``i`` (as :meth:`list.insert`)."""
        self._check(layer)
        self._layers.insert(i, layer)
        self._renumber()

    def remove(self, layer):
        """Removes the first occurrence of ``layer`` (ValueError if absent)."""
        index = self._layers.index(layer)
        del self[index]

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
        :meth:`Link.copy`); other layers are shared."""
        if mode in ('copy', 'init'):
            return super(Sequential, self).copy(mode)
        ret = Sequential()
        for layer in self._layers:
            ret.append(layer.copy(mode) if isinstance(layer, Link) else layer)
        return ret

    def _copy_children(self):
        raise AssertionError('Sequential.copy does not copy by children')

    def flatten(self):
        """A new Sequential whose layers are those of this one with every nested
        Sequential replaced by its own layers (recursively); the link layers are
        shared."""
        ret = Sequential()
        for layer in self._layers:
            if isinstance(layer, Sequential):
                for inner in layer.flatten():
                    ret.append(_detached(inner))
            else:
                ret.append(_detached(layer))
        return ret

    def __str__(self):
        return 'Sequential({})'.format(', '.join(
            _type_name(layer) for layer in self._layers))


def _detached(layer):
    # A link layer moved into another Sequential keeps its arrays but is a new
    # object (a link has one parent).
    return layer.copy() if isinstance(layer, Link) else layer


def _type_name(layer):
    if isinstance(layer, Link) or not hasattr(layer, '__name__'):
        return type(layer).__name__
    return layer.__name__
