"""Hierarchical softmax over a binary tree: ``L.BinaryHierarchicalSoftmax`` and its
function node."""
import heapq
import numbers

import numpy

from chainer import cuda
from chainer import function
from chainer import initializers
from chainer import link
from chainer.functions import _type_checks
from chainer.functions.array import _add_at
from chainer.links import _args
from chainer.utils import type_check


def _leaf_paths(tree):
    """Walks ``tree`` (nested pairs) in pre-order, numbering the internal nodes from 0.

    Returns:
        tuple: ``(n_nodes, leaves)``, ``leaves`` being ``(leaf, path, code)`` for every
        leaf in order, with the internal node indices from the root and the directions
        taken: +1 to go left, -1 to go right, as v1's implementation numbered them (its
        documentation says the opposite; the implementation's
        convention is what weights trained with v1 hold).
    """
    leaves = []
    n_nodes = 0
    # Iterative pre-order walk: (subtree, path so far, codes so far).
    stack = [(tree, (), ())]
    while stack:
        node, path, code = stack.pop()
        if not isinstance(node, tuple):
            leaves.append((node, path, code))
            continue
        if len(node) != 2:
            raise ValueError('every internal node of tree must be a pair, got '
                             '{!r}'.format(node))
        index = n_nodes
        n_nodes += 1
        stack.append((node[1], path + (index,), code + (-1.0,)))
        stack.append((node[0], path + (index,), code + (1.0,)))
    return n_nodes, leaves


class TreeParser(object):
    """The root-to-leaf paths of a binary tree, per leaf (v1's parser).

    After :meth:`parse`, :meth:`size` is the number of internal nodes (numbered in
    pre-order from 0) and :meth:`get_paths` / :meth:`get_codes` map each leaf to the
    int32 indices of the internal nodes on its path and the float32 directions taken
    (+1 left, -1 right).
    """

    def __init__(self):
        self.next_id = 0
        self.paths = {}
        self.codes = {}

    def parse(self, tree):
        """Parses ``tree``, nested pairs (tuples) whose leaves are any hashable ids."""
        self.next_id, leaves = _leaf_paths(tree)
        self.paths = {leaf: numpy.array(path, dtype=numpy.int32)
                      for leaf, path, _ in leaves}
        self.codes = {leaf: numpy.array(code, dtype=numpy.float32)
                      for leaf, _, code in leaves}

    def size(self):
        """The number of internal nodes of the parsed tree."""
        return self.next_id

    def get_paths(self):
        """The dict from each leaf to the internal nodes on its path."""
        return self.paths

    def get_codes(self):
        """The dict from each leaf to the directions taken on its path."""
        return self.codes


