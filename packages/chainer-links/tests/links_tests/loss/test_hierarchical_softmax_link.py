"""BinaryHierarchicalSoftmax, its function and create_huffman_tree."""
import numpy
import pytest

import chainer
import chainer.links as L
import link_checks
from chainer.links.loss import hierarchical_softmax


def test_create_huffman_tree_spec_example():
    tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
    assert tree == ((3, 1), (2, 0))
    assert L.BinaryHierarchicalSoftmax.create_huffman_tree({7: 1}) == 7
    with pytest.raises(ValueError, match='word_counts'):
        L.BinaryHierarchicalSoftmax.create_huffman_tree({})


def test_tree_codes_paths_in_preorder():
    codes = hierarchical_softmax.TreeCodes(((0, 1), 2))
    assert codes.n_nodes == 2 and codes.n_words == 3
    rows, nodes, dirs = codes.lookup(numpy.array([2, 1]))
    assert rows.tolist() == [0, 1, 1]
    assert nodes.tolist() == [0, 0, 1]
    assert dirs.tolist() == [-1, 1, -1]


def _sigmoid(z):
    return 1 / (1 + numpy.exp(-z))


def test_loss_equals_path_products_and_probabilities_sum_to_one():
    tree = ((0, (1, 2)), (3, 4))
    link = L.BinaryHierarchicalSoftmax(3, tree)
    assert link.W.shape == (4, 3)
    link.W.data[...] = numpy.random.randn(4, 3)
    x = numpy.random.randn(1, 3).astype(numpy.float32)
    W = link.W.data
    # Pre-order internal nodes: 0 root, 1 = (0, (1, 2)), 2 = (1, 2), 3 = (3, 4).
    # Directions as v1 computed them: +1 left, -1 right.
    paths = {0: [(0, 1), (1, 1)], 1: [(0, 1), (1, -1), (2, 1)],
             2: [(0, 1), (1, -1), (2, -1)], 3: [(0, -1), (3, 1)], 4: [(0, -1), (3, -1)]}
    probs = []
    for word, path in paths.items():
        p = numpy.prod([_sigmoid(b * W[e].dot(x[0])) for e, b in path])
        probs.append(p)
        loss = link(chainer.Variable(x), chainer.Variable(numpy.array([word], 'i')))
        numpy.testing.assert_allclose(loss.data, -numpy.log(p), rtol=1e-5)
    numpy.testing.assert_allclose(sum(probs), 1, rtol=1e-5)


def test_loss_is_summed_over_the_batch():
    link = L.BinaryHierarchicalSoftmax(2, ((0, 1), 2))
    link.W.data[...] = numpy.random.randn(2, 2)
    x = numpy.random.randn(3, 2).astype(numpy.float32)
    t = numpy.array([2, 0, 1], 'i')
    total = link(chainer.Variable(x), chainer.Variable(t)).data
    parts = [link(chainer.Variable(x[i:i + 1]), chainer.Variable(t[i:i + 1])).data
             for i in range(3)]
    numpy.testing.assert_allclose(total, sum(parts), rtol=1e-5)


def test_backward_serialization_copies(tmp_path):
    tree = ((0, 1), (2, (3, 4)))
    link = L.BinaryHierarchicalSoftmax(3, tree)
    link_checks.perturb(link)
    t = numpy.array([4, 0, 4, 2], dtype=numpy.int32)
    link_checks.check_backward(link, (numpy.random.randn(4, 3), t), None)

    def make():
        link = L.BinaryHierarchicalSoftmax(3, tree)
        link.W.data[...] = numpy.random.randn(*link.W.shape)
        return link
    x = numpy.random.randn(4, 3).astype(numpy.float32)

    def call(link):
        return link(chainer.Variable(x), chainer.Variable(t))
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)


@pytest.mark.parametrize('tree,match', [
    (3, 'tuple'), (((0, 1, 2), 3), 'pair'), ((0, 0), 'twice'), ((0, 2), '0..1'),
    ((0, 'a'), 'int')])
def test_bad_trees(tree, match):
    with pytest.raises(ValueError, match=match):
        L.BinaryHierarchicalSoftmax(2, tree)


def test_bad_inputs():
    link = L.BinaryHierarchicalSoftmax(2, ((0, 1), 2))
    with pytest.raises(ValueError, match='labels'):
        link(chainer.Variable(numpy.zeros((1, 2), 'f')),
             chainer.Variable(numpy.array([3], 'i')))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        link(chainer.Variable(numpy.zeros((1, 3), 'f')),
             chainer.Variable(numpy.array([0], 'i')))


def test_weights_trained_with_v1_give_v1_probabilities():
    # v1 multiplied x . w_e by +1 on going left and -1 on going right, so a W trained
    # with v1 keeps its meaning: P(0) = sigmoid(x . w_0) for the tree (0, 1).
    link = L.BinaryHierarchicalSoftmax(2, (0, 1))
    link.W.data[...] = [[2.0, -1.0]]
    x = numpy.array([[1.0, 0.5]], numpy.float32)
    for word, sign in [(0, 1), (1, -1)]:
        loss = link(chainer.Variable(x), chainer.Variable(numpy.array([word], 'i')))
        numpy.testing.assert_allclose(loss.data, -numpy.log(_sigmoid(sign * 1.5)),
                                      rtol=1e-6)


def test_tree_parser_gives_v1_paths_and_codes_per_leaf():
    parser = hierarchical_softmax.TreeParser()
    parser.parse((('a', 'b'), 'c'))
    assert parser.size() == 2
    paths, codes = parser.get_paths(), parser.get_codes()
    assert {k: v.tolist() for k, v in paths.items()} == {
        'a': [0, 1], 'b': [0, 1], 'c': [0]}
    assert {k: v.tolist() for k, v in codes.items()} == {
        'a': [1, 1], 'b': [1, -1], 'c': [-1]}
    assert paths['a'].dtype == numpy.int32 and codes['a'].dtype == numpy.float32
    with pytest.raises(ValueError, match='pair'):
        parser.parse((1, 2, 3))


def test_function_takes_the_tree_as_in_v1():
    link = L.BinaryHierarchicalSoftmax(2, ((0, 1), 2))
    link.W.data[...] = numpy.random.randn(2, 2)
    x = numpy.random.randn(3, 2).astype(numpy.float32)
    t = numpy.array([2, 0, 1], 'i')
    func = hierarchical_softmax.BinaryHierarchicalSoftmaxFunction(((0, 1), 2))
    numpy.testing.assert_allclose(
        func(chainer.Variable(x), chainer.Variable(t), link.W).data,
        link(chainer.Variable(x), chainer.Variable(t)).data, rtol=1e-6)


def test_weights_are_drawn_from_uniform_minus_one_one_as_in_v1():
    W = L.BinaryHierarchicalSoftmax(3, L.BinaryHierarchicalSoftmax.create_huffman_tree(
        {i: i + 1 for i in range(2000)})).W.data
    assert W.shape == (1999, 3) and W.min() >= -1 and W.max() <= 1
    numpy.testing.assert_allclose(W.std(), 1 / numpy.sqrt(3), rtol=0.05)
    assert abs(W.mean()) < 0.05
