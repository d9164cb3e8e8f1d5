"""Copies of a parameter (``copy.copy``, ``Link.copy()``) share the slot of its data
array, as in Chainer v7: an array assigned to one of them is the array of all of
them, until one moves to a device."""
import copy

import numpy

import chainer
from chainer import initializers
from chainer import Parameter


class _Affine(chainer.Link):
    """A link with ``W`` (lazily shaped when ``n_in`` is None) and ``b``, built on core
    only (chainer-core's tests run without chainer-links)."""

    def __init__(self, n_in, n_out):
        super(_Affine, self).__init__()
        self.n_out = n_out
        with self.init_scope():
            self.W = Parameter(initializers.Normal(),
                               None if n_in is None else (n_out, n_in))
            self.b = Parameter(0, (n_out,))

    def __call__(self, x):
        if self.W.array is None:
            self.W.initialize((self.n_out, x.shape[1]))
        return self.W


def _linear():
    return _Affine(2, 2)


def test_link_copies_see_an_assigned_array():
    head = _linear()
    a = chainer.ChainList(head.copy(), _Affine(2, 3))
    b = chainer.ChainList(head.copy(), _Affine(2, 4))
    new_w = numpy.zeros((2, 2), numpy.float32)
    a[0].W.array = new_w
    assert b[0].W.array is new_w and head.W.array is new_w
    other = numpy.ones(2, numpy.float32)
    b[0].b.data = other  # the v1 name of the attribute too
    assert a[0].b.array is other
    # the links that were not copied from one another stay apart
    assert a[1].W.array is not b[1].W.array
    # each copy keeps a gradient of its own
    assert a[0].W.grad is None and b[0].W.grad is None
    assert a[0].W is not b[0].W


def test_shallow_copy_of_a_parameter_shares_the_slot():
    p = Parameter(numpy.arange(3, dtype=numpy.float32))
    q = copy.copy(p)
    r = copy.copy(q)
    x = numpy.full(3, 7, numpy.float32)
    r.data = x
    assert p.data is x and q.array is x


def test_deep_copy_does_not_share_the_slot():
    p = Parameter(numpy.arange(3, dtype=numpy.float32))
    q = copy.deepcopy(p)
    q.data = numpy.zeros(3, numpy.float32)
    numpy.testing.assert_array_equal(p.data, [0, 1, 2])


def test_copies_made_before_initialization_share_the_new_array():
    link = _Affine(None, 3)
    twin = link.copy()
    twin(numpy.ones((1, 4), numpy.float32))
    assert link.W.array is twin.W.array
    assert link.W.shape == (3, 4)
    later = numpy.zeros((3, 4), numpy.float32)
    link.W.array = later
    assert twin.W.array is later


def test_a_move_leaves_the_sharing():
    p = Parameter(numpy.arange(3, dtype=numpy.float32))
    q = copy.copy(p)
    q.to_device('@numpy')
    q.data = numpy.zeros(3, numpy.float32)
    numpy.testing.assert_array_equal(p.data, [0, 1, 2])
    r = copy.copy(p)
    p.to_cpu()
    p.data = numpy.ones(3, numpy.float32)
    numpy.testing.assert_array_equal(r.data, [0, 1, 2])


def test_in_place_updates_stay_shared_and_deleted_copies_are_dropped():
    head = _linear()
    a = head.copy()
    a.W.array[...] = 5
    assert (head.W.array == 5).all()
    b = head.copy()
    del a
    w = numpy.zeros((2, 2), numpy.float32)
    b.W.array = w
    assert head.W.array is w