class TreeCodes(object):
    """The root-to-leaf paths of a binary tree, flattened for vectorized lookups.

    Internal nodes are numbered in pre-order from 0. The path of word ``w`` is
    ``paths[begins[w]:begins[w + 1]]`` (internal node indices) with the directions
    ``codes[...]`` (+1 left, -1 right; see :func:`_leaf_paths`).

    Args:
        tree: nested pairs (tuples) whose leaves are the word ids ``0..n-1``, each
            exactly once, e.g. ``((0, 1), 2)``.

    Attributes:
        n_nodes (int): Number of internal nodes (``n - 1``).
        paths (numpy.ndarray): int32 concatenated node indices of all paths.
        codes (numpy.ndarray): float32 directions matching ``paths``.
        begins (numpy.ndarray): int32 offsets of the paths, length ``n + 1``.
    """

    def __init__(self, tree):
        if not isinstance(tree, tuple):
            raise ValueError('tree must be a tuple of two subtrees, got {!r}'.format(
                tree))
        self.n_nodes, leaves = _leaf_paths(tree)
        word_paths = {}
        for word, path, code in leaves:
            if isinstance(word, bool) or not isinstance(word, numbers.Integral):
                raise ValueError('leaves of tree must be int word ids, got {!r}'.format(
                    word))
            if word in word_paths:
                raise ValueError('word {} appears twice in tree'.format(word))
            word_paths[int(word)] = (path, code)
        n_words = len(word_paths)
        if sorted(word_paths) != list(range(n_words)):
            raise ValueError('leaves of tree must be the word ids 0..{} each once, got '
                             '{}'.format(n_words - 1, sorted(word_paths)))
        lengths = [len(word_paths[w][0]) for w in range(n_words)]
        self.begins = numpy.concatenate(([0], numpy.cumsum(lengths))).astype(
            numpy.int32)
        self.paths = numpy.array([n for w in range(n_words) for n in word_paths[w][0]],
                                 dtype=numpy.int32)
        self.codes = numpy.array([c for w in range(n_words) for c in word_paths[w][1]],
                                 dtype=numpy.float32)

    @property
    def n_words(self):
        """The number of words (leaves) of the tree."""
        return len(self.begins) - 1

    def lookup(self, t):
        """Flattened paths of the labels ``t`` (host int array).

        Returns:
            tuple: ``(rows, nodes, codes)``: for every step of every path, the batch
            row it belongs to, the internal node and the direction.
        """
        if t.size and (t.min() < 0 or t.max() >= self.n_words):
            raise ValueError('labels must be in [0, {}), got values in [{}, {}]'.format(
                self.n_words, t.min(), t.max()))
        starts = self.begins[t]
        lengths = self.begins[t + 1] - starts
        rows = numpy.repeat(numpy.arange(len(t), dtype=numpy.int32), lengths)
        # Position within each path: a global range minus each path's first offset.
        first = numpy.cumsum(lengths) - lengths
        steps = numpy.arange(lengths.sum(), dtype=numpy.int32) - numpy.repeat(
            first, lengths)
        index = numpy.repeat(starts, lengths) + steps
        return rows, self.paths[index], self.codes[index]


class BinaryHierarchicalSoftmaxFunction(function.Function):
    """Negative log-likelihood of hierarchical softmax, summed over the batch.

    ``loss = sum_i sum_{(e, b) in path(t_i)} log(1 + exp(-b x_i . W_e))``; its
    backward also works on Variables (differentiable twice).

    Args:
        tree: The tree (nested pairs of word ids, as v1 took it) or its flattened
            paths (:class:`TreeCodes`, parsed once by the link).
    """

    def __init__(self, tree):
        self.tree_codes = tree if isinstance(tree, TreeCodes) else TreeCodes(tree)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        x_type, t_type, w_type = in_types
        _type_checks.expect_embedding_output_inputs(x_type, t_type, w_type)
        type_check.expect(w_type.shape[0] == self.tree_codes.n_nodes)

    def forward(self, inputs):
        x, t, W = inputs
        xp = cuda.get_array_module(x)
        rows, nodes, codes = self.tree_codes.lookup(cuda.to_cpu(t).astype(numpy.int64))
        if xp is not numpy:
            rows, nodes, codes = cuda.to_gpu(rows), cuda.to_gpu(nodes), \
                cuda.to_gpu(codes)
        codes = codes.astype(x.dtype, copy=False)
        # z = b x . W_e for every step of every path; loss = sum softplus(-z).
        z = codes * (W[nodes] * x[rows]).sum(axis=1)
        self._saved = rows, nodes, codes, z
        loss = xp.logaddexp(x.dtype.type(0), -z).sum()
        return xp.asarray(loss, dtype=x.dtype),

    _differentiable_backward = True

    def _variable_grads(self, x, W, gy):
        """The gradients as Variables of differentiable functions (double backprop):
        rows of ``x`` and ``W`` gathered and scattered back by the core's GetItem."""
        import chainer
        from chainer import functions as F
        from chainer.core_functions.get_item import GetItem
        rows, nodes, codes, _ = self._saved
        get_x, get_w = GetItem((rows,)), GetItem((nodes,))
        xr, wn = get_x(x), get_w(W)  # (K, D) each
        b = chainer.Variable(codes, requires_grad=False)
        z = b * F.sum(xr * wn, axis=1)
        g = F.broadcast_to(F.reshape(gy, (1,)), z.shape) * b * F.sigmoid(-z) * -1.0
        g2 = F.broadcast_to(F.expand_dims(g, 1), xr.shape)
        gx, = get_x.backward((x,), (g2 * wn,))
        gW, = get_w.backward((W,), (g2 * xr,))
        return gx, None, gW

    def backward(self, inputs, grad_outputs):
        x, _, W = inputs
        import chainer
        if isinstance(grad_outputs[0], chainer.Variable):  # differentiable twice
            return self._variable_grads(x, W, grad_outputs[0])
        xp = cuda.get_array_module(x)
        rows, nodes, codes, z = self._saved
        # d softplus(-z) / dz = -sigmoid(-z); z = b x . W_e.
        g = -grad_outputs[0] * codes / (1 + xp.exp(z))
        gx = xp.zeros_like(x)
        _add_at.add_rows(gx, rows, g[:, None] * W[nodes])
        gW = xp.zeros_like(W)
        _add_at.add_rows(gW, nodes, g[:, None] * x[rows])
        return gx, None, gW


