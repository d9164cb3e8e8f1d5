"""The part of a Chainer graph that a Caffe export writes: the functions in an order
Caffe can run them (each after the functions its inputs come from), and the blob
names of the variables flowing between them."""


def functions_in_order(outputs):
    """Returns the functions that compute ``outputs``, each one after every function
    whose output it reads (a depth-first post-order of the graph).

    Args:
        outputs (list of ~chainer.Variable): the results of the exported call.

    Returns:
        list: the functions (v1 ``Function`` or ``FunctionNode`` objects).
    """
    order = []
    state = {}  # id(function) -> False while its inputs are visited, True once placed
    stack = [(out.creator, False) for out in reversed(outputs)
             if out.creator is not None]
    while stack:
        func, inputs_done = stack.pop()
        key = id(func)
        if inputs_done:
            if state.get(key) is False:
                state[key] = True
                order.append(func)
            continue
        if key in state:
            continue
        state[key] = False
        stack.append((func, True))
        for x in reversed(tuple(func.inputs)):
            creator = x.creator
            if creator is not None and id(creator) not in state:
                stack.append((creator, False))
    return order


class BlobNames(object):
    """Names of the blobs: ``'data'`` for the exported input, the top name of the
    layer that computes any other variable.

    Args:
        data: the Variable given to the model (the net's ``Input``).
        data_name (str): its blob name.
    """

    def __init__(self, data, data_name='data'):
        self._data = data
        self.data_name = data_name
        self._tops = {}  # id(function) -> top name of its (one) output
        self._keep = []  # the functions named, so that their ids stay theirs

    def is_data(self, x):
        """Whether ``x`` is the exported input (the Variable itself, or a node or
        wrapper of its array made by a function call)."""
        if x is self._data:
            return True
        return x.creator is None and _array_of(x) is _array_of(self._data)

    def name(self, x):
        """The blob name of ``x``; None for a constant (a parameter or an array given
        to a function), which is a blob of the layer that reads it."""
        if self.is_data(x):
            return self.data_name
        creator = x.creator
        if creator is None:
            return None
        return self._tops[id(creator)]

    def set_top(self, func, name):
        """Records that the output of ``func`` is the blob ``name``."""
        self._keep.append(func)
        self._tops[id(func)] = name


def _array_of(x):
    return getattr(x, 'data', None)
