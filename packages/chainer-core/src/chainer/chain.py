"""Chain and ChainList: links composed of child links, named (Chain) or indexed
(ChainList)."""
import collections.abc

from chainer.link import Link


def _children_str(link, items):
    # v7's layout: ``Name(`` then one indented ``(key): str(child),`` per child.
    lines = []
    for key, child in items:
        for line in '({}): {},'.format(key, child).splitlines():
            lines.append('  ' + line + '\n')
    body = ''.join(lines)
    return '{}({})'.format(type(link).__name__, '\n' + body if body else '')


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
        self._children = set()  # names; iterated in sorted order, as in v7
        for name, link in links.items():
            self.add_link(name, link)

    def __getitem__(self, name):
        """Equivalent to ``getattr(self, name)``."""
        return getattr(self, name)

    def __str__(self):
        """The class name and, one per line, ``(name): str(child),``."""
        return _children_str(self, self._child_items())

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
        self._children.add(name)

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_init_scope') and isinstance(value, Link):
            if hasattr(self, name):
                raise AttributeError('cannot register a new link {}: attribute '
                                     'exists'.format(name))
            value.name = name
            self._children.add(name)
        super(Chain, self).__setattr__(name, value)

    def __delattr__(self, name):
        if name in self.__dict__.get('_children', ()):
            self._children.discard(name)
        super(Chain, self).__delattr__(name)

    def _child_items(self):
        d = self.__dict__
        return [(name, d[name]) for name in sorted(self._children)]

    def _copy_children(self):
        self._children = set(self._children)
        d = self.__dict__
        for name in self._children:
            child = d[name].copy()
            child.name = name
            d[name] = child


class ChainList(Link, collections.abc.MutableSequence):
    """Composable link with a list-like interface: children indexed 0, 1, ...

    It is a mutable sequence of its children (indexing, slices, ``insert``,
    ``append``, ``extend``, ``pop``, ``remove``, ``reverse``, ``index``,
    ``count``); a child's name is its index as a str.

    Args:
        links: initial child links.
    """

    def __init__(self, *links):
        super(ChainList, self).__init__()
        self._children = []
        for link in links:
            self.add_link(link)

    def __str__(self):
        """The class name and, one per line, ``(index): str(child),``."""
        return _children_str(self, self._child_items())

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_init_scope') and isinstance(value, Link):
            raise TypeError('cannot register a new link within a '
                            '"with chainlist.init_scope():" block.')
        super(ChainList, self).__setattr__(name, value)

    def __getitem__(self, index):
        """Returns the child at ``index`` (a list of children for a slice)."""
        return self._children[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            self._children[index] = list(value)
        elif isinstance(index, int):
            self._children[index] = value
        else:
            raise TypeError('ChainList indices must be integers or slices, not '
                            '{}'.format(type(index).__name__))
        self._rename()

    def __delitem__(self, index):
        del self._children[index]
        self._rename()

    def _rename(self):
        for i, child in enumerate(self._children):
            child.name = str(i)

    def insert(self, index, link):
        """Inserts ``link`` as a child before ``index`` (``append``, ``extend`` and
        ``+=`` go through it; unlike v1's :meth:`add_link`, a link that already has
        a name is taken, as in v2+)."""
        if not isinstance(link, Link):
            raise TypeError('a child of ChainList must be a chainer.Link, got {}'
                            .format(type(link).__name__))
        self._children.insert(index, link)
        self._rename()

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

    def _child_items(self):
        return [(str(i), child) for i, child in enumerate(self._children)]

    def _copy_children(self):
        children = []
        for i, child in enumerate(self._children):
            child = child.copy()
            child.name = str(i)
            children.append(child)
        self._children = children
