"""SpectralNormalization and WeightStandardization (chainer.link_hooks, shipped by
chainer-links): the weight seen by the forward computation, the power iteration's
state, lazy weights, registration errors and serialization."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import link_hooks
from chainer import serializers


class _Dense(chainer.Link):
    """A v7-style link (forward) whose weight may be lazy, as L.Linear(None, n)."""

    def __init__(self, in_size, out_size, seed=0):
        super(_Dense, self).__init__()
        self.out_size = out_size
        self._rng = numpy.random.RandomState(seed)
        if in_size is None:
            self.add_uninitialized_param('W')
        else:
            self._initialize_params(in_size)

    def _initialize_params(self, in_size):
        self.add_param('W', (self.out_size, in_size),
                       initializer=self._rng.randn(self.out_size, in_size).astype('f'))

    def forward(self, x):
        return F.linear(x, self.W)


def _x(in_size=4):
    return numpy.random.RandomState(1).randn(2, in_size).astype('f')


def _largest_singular_value(w):
    return numpy.linalg.svd(w, compute_uv=False)[0]


class TestSpectralNormalization(object):

    def test_the_forward_sees_the_weight_over_its_largest_singular_value(self):
        link = _Dense(4, 3)
        w = link.W.array.copy()
        hook = link_hooks.SpectralNormalization(n_power_iteration=100)
        link.add_hook(hook)
        assert link.W_u.shape == (3,) and 'W_u' in link._persistent
        y = link(_x())
        expected = _x().dot((w / _largest_singular_value(w)).T)
        numpy.testing.assert_allclose(y.array, expected, rtol=1e-4, atol=1e-5)
        assert link.W is hook.original_weight and isinstance(link.W, chainer.Parameter)

    def test_the_gradient_reaches_the_weight_parameter(self):
        link = _Dense(4, 3)
        link.add_hook(link_hooks.SpectralNormalization())
        link.cleargrads()
        F.sum(link(_x())).backward()
        assert link.W.grad is not None and numpy.isfinite(link.W.grad).all()

    def test_the_vector_is_refined_in_training_only(self):
        link = _Dense(4, 3)
        hook = link_hooks.SpectralNormalization()
        link.add_hook(hook)
        u0 = link.W_u.copy()
        with chainer.using_config('train', False):
            link(_x())
        numpy.testing.assert_array_equal(link.W_u, u0)
        link(_x())
        assert not numpy.array_equal(link.W_u, u0)
        v = hook.v.copy()
        with chainer.using_config('in_recomputing', True):
            u1 = link.W_u.copy()
            link(_x())
        numpy.testing.assert_array_equal(link.W_u, u1)
        numpy.testing.assert_array_equal(hook.v, v)

    def test_gamma_starts_at_the_largest_singular_value(self):
        link = _Dense(4, 3)
        w = link.W.array.copy()
        link.add_hook(link_hooks.SpectralNormalization(n_power_iteration=100,
                                                       use_gamma=True))
        assert link.gamma.shape == ()
        numpy.testing.assert_allclose(link.gamma.array, _largest_singular_value(w),
                                      rtol=1e-5)
        # gamma * W / sigma(W) is W again
        numpy.testing.assert_allclose(link(_x()).array, _x().dot(w.T), rtol=1e-4,
                                      atol=1e-5)

    def test_a_lazy_weight_is_made_on_the_first_call(self):
        link = _Dense(None, 3)
        hook = link_hooks.SpectralNormalization()
        link.add_hook(hook)
        assert not hasattr(link, hook.vector_name)
        link(_x(5))
        assert link.W.shape == (3, 5) and link.W_u.shape == (3,)

    def test_deleting_removes_the_vector(self):
        link = _Dense(4, 3)
        link.add_hook(link_hooks.SpectralNormalization(use_gamma=True))
        link.delete_hook('SpectralNormalization')
        assert not hasattr(link, 'W_u') and not hasattr(link, 'gamma')
        numpy.testing.assert_allclose(link(_x()).array, _x().dot(link.W.array.T))

    def test_misuse_is_refused(self):
        with pytest.raises(ValueError):
            _Dense(4, 3).add_hook(link_hooks.SpectralNormalization(weight_name='V'))
        with pytest.raises(NotImplementedError):
            with link_hooks.SpectralNormalization():
                pass
        with pytest.raises(TypeError):
            with link_hooks.SpectralNormalization():
                pass
        with pytest.raises(ValueError):
            link_hooks.SpectralNormalization(n_power_iteration=0)

    def test_the_vector_is_saved_with_the_link(self, tmp_path):
        src = _Dense(4, 3)
        src.add_hook(link_hooks.SpectralNormalization())
        src(_x())
        path = str(tmp_path / 'sn.npz')
        serializers.save_npz(path, src)
        dst = _Dense(4, 3, seed=2)
        dst.add_hook(link_hooks.SpectralNormalization())
        serializers.load_npz(path, dst)
        numpy.testing.assert_array_equal(dst.W_u, src.W_u)
        numpy.testing.assert_array_equal(dst.W.array, src.W.array)


class TestWeightStandardization(object):

    def test_each_output_row_is_standardized(self):
        link = _Dense(4, 3)
        w = link.W.array.astype(numpy.float64)
        link.add_hook(link_hooks.WeightStandardization(eps=0.0))
        centered = w - w.mean(axis=1, keepdims=True)
        standardized = centered / numpy.sqrt((centered ** 2).mean(axis=1,
                                                                  keepdims=True))
        numpy.testing.assert_allclose(link(_x()).array, _x().dot(standardized.T),
                                      rtol=1e-4, atol=1e-5)
        assert isinstance(link.W, chainer.Parameter)

    def test_a_lazy_weight_and_the_gradient(self):
        link = _Dense(None, 2)
        link.add_hook(link_hooks.WeightStandardization())
        link.cleargrads()
        F.sum(link(_x(3))).backward()
        assert link.W.shape == (2, 3) and link.W.grad is not None

    def test_misuse_is_refused(self):
        with pytest.raises(ValueError):
            _Dense(4, 3).add_hook(link_hooks.WeightStandardization(weight_name='V'))
        with pytest.raises(NotImplementedError):
            with link_hooks.WeightStandardization():
                pass
