"""VariableNode: a variable's place in the computational graph (the v2+ view).

Here a :class:`~chainer.Variable` is itself the vertex of the graph (its ``creator``
and ``rank`` live on it, as in v1), so a node is a thin view made on demand by
:attr:`Variable.node <chainer.Variable.node>`: it reads and writes the variable it
belongs to and keeps it alive.
"""


class VariableNode(object):
    """The node of a :class:`~chainer.Variable` in the graph.

    Args:
        variable (~chainer.Variable): the variable it stands for.

    Attributes:
        name: the variable's name.
    """

    __slots__ = ('_variable', '__weakref__')

    def __init__(self, variable, name=None, **kwargs):
        if 'grad' in kwargs:
            raise ValueError('VariableNode takes no grad argument (removed in v2): '
                             'set the gradient on the Variable instead')
        if kwargs:
            raise TypeError('VariableNode got unexpected keyword arguments: '
                            + ', '.join(sorted(kwargs)))
        self._variable = variable
        if name is not None:
            variable.name = name

    def __eq__(self, other):
        """A node equals its Variable (it stands for it) and the other nodes of it."""
        if other.__class__ is VariableNode:
            return other._variable is self._variable
        return other is self._variable

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._variable)

    def get_variable(self):
        """Returns the Variable of this node."""
        return self._variable

    def get_variable_or_none(self):
        """Returns the Variable of this node (it lives as long as the node)."""
        return self._variable

    @property
    def creator(self):
        """The function that computed the variable (None for a root)."""
        return self._variable.creator

    @creator.setter
    def creator(self, func):
        self._variable.set_creator_node(func)

    @property
    def creator_node(self):
        """The node that computed the variable (None for a root)."""
        return self._variable.creator_node

    @creator_node.setter
    def creator_node(self, func):
        self._variable.set_creator_node(func)

    def set_creator(self, func):
        """Makes ``func`` the creator of the variable."""
        self._variable.set_creator_node(func)

    def set_creator_node(self, func):
        """Makes ``func`` the creator of the variable."""
        self._variable.set_creator_node(func)

    @property
    def data(self):
        """The variable's data array."""
        return self._variable.data

    @data.setter
    def data(self, value):
        self._variable.data = value

    @property
    def grad(self):
        """The variable's gradient array."""
        return self._variable.grad

    @property
    def grad_var(self):
        """The variable's gradient as a Variable."""
        return self._variable.grad_var

    @property
    def name(self):
        """The variable's name."""
        return self._variable.name

    @name.setter
    def name(self, value):
        self._variable.name = value

    @property
    def rank(self):
        """The variable's topological rank."""
        return self._variable.rank

    @property
    def _rank(self):
        return self._variable.rank

    @_rank.setter
    def _rank(self, value):
        self._variable.rank = value

    @property
    def requires_grad(self):
        """Whether the variable's gradient is computed."""
        return self._variable.requires_grad

    @property
    def _requires_grad(self):
        return self._variable._requires_grad

    @_requires_grad.setter
    def _requires_grad(self, value):
        self._variable._requires_grad = value

    @property
    def dtype(self):
        """The dtype of the data."""
        return self._variable.dtype

    @property
    def shape(self):
        """The shape of the data."""
        return self._variable.shape

    @property
    def label(self):
        """Short text with the shape and dtype."""
        return self._variable.label

    def retain_data(self):
        """Keeps the data (always kept here)."""
        pass

    def unchain(self):
        """Removes the creator of the variable."""
        self._variable.creator = None
