"""Checks every link test runs: gradients reach the parameters, serialization and
copies restore identical outputs."""
import numpy

import chainer
from chainer import gradient_check
from chainer import serializers
from chainer import testing


def to_float64(link):
    """Casts every parameter of ``link`` (data and gradient) to float64 in place, so
    that numerical gradients are accurate; returns the link."""
    for param in link.params():
        param.data = param.data.astype(numpy.float64)
        param.grad = None
    return link


def check_backward(link, x_data, y_grad=None, call=None, atol=1e-4, rtol=1e-4):
    """Numerical gradient check of ``call(link, *xs)`` (default ``link(*xs)``) with
    respect to the float inputs and every parameter of ``link`` (cast to float64).

    Fails when a parameter receives no gradient at all.
    """
    to_float64(link)
    call = call or (lambda *xs: link(*xs))
    params = tuple(link.params())
    gradient_check.check_backward(call, x_data, y_grad, params=params, eps=1e-3,
                                  atol=atol, rtol=rtol)
    for path, param in link.namedparams():
        assert param.grad is not None, 'no gradient reached {}'.format(path)


def outputs(call, link):
    """The output arrays of ``call(link)`` as a tuple (volatile-free numpy)."""
    ys = call(link)
    if not isinstance(ys, (tuple, list)):
        ys = (ys,)
    return tuple(y.data if isinstance(y, chainer.Variable) else y for y in ys)


def assert_same_outputs(call, link_a, link_b):
    for ya, yb in zip(outputs(call, link_a), outputs(call, link_b)):
        numpy.testing.assert_array_equal(ya, yb)


def perturb(link):
    """Adds noise to every parameter so that a fresh link differs from ``link``."""
    for param in link.params():
        param.data += numpy.random.uniform(0.5, 1, param.shape).astype(param.dtype)


def check_serialization(make_link, call, tmp_path):
    """``make_link()`` saved to npz and hdf5 and loaded into a fresh link (after its
    own parameters were perturbed) gives identical outputs under ``call``."""
    src = make_link()
    expected = outputs(call, src)
    for ext, save, load in (('npz', serializers.save_npz, serializers.load_npz),
                            ('h5', serializers.save_hdf5, serializers.load_hdf5)):
        path = str(tmp_path / ('link.' + ext))
        save(path, src)
        dst = make_link()
        perturb(dst)
        load(path, dst)
        for y, e in zip(outputs(call, dst), expected):
            numpy.testing.assert_array_equal(y, e)


def check_copies(make_link, call):
    """``copy()`` shares parameter arrays and ``copyparams`` reproduces the outputs
    of the source link."""
    src = make_link()
    dup = src.copy()
    for (path, p), (path_c, p_c) in zip(src.namedparams(), dup.namedparams()):
        assert path == path_c
        assert p_c is not p and p_c.data is p.data
    assert_same_outputs(call, src, dup)
    other = make_link()
    perturb(other)
    other.copyparams(src)
    assert_same_outputs(call, src, other)


def assert_allclose(actual, expected, **kw):
    testing.assert_allclose(actual, expected, **kw)
