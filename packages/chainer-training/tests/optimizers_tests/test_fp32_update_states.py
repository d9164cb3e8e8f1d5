"""use_fp32_update (fp32 master weights): a float16 parameter is updated through
a float32 copy, and its optimizer state (momentum, Adam's moments) is float32
too, whether the state was made before or after use_fp32_update was called. In
float16, Adam's eps (1e-8) is 0 and its first step divides by zero."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import optimizers


def _link():
    numpy.random.seed(0)
    with chainer.using_config('dtype', chainer.mixed16):
        return L.Linear(4, 3)


@pytest.mark.parametrize('make', [optimizers.Adam, optimizers.MomentumSGD,
                                  optimizers.RMSprop, optimizers.AdaGrad])
def test_float16_parameters_keep_float32_states_and_stay_finite(make):
    link = _link()
    opt = make()
    opt.setup(link)  # states made here, in float16, then converted
    opt.use_fp32_update()
    x = numpy.random.RandomState(1).rand(5, 4).astype(numpy.float16)
    for _ in range(3):
        opt.update(lambda: F.sum(link(x) ** 2))
    assert link.W.dtype == numpy.float16 and numpy.isfinite(link.W.array).all()
    for state in (link.W.update_rule.state, link.b.update_rule.state):
        assert state and all(v.dtype == numpy.float32 for v in state.values()
                             if hasattr(v, 'dtype'))
    master = link.W.update_rule._fp32_param.array
    assert master.dtype == numpy.float32
    numpy.testing.assert_array_equal(master.astype(numpy.float16), link.W.array)


def test_float32_reference_and_fp32_update_take_the_same_adam_steps():
    # the same float16 gradients: the float32 master moves as float32 Adam does
    link16, link32 = _link(), _link()
    link32.W.array = link16.W.array.astype(numpy.float32)
    link32.b.array = link16.b.array.astype(numpy.float32)
    opt16, opt32 = optimizers.Adam(), optimizers.Adam()
    opt16.setup(link16)
    opt16.use_fp32_update()
    opt32.setup(link32)
    rng = numpy.random.RandomState(2)
    for _ in range(4):
        g = rng.randn(3, 4).astype(numpy.float16)
        link16.W.grad, link16.b.grad = g, numpy.zeros(3, numpy.float16)
        link32.W.grad, link32.b.grad = g.astype(numpy.float32), numpy.zeros(3, 'f')
        opt16.update()
        opt32.update()
    numpy.testing.assert_allclose(link16.W.update_rule._fp32_param.array,
                                  link32.W.array, rtol=1e-6, atol=1e-7)


def _step(link, opt, seed):
    x = numpy.random.RandomState(seed).rand(5, 4).astype(numpy.float16)
    opt.update(lambda: F.sum(link(x) ** 2))


def _mixed16_adam():
    link = _link()
    opt = optimizers.Adam(alpha=1e-4)  # steps below float16's resolution of W
    opt.setup(link)
    opt.use_fp32_update()
    return link, opt


def test_a_resumed_mixed16_run_continues_from_the_float32_master(tmp_path):
    straight, opt = _mixed16_adam()
    for seed in range(4):
        _step(straight, opt, seed)

    first, opt1 = _mixed16_adam()
    for seed in range(2):
        _step(first, opt1, seed)
    chainer.serializers.save_npz(str(tmp_path / 'model.npz'), first)
    chainer.serializers.save_npz(str(tmp_path / 'opt.npz'), opt1)
    with numpy.load(str(tmp_path / 'opt.npz')) as f:
        assert f['W/fp32_param'].dtype == numpy.float32
    resumed, opt2 = _mixed16_adam()
    chainer.serializers.load_npz(str(tmp_path / 'model.npz'), resumed)
    chainer.serializers.load_npz(str(tmp_path / 'opt.npz'), opt2)
    for seed in range(2, 4):
        _step(resumed, opt2, seed)
    numpy.testing.assert_array_equal(resumed.W.update_rule._fp32_param.array,
                                     straight.W.update_rule._fp32_param.array)
    numpy.testing.assert_array_equal(resumed.W.array, straight.W.array)


def test_a_file_without_the_master_makes_it_from_the_parameter(tmp_path):
    link, opt = _mixed16_adam()
    _step(link, opt, 0)
    entries = chainer.serializers.DictionarySerializer()
    entries.save(opt)
    target = {k: v for k, v in entries.target.items() if 'fp32_param' not in k}
    other, opt2 = _mixed16_adam()
    chainer.serializers.NpzDeserializer(target).load(opt2)
    assert other.W.update_rule._fp32_param is None
    lenient = chainer.serializers.NpzDeserializer(target, strict=False)
    lenient.load(opt2)
    assert other.W.update_rule._fp32_param is None
