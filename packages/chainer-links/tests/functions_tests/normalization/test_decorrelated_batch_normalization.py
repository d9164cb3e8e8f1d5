import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.functions.normalization import _matrix_roots
from chainer.utils import type_check


def _groups(y, groups):
    c = y.shape[1]
    return y.transpose((1, 0) + tuple(range(2, y.ndim))).reshape(groups, c // groups, -1)


@pytest.mark.parametrize('shape,groups', [((20, 4), 2), ((10, 6, 3), 3), ((30, 3), 1)])
def test_output_of_each_group_is_white(shape, groups):
    x = numpy.random.randn(*shape)
    x[:, 0] += 2 * x[:, -1]  # correlated channels
    y = F.decorrelated_batch_normalization(x, groups=groups, eps=1e-8).data
    for g in _groups(y, groups):
        testing.assert_allclose(g.mean(axis=1), 0, atol=1e-7)
        testing.assert_allclose(g @ g.T / g.shape[1], numpy.eye(len(g)), atol=1e-5)


def test_zca_matches_eigendecomposition_and_updates_statistics():
    x = numpy.random.randn(8, 2)
    mean, proj = numpy.zeros((1, 2)), numpy.broadcast_to(numpy.eye(2), (1, 2, 2)).copy()
    y = F.decorrelated_batch_normalization(x, groups=1, eps=0.1, running_mean=mean,
                                           running_projection=proj, decay=0.5)
    xc = x - x.mean(axis=0)
    w, v = numpy.linalg.eigh(xc.T @ xc / 8 + 0.1 * numpy.eye(2))
    p = v @ numpy.diag(w ** -0.5) @ v.T
    testing.assert_allclose(y.data, xc @ p.T)
    testing.assert_allclose(mean[0], 0.5 * x.mean(axis=0))
    testing.assert_allclose(proj[0], 0.5 * numpy.eye(2) + 0.5 * 8 / 7 * p)


def test_fixed_uses_the_given_statistics():
    x = numpy.random.randn(3, 4, 2)
    mean = numpy.random.randn(2, 2)
    proj = numpy.random.randn(2, 2, 2)
    y = F.fixed_decorrelated_batch_normalization(x, mean, proj, groups=2).data
    for i in range(2):
        xi = x[:, 2 * i:2 * i + 2]                          # (3, 2, 2)
        expected = numpy.einsum('ij,njs->nis', proj[i], xi - mean[i][None, :, None])
        testing.assert_allclose(y[:, 2 * i:2 * i + 2], expected)


def test_inverse_square_root_node_derivatives():
    a = numpy.random.randn(3, 6)
    s0 = a @ a.T / 6 + numpy.eye(3)

    def f(s):
        return _matrix_roots.InvSqrt().apply(((s + s.T) * 0.5,))[0]

    gradient_check.check_backward(f, s0, numpy.random.randn(3, 3), atol=1e-5, rtol=1e-5)
    gradient_check.check_double_backward(f, s0, numpy.random.randn(3, 3),
                                         numpy.random.randn(3, 3), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('dtype,tol', [(numpy.float32, 5e-2), (numpy.float64, 1e-4)])
def test_double_backward(dtype, tol):
    x = numpy.random.randn(6, 4).astype(dtype)
    gy = numpy.random.randn(6, 4).astype(dtype)
    ggx = numpy.random.randn(6, 4).astype(dtype)
    gradient_check.check_double_backward(
        lambda x: F.decorrelated_batch_normalization(x, groups=2, eps=0.1), x, gy, ggx,
        dtype=numpy.float64, atol=tol, rtol=tol)


def test_fixed_double_backward():
    args = [numpy.random.randn(3, 4), numpy.random.randn(2, 2),
            numpy.random.randn(2, 2, 2)]
    gy = numpy.random.randn(3, 4)
    ggs = [numpy.random.randn(*a.shape) for a in args]
    gradient_check.check_double_backward(
        lambda *a: F.fixed_decorrelated_batch_normalization(*a, groups=2) ** 2, args,
        gy, ggs)


def test_bad_arguments():
    x = numpy.zeros((4, 6), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.decorrelated_batch_normalization(x, groups=4)
    with pytest.raises(TypeError):
        F.decorrelated_batch_normalization(x, groups=2.0)
    with pytest.raises(type_check.InvalidType):
        F.fixed_decorrelated_batch_normalization(
            x, numpy.zeros((2, 2), numpy.float32), numpy.zeros((2, 3, 3), numpy.float32),
            groups=2)
