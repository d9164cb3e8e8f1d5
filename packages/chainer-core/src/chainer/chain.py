"""Chain and ChainList: links composed of child links, named (Chain) or indexed
(ChainList)."""
from chainer.link import Link


class Chain(Link):
    """Composable link with an object-like interface: named child links.

    Child links are given to the constructor, registered by :meth:`add_link` or
    assigned to attributes inside ``with self.init_scope():``; each is an attribute
    of the chain and its ``name`` is set. Chains nest into a tree.

    Args:
        links: child links, keyed by name.
    """

    def __init__(self, **links):
        super(Chain, self).__init__()
        self._children = []
        for name, link in links.items():
            self.add_link(name, link)

    def __getitem__(self, name):
        """Equivalent to ``getattr(self, name)``."""
        return getattr(self, name)

    def add_link(self, name, link):
        """Registers ``link`` as the child ``name`` (also set as attribute ``name``).

        Raises:
            AttributeError: when the chain already has an attribute ``name``.
            ValueError: when ``link`` already has a name (it belongs to a parent).
        """
        if not isinstance(link, Link):
            raise TypeError('add_link expects a chainer.Link, got {}'.format(
                type(link).__name__))
        self._check_new_attribute(name, 'link')
        if link.name is not None:
            raise ValueError('cannot register link {!r} as {!r}: it already has the '
                             'name {!r}'.format(link, name, link.name))
        link.name = name
        self.__dict__[name] = link
        self._children.append(name)

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_init_scope') and isinstance(value, Link):
            if name in self.__dict__ and name not in self._children:
                raise AttributeError('cannot register a new link {!r}: attribute '
                                     'exists'.format(name))
            value.name = name
            if name not in self._children:
                self._children.append(name)
        super(Chain, self).__setattr__(name, value)

    def __delattr__(self, name):
        if name in self.__dict__.get('_children', ()):
            self._children.remove(name)
        super(Chain, self).__delattr__(name)

    def _child_items(self):
        d = self.__dict__
        return [(name, d[name]) for name in self._children]

    def _copy_children(self):
        self._children = list(self._children)
        d = self.__dict__
        for name in self._children:
            child = d[name].copy()
            child.name = name
            d[name] = child


class ChainList(Link):
    """Composable link with a list-like interface: children indexed 0, 1, ...

    Args:
        links: initial child links.
    """

    def __init__(self, *links):
        super(ChainList, self).__init__()
        self._children = []
        for link in links:
            self.add_link(link)

    def __getitem__(self, index):
        """Returns the child at ``index``."""
        return self._children[index]

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        """Returns the number of children."""
        return len(self._children)

    def add_link(self, link):
        """Appends ``link`` as a child (its name becomes its index as a str).

        Raises:
            ValueError: when ``link`` already has a name (it belongs to a parent).
        """
        if not isinstance(link, Link):
            raise TypeError('add_link expects a chainer.Link, got {}'.format(
                type(link).__name__))
        if link.name is not None:
            raise ValueError('cannot append link {!r}: it already has the name {!r}'
                             .format(link, link.name))
        link.name = str(len(self._children))
        self._children.append(link)

    def append(self, link):
        """Appends ``link`` as a child (v2+ name of :meth:`add_link`)."""
        self.add_link(link)

    def _child_items(self):
        return [(str(i), child) for i, child in enumerate(self._children)]

    def _copy_children(self):
        children = []
        for i, child in enumerate(self._children):
            child = child.copy()
            child.name = str(i)
            children.append(child)
        self._children = children