class BinaryHierarchicalSoftmax(link.Link):
    """Hierarchical softmax layer over a binary tree.

    Each leaf of the tree is a word; with ``path(x) = ((e_1, b_1), ..., (e_m, b_m))``
    the internal nodes and directions (+1 left, -1 right, as v1 computed it) from the
    root to the leaf:

    .. math::
        P(x) = \\prod_{(e_i, b_i) \\in path(x)} \\sigma(b_i x^\\top w_{e_i}),

    in O(log n) per word on average. The loss is the negative log-likelihood summed
    over the batch. See: Hierarchical Probabilistic Neural Network Language Model
    [Morin+, AISTAT2005].

    Args:
        in_size (int): Dimension of input vectors.
        tree: A binary tree made of pairs, e.g. ``((1, 2), 3)``, whose leaves are the
            word ids ``0..n-1``.
        dtype (numpy.dtype or None): dtype of ``W`` (Chainer v7; default:
            ``chainer.config.dtype``, float32 unless configured).

    Attributes:
        W (~chainer.Variable): Weight matrix, one row per internal node (drawn from
            U(-1, 1), as in v1).
    """

    def __init__(self, in_size, tree, dtype=None):
        super(BinaryHierarchicalSoftmax, self).__init__()
        in_size = _args.positive_int(in_size, 'in_size')
        self.tree_codes = TreeCodes(tree)
        from chainer import get_dtype
        self.add_param('W', (self.tree_codes.n_nodes, in_size), dtype=get_dtype(dtype),
                       initializer=initializers.Uniform(1.0))

    def __call__(self, x, t):
        """Computes the loss value for inputs ``x`` ``(B, in_size)`` and labels
        ``t`` ``(B,)``.

        Returns:
            ~chainer.Variable: The loss (a scalar).
        """
        return BinaryHierarchicalSoftmaxFunction(self.tree_codes)(x, t, self.W)

    def forward(self, x, t):
        """The loss, as :meth:`__call__` computes it (v2+ name)."""
        return self(x, t)

    @property
    def _func(self):
        # Chainer v7 kept the tree's arrays (begins, paths, codes) on an attribute of
        # this name; its tests read and set them there.
        return self.tree_codes

    @staticmethod
    def create_huffman_tree(word_counts):
        """Makes a Huffman tree from a dictionary of word counts.

        The two least frequent subtrees are merged repeatedly, e.g.
        ``{0: 8, 1: 5, 2: 6, 3: 4}`` gives ``((3, 1), (2, 0))``.

        Args:
            word_counts (dict): counts (int or float) keyed by word.

        Returns:
            The binary Huffman tree (nested pairs of words).
        """
        if not word_counts:
            raise ValueError('word_counts must not be empty')
        # The insertion counter breaks ties so that subtrees are never compared.
        heap = [(count, i, word) for i, (word, count) in enumerate(word_counts.items())]
        heapq.heapify(heap)
        order = len(heap)
        while len(heap) > 1:
            count1, _, node1 = heapq.heappop(heap)
            count2, _, node2 = heapq.heappop(heap)
            heapq.heappush(heap, (count1 + count2, order, (node1, node2)))
            order += 1
        return heap[0][2]
