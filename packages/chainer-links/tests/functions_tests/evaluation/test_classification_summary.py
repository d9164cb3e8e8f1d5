import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _reference(y, t, label_num, beta, ignore_label):
    pred = numpy.moveaxis(y, 1, -1).reshape(-1, y.shape[1]).argmax(axis=1)
    true = t.ravel()
    keep = true != ignore_label
    pred, true = pred[keep], true[keep]
    out = []
    for c in range(label_num):
        tp = numpy.sum((pred == c) & (true == c))
        fp = numpy.sum((pred == c) & (true != c))
        fn = numpy.sum((pred != c) & (true == c))
        p = tp / (tp + fp) if tp + fp else numpy.nan
        r = tp / (tp + fn) if tp + fn else numpy.nan
        f = (1 + beta ** 2) * p * r / (beta ** 2 * p + r) if p + r else numpy.nan
        out.append((p, r, f, tp + fn))
    return [numpy.array(col, dtype=numpy.float64) for col in zip(*out)]


@pytest.mark.parametrize('shape', [(20, 4), (5, 4, 3)])
@pytest.mark.parametrize('label_num', [None, 4, 6])
@pytest.mark.parametrize('beta', [1.0, 0.5])
def test_forward(dtype, shape, label_num, beta):
    rng = numpy.random.RandomState(0)
    y = rng.uniform(-1, 1, shape).astype(dtype)
    t = rng.randint(0, 4, (shape[0],) + shape[2:]).astype(numpy.int32)
    t.ravel()[::5] = -1
    p, r, f, s = F.classification_summary(y, t, label_num=label_num, beta=beta)
    n = label_num or int(t.max()) + 1
    for v in (p, r, f):
        assert v.data.shape == (n,) and v.data.dtype == dtype
    assert s.data.dtype == numpy.int32
    ref = _reference(y, t, n, beta, -1)
    for got, want in zip((p, r, f, s), ref):
        testing.assert_allclose(got.data.astype(numpy.float64), want,
                                atol=1e-3, rtol=1e-3)


def test_known_values():
    y = numpy.eye(3, dtype=numpy.float32)[[0, 0, 1, 2, 2]]  # predictions 0 0 1 2 2
    t = numpy.array([0, 1, 1, 2, 0], numpy.int32)
    p, r, f, s = F.classification_summary(y, t)
    testing.assert_allclose(p.data, numpy.array([0.5, 1.0, 0.5], numpy.float32))
    testing.assert_allclose(r.data, numpy.array([0.5, 0.5, 1.0], numpy.float32))
    testing.assert_allclose(f.data, numpy.array([0.5, 2 / 3, 2 / 3], numpy.float32))
    assert s.data.tolist() == [2, 2, 1]


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.classification_summary(numpy.zeros((3, 4), numpy.float32),
                                 numpy.zeros(4, numpy.int32))


def test_bad_values():
    y = numpy.zeros((3, 4), numpy.float32)
    with pytest.raises(ValueError, match='t: every label'):
        F.classification_summary(y, numpy.array([0, -4, 1], numpy.int32), label_num=4)
    with pytest.raises(ValueError, match='beta'):
        F.classification_summary(y, numpy.array([0, 2, 1], numpy.int32), beta=0)


def test_ignore_label_may_be_a_class_as_in_v1():
    y = numpy.eye(3, dtype=numpy.float32)[[0, 0, 1, 2, 2, 0]]  # predictions 0 0 1 2 2 0
    t = numpy.array([0, 1, 1, 2, 0, 2], numpy.int32)
    p, r, f, s = F.classification_summary(y, t, label_num=3, ignore_label=0)
    ref = _reference(y, t, 3, 1.0, 0)
    for got, want in zip((p, r, f, s), ref):
        testing.assert_allclose(got.data.astype(numpy.float64), want)
    assert s.data.tolist() == [0, 2, 2]
    assert p.data[0] == 0 and numpy.isnan(r.data[0])  # class 0 is predicted, never true


def test_scores_may_have_trailing_unit_axes_as_in_v1():
    y = numpy.eye(3, dtype=numpy.float32)[[0, 0, 1, 2, 2]]
    t = numpy.array([0, 1, 1, 2, 0], numpy.int32)
    expected = F.classification_summary(y, t)
    for got, want in zip(F.classification_summary(y[:, :, None, None], t), expected):
        testing.assert_allclose(got.data, want.data)


@pytest.mark.parametrize('name,index', [('precision', 0), ('recall', 1), ('f1_score', 2),
                                        ('fbeta_score', 2)])
def test_single_score_functions_of_v1(name, index):
    from chainer.functions.evaluation import classification_summary as module

    y = numpy.eye(3, dtype=numpy.float32)[[0, 0, 1, 2, 2]]
    t = numpy.array([0, 1, 1, 2, 0], numpy.int32)
    summary = F.classification_summary(y, t)
    score, support = getattr(module, name)(y, t)
    testing.assert_allclose(score.data, summary[index].data)
    assert support.data.tolist() == summary[3].data.tolist()
    if name != 'fbeta_score':
        assert getattr(F, name) is getattr(module, name)
