"""The documented signatures of chainer.functions and chainer.links, copied from the v1
documentation, against ``inspect.signature`` of the implementation: a renamed, reordered or
re-defaulted parameter fails here.

Sources: ``003`` is the "Standard Function implementations" page (it wins for
functions), ``001`` the Chainer 1.14 reference (functions and links), ``000`` the
1.7.2 reference, used for the class lines that the 1.14 text lost (its parameter lists
then give the names added since). The text extraction dropped minus signs in 003
(``eps=2e05``, ``ignore_label=1``); they are restored here from 001 where it has the
same function, and from the parameter descriptions otherwise.

A default written ``...`` is documented by name only (the parameter list names it, the
class line is missing): its position is checked, its value is not. ``*`` separates
documented keyword arguments (``LSTM(in_size, out_size, **kwargs)``): they must exist and
be passable by keyword, in any position.
"""
import inspect

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer.testing import check_signature

# name -> (documented parameters, source)
FUNCTIONS = {
    'accuracy': ('(y, t, ignore_label=None)', '001'),
    'argmax': ('(x, axis=None)', '003'),
    'argmax_crf1d': ('(cost, xs)', '003'),
    'argmin': ('(x, axis=None)', '003'),
    'average_pooling_2d': ('(x, ksize, stride=None, pad=0, use_cudnn=True)', '003'),
    # v7 put pad_value fifth; a v1 call's fifth argument (use_cudnn, a bool) is told
    # apart from a pad value by its type, so documented calls keep their meaning
    'average_pooling_nd': ('(x, ksize, stride=None, pad=0, pad_value=0, use_cudnn=True)',
                           '003 + v7'),
    'batch_inv': ('(a)', '003'),
    'batch_l2_norm_squared': ('(x)', '003'),
    'batch_matmul': ('(a, b, transa=False, transb=False)', '003'),
    'batch_normalization': (
        '(x, gamma, beta, eps=2e-05, running_mean=None, running_var=None, decay=0.9, '
        'use_cudnn=True)',
        '003'),
    'bernoulli_nll': ('(x, y)', '003'),
    'bias': ('(x, y, axis=1)', '003'),
    'bilinear': ('(e1, e2, W, V1=None, V2=None, b=None)', '003'),
    'black_out': ('(x, t, W, samples)', '003'),
    'broadcast': ('(*args)', '001'),
    'broadcast_to': ('(x, shape)', '001'),
    'cast': ('(x, typ)', '001'),
    'classification_summary': ('(y, t, label_num=None, beta=1.0, ignore_label=-1)', '003'),
    'clip': ('(x, x_min, x_max)', '001'),
    'clipped_relu': ('(x, z=20.0)', '003'),
    'concat': ('(xs, axis=1)', '001'),
    'connectionist_temporal_classification': (
        '(x, t, blank_symbol, input_length=None, label_length=None)',
        '003'),
    'contrastive': ('(x0, x1, y, margin=1)', '003'),
    'convolution_2d': (
        '(x, W, b=None, stride=1, pad=0, use_cudnn=True, cover_all=False, deterministic=False)',
        '003'),
    'convolution_nd': ('(x, W, b=None, stride=1, pad=0, use_cudnn=True, cover_all=False)', '003'),
    'copy': ('(x, dst)', '003'),
    'cos': ('(x)', '001'),
    'cosh': ('(x)', '001'),
    'crelu': ('(x, axis=1)', '003'),
    'crf1d': ('(cost, xs, ys)', '003'),
    'cross_covariance': ('(y, z)', '003'),
    'deconvolution_2d': (
        '(x, W, b=None, stride=1, pad=0, outsize=None, use_cudnn=True, deterministic=False)',
        '003'),
    'deconvolution_nd': ('(x, W, b=None, stride=1, pad=0, outsize=None, use_cudnn=True)', '003'),
    'dilated_convolution_2d': (
        '(x, W, b=None, stride=1, pad=0, dilate=1, use_cudnn=True, cover_all=False)',
        '003'),
    'dropout': ('(x, ratio=0.5, train=True)', '003'),
    'elu': ('(x, alpha=1.0)', '003'),
    'embed_id': ('(x, W, ignore_label=None)', '003'),
    'exp': ('(x)', '001'),
    'expand_dims': ('(x, axis)', '001'),
    'fixed_batch_normalization': ('(x, gamma, beta, mean, var, eps=2e-05, use_cudnn=True)', '003'),
    'forget': ('(func, *xs)', '003'),
    'gaussian': ('(mean, ln_var)', '001'),
    'gaussian_kl_divergence': ('(mean, ln_var)', '003'),
    'gaussian_nll': ('(x, mean, ln_var)', '003'),
    'get_item': ('(x, slices)', '003'),
    'hard_sigmoid': ('(x)', '003'),
    'hinge': ("(x, t, norm='L1')", '003'),
    'hstack': ('(xs)', '001'),
    'huber_loss': ('(x, t, delta)', '003'),
    'identity': ('(*inputs)', '001'),
    'inv': ('(a)', '001'),
    'leaky_relu': ('(x, slope=0.2)', '001'),
    'linear': ('(x, W, b=None)', '003'),
    'linear_interpolate': ('(p, x, y)', '001'),
    'local_response_normalization': ('(x, n=5, k=2, alpha=0.0001, beta=0.75)', '003'),
    'log': ('(x)', '001'),
    'log10': ('(x)', '001'),
    'log1p': ('(x)', '001'),
    'log2': ('(x)', '001'),
    'log_softmax': ('(x, use_cudnn=True)', '003'),
    'logsumexp': ('(x, axis=None)', '003'),
    'lstm': ('(c_prev, x)', '003'),
    'matmul': ('(a, b, transa=False, transb=False)', '003'),
    'max': ('(x, axis=None, keepdims=False)', '003'),
    'max_pooling_2d': ('(x, ksize, stride=None, pad=0, cover_all=True, use_cudnn=True)', '003'),
    'max_pooling_nd': ('(x, ksize, stride=None, pad=0, cover_all=True, use_cudnn=True)', '003'),
    'maximum': ('(x1, x2)', '001'),
    'maxout': ('(x, pool_size, axis=1)', '003'),
    'mean_squared_error': ('(x0, x1)', '001'),
    'min': ('(x, axis=None, keepdims=False)', '003'),
    'minimum': ('(x1, x2)', '001'),
    'n_step_lstm': (
        '(n_layers, dropout_ratio, hx, cx, ws, bs, xs, train=True, use_cudnn=True)',
        '003'),
    'negative_sampling': ('(x, t, W, sampler, sample_size)', '003'),
    'normalize': ('(x, eps=1e-05)', '003'),
    'permutate': ('(x, indices, axis=0, inv=False)', '003'),
    'prelu': ('(x, W)', '003'),
    'r2_score': ("(pred, true, sample_weight=None, multioutput='uniform_average')", '003'),
    'relu': ('(x, use_cudnn=True)', '003'),
    'reshape': ('(x, shape)', '001'),
    'roi_pooling_2d': ('(x, rois, outh, outw, spatial_scale)', '003'),
    'rollaxis': ('(x, axis, start=0)', '001'),
    'rsqrt': ('(x)', '001'),
    'scale': ('(x, y, axis=1)', '003'),
    'select_item': ('(x, t)', '001'),
    'separate': ('(x, axis=0)', '003'),
    'sigmoid': ('(x, use_cudnn=True)', '003'),
    'sigmoid_cross_entropy': ('(x, t, use_cudnn=True, normalize=True)', '003'),
    'sin': ('(x)', '001'),
    'sinh': ('(x)', '001'),
    'slstm': ('(c_prev1, c_prev2, x1, x2)', '003'),
    'softmax': ('(x, use_cudnn=True)', '003'),
    'softmax_cross_entropy': (
        '(x, t, use_cudnn=True, normalize=True, cache_score=True, class_weight=None)',
        '003'),
    'softplus': ('(x, beta=1.0)', '001'),
    # v5+ made pooling_class optional (pooling='max' instead)
    'spatial_pyramid_pooling_2d': ('(x, pyramid_height, pooling_class=None, use_cudnn=True)',
                                   '003 + v5'),
    'split_axis': ('(x, indices_or_sections, axis, force_tuple=False)', '003'),
    'sqrt': ('(x)', '001'),
    'square': ('(x)', '003'),
    'squeeze': ('(x, axis=None)', '003'),
    'stack': ('(xs, axis=0)', '001'),
    'sum': ('(x, axis=None)', '003'),
    'swapaxes': ('(x, axis1, axis2)', '001'),
    'tan': ('(x)', '001'),
    'tanh': ('(x, use_cudnn=True)', '001'),
    'tile': ('(x, reps)', '003'),
    'transpose': ('(x, axes=None)', '003'),
    'transpose_sequence': ('(xs)', '003'),
    'triplet': ('(anchor, positive, negative, margin=0.2)', '003'),
    'unpooling_2d': ('(x, ksize, stride=None, pad=0, outsize=None, cover_all=True)', '003'),
    'upsampling_2d': (
        '(x, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True)',
        '003'),
    'vstack': ('(xs)', '001'),
    'where': ('(condition, x, y)', '001'),
}

# Parameters added after the documented text (newer Chainer API, or a documented behaviour
# that needs a switch). They must come after the documented ones and have defaults, so
# every documented call still means the same thing. Anything else is drift.
EXTENSIONS = {
    # the softmax axis of later Chainer; chainer-caffe's Softmax layer passes it
    'softmax': ['axis'],
    # 001 ignores t[i] == -1; the issue asks for the label to be configurable
    'softmax_cross_entropy': ['ignore_label', 'reduce', 'enable_double_backprop',
                              'soft_target_loss'],
    # 003's ``deterministic`` of convolution_2d/deconvolution_2d, on the links too;
    # v4+'s dilate and v6+'s groups
    'Convolution2D': ['deterministic', 'dilate', 'groups'],
    'Deconvolution2D': ['deterministic', 'dilate', 'groups'],
    'convolution_2d': ['dilate', 'groups'],
    'convolution_nd': ['dilate', 'groups'],
    'deconvolution_2d': ['dilate', 'groups'],
    'deconvolution_nd': ['dilate', 'groups'],
    # v4+'s batch axes
    'linear': ['n_batch_axes'],
    # v5+'s axis of the statistics, v4+'s pooling indices
    'batch_normalization': ['axis'],
    'fixed_batch_normalization': ['axis'],
    'max_pooling_2d': ['return_indices'],
    'max_pooling_nd': ['return_indices'],
    'spatial_pyramid_pooling_2d': ['pooling'],
    'log_softmax': ['axis'],
    'Linear.__call__': ['n_batch_axes'],
    # 1.14's parameters not in its (short) list: initial values of gamma/beta, cuDNN
    'BatchNormalization': ['initial_gamma', 'initial_beta', 'use_cudnn',
                           # v5+: the axis of the statistics, initial averages
                           'axis', 'initial_avg_mean', 'initial_avg_var'],
    # the initializers of LSTM, which StatelessLSTM shares its connections with
    'StatelessLSTM': ['lateral_init', 'upward_init', 'bias_init', 'forget_bias_init'],
    # the dtype of the BatchNormalization layers inside
    'InceptionBN': ['dtype'],
    # v2+'s names of the two sizes, by keyword
    'GRU': ['in_size', 'out_size'],
    # options Chainer v1.24 added after the documented signatures (issue #14)
    'sum': ['keepdims'],
    'normalize': ['axis'],
    'bernoulli_nll': ['reduce'],
    'gaussian_kl_divergence': ['reduce'],
    'gaussian_nll': ['reduce'],
    'hinge': ['reduce'],
    'huber_loss': ['reduce'],
    'contrastive': ['reduce'],
    'triplet': ['reduce'],
    'cross_covariance': ['reduce'],
    'sigmoid_cross_entropy': ['reduce'],
    'crf1d': ['reduce'],
    'black_out': ['reduce'],
    'connectionist_temporal_classification': ['reduce'],
    'negative_sampling': ['reduce', 'return_samples'],
    'NegativeSampling.__call__': ['reduce', 'return_samples'],
    # v7's initializer of the transition costs and dtypes of the loss links' weights
    'CRF1d': ['initial_cost'],
    'NegativeSampling': ['dtype'],
    'BinaryHierarchicalSoftmax': ['dtype'],
    # v2+'s label_key: the labels may be any positional or a keyword argument
    'Classifier': ['label_key'],
    'Classifier.__call__': ['kwargs'],
    # v2+'s keyword-only mask and return_mask, eps and return_eps
    'dropout': ['kwargs'],
    'gaussian': ['kwargs'],
}

# Documented in 003 by name only (no signature in any spec text): they must exist.
NAMED_ONLY = [
    'arccos', 'arcsin', 'arctan', 'binary_accuracy', 'ceil', 'dstack', 'flatten',
    'fliplr', 'flipud', 'floor', 'mean_absolute_error', 'squared_difference',
]

LINKS = {
    'Bias': ('(axis=1, shape=None)', '001'),
    'Bilinear': (
        '(left_size, right_size, out_size, nobias=False, initialW=None, initial_bias=None)',
        '001'),
    'Convolution2D': (
        '(in_channels, out_channels, ksize, stride=1, pad=0, wscale=1, bias=0, nobias=False,'
        ' use_cudnn=True, initialW=None, initial_bias=None)', '000, list in 001'),
    'Deconvolution2D': (
        '(in_channels, out_channels, ksize, stride=1, pad=0, wscale=1, bias=0, nobias=False,'
        ' outsize=None, use_cudnn=True, initialW=None, initial_bias=None)', '001'),
    'EmbedID': ('(in_size, out_size, initialW=..., ignore_label=...)', '000 + list in 001'),
    # 001 has n_units without a default; v2+'s GRU(in_size=..., out_size=...) needs it
    # optional (GRU() still raises, for the missing size)
    'GRU': ('(n_units=None, n_inputs=None, init=None, inner_init=None, bias_init=0)',
            '001 + v2'),
    'Inception': (
        '(in_channels, out1, proj3, out3, proj5, out5, proj_pool, conv_init=...,'
        ' bias_init=...)', '000 + list in 001'),
    'InceptionBN': (
        '(in_channels, out1, proj3, out3, proj33, out33, pooltype, proj_pool=None, stride=1,'
        ' conv_init=...)', '000 + list in 001'),
    'Linear': (
        '(in_size, out_size, wscale=1, bias=0, nobias=False, initialW=None,'
        ' initial_bias=None)', '001'),
    'LSTM': (
        '(in_size, out_size, *, lateral_init=..., upward_init=..., bias_init=...,'
        ' forget_bias_init=...)', '001 (**kwargs and its list)'),
    'MLPConvolution2D': (
        '(in_channels, out_channels, ksize, stride=1, pad=0, wscale=1, activation=F.relu,'
        ' use_cudnn=True, conv_init=..., bias_init=...)', '000 + list in 001'),
    'Scale': ('(axis=1, W_shape=None, bias_term=False, bias_shape=None)', '001'),
    'StatefulGRU': ('(in_size, out_size, init=..., inner_init=..., bias_init=...)',
                    '000 + list in 001'),
    'StatefulPeepholeLSTM': ('(in_size, out_size)', '001'),
    'StatelessLSTM': ('(in_size, out_size)', 'list in 001'),
    # 000's class line has eps=1e-05; 1.14 moved the default to batch_normalization's
    # 2e-05 (documented for batch_normalization), which the link passes through.
    # (v7: size may be None, the link then sizes itself on the first input; dtype None
    # is chainer.config.dtype, float32 unless configured)
    'BatchNormalization': (
        '(size=None, decay=0.9, eps=2e-05, dtype=None, use_gamma=..., use_beta=...)',
        '000 + list in 001'),
    'BinaryHierarchicalSoftmax': ('(in_size, tree)', '001'),
    'CRF1d': ('(n_label)', '001'),
    'PReLU': ('(shape=(), init=0.25)', '001'),
    'Maxout': ('(in_size, out_size, pool_size, wscale=1, initialW=None, initial_bias=0)',
               '001'),
    'NegativeSampling': ('(in_size, counts, sample_size, power=0.75)', '001'),
    'Classifier': (
        '(predictor, lossfun=F.softmax_cross_entropy, accfun=F.accuracy)', '001'),
    'Parameter': ('(array)', '001'),
}

# Documented methods (without ``self``), from the 1.14 reference.
METHODS = {
    'Bias.__call__': '(*xs)',
    'Bilinear.__call__': '(e1, e2)',
    'Convolution2D.__call__': '(x)',
    'EmbedID.__call__': '(x)',
    'Inception.__call__': '(x)',
    'Linear.__call__': '(x)',
    'LSTM.__call__': '(x)',
    'LSTM.reset_state': '()',
    'LSTM.set_state': '(c, h)',
    'MLPConvolution2D.__call__': '(x)',
    'Scale.__call__': '(*xs)',
    'StatefulPeepholeLSTM.__call__': '(x)',
    'StatefulPeepholeLSTM.reset_state': '()',
    'StatelessLSTM.__call__': '(c, h, x)',
    'BatchNormalization.__call__': '(x, test=False, finetune=False)',
    'BatchNormalization.start_finetuning': '()',
    'BinaryHierarchicalSoftmax.__call__': '(x, t)',
    'BinaryHierarchicalSoftmax.create_huffman_tree': '(word_counts)',
    'PReLU.__call__': '(x)',
    'Maxout.__call__': '(x)',
    'NegativeSampling.__call__': '(x, t)',
    'Classifier.__call__': '(*args)',
    'Parameter.__call__': "(volatile='off')",
}

_NAMES = {'numpy': numpy, 'F': F}

# v1's per-call switches whose default became None, so that ``chainer.config`` decides
# when the caller does not pass them (``train``, ``use_cudnn``; ``not config.train`` for
# ``test``), as Chainer v2+ code expects. An explicit argument keeps v1's meaning and
# wins, and with the default configuration (train True, use_cudnn 'auto') a call without
# it behaves as v1's default did (docs/compatibility.rst).
CONFIG_DEFAULTS = (('train=True', 'train=None'), ('test=False', 'test=None'),
                   ('use_cudnn=True', 'use_cudnn=None'))


# v2+'s short forms: a required argument of v1 became optional, its omission shifting
# the others (``Linear(out_size)``, ``Convolution2D(out_channels, ksize)``); every
# documented call keeps its meaning.
SHORT_FORMS = {
    'Linear': ('out_size,', 'out_size=None,'),
    'Convolution2D': ('ksize,', 'ksize=None,'),
    'Deconvolution2D': ('ksize,', 'ksize=None,'),
    'MLPConvolution2D': ('ksize,', 'ksize=None,'),
    # ``LSTM(out_size)``: the one argument is the output size (v2+)
    'LSTM': ('out_size,', 'out_size=None,'),
    'StatelessLSTM': ('out_size)', 'out_size=None)'),
}


def _check(name, obj, text, extensions=()):
    for documented, implemented in CONFIG_DEFAULTS:
        text = text.replace(documented, implemented)
    if name in SHORT_FORMS:
        text = text.replace(*SHORT_FORMS[name])
    check_signature(obj, text, extras=extensions, namespace=_NAMES, name=name)


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_function_signature(name):
    text, _ = FUNCTIONS[name]
    assert hasattr(F, name), 'chainer.functions.{} is missing'.format(name)
    _check(name, getattr(F, name), text, EXTENSIONS.get(name, ()))


@pytest.mark.parametrize('name', NAMED_ONLY)
def test_named_only_function_exists(name):
    assert callable(getattr(F, name, None)), 'chainer.functions.{} is missing'.format(name)


@pytest.mark.parametrize('name', sorted(LINKS))
def test_link_signature(name):
    text, _ = LINKS[name]
    assert hasattr(L, name), 'chainer.links.{} is missing'.format(name)
    _check(name, getattr(L, name), text, EXTENSIONS.get(name, ()))


@pytest.mark.parametrize('qualname', sorted(METHODS))
def test_link_method_signature(qualname):
    cls_name, method = qualname.split('.')
    cls = getattr(L, cls_name)
    if method == '__call__' and cls.__call__ is chainer.Link.__call__:
        # v2+ links define forward, which Link.__call__ runs around the link hooks
        method = 'forward'
    method_obj = getattr(cls, method)
    if not isinstance(inspect.getattr_static(cls, method), staticmethod):
        first = next(iter(inspect.signature(method_obj).parameters), None)
        assert first == 'self', qualname
    _check(qualname, method_obj, METHODS[qualname], EXTENSIONS.get(qualname, ()))


def test_create_huffman_tree_is_static_and_matches_the_documented_example():
    # v1's documented example: {0: 8, 1: 5, 2: 6, 3: 4} is converted to ((3, 1), (2, 0)).
    tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 8, 1: 5, 2: 6, 3: 4})
    assert tree == ((3, 1), (2, 0))


def test_every_extension_names_a_documented_callable():
    for name in EXTENSIONS:
        assert name in FUNCTIONS or name in LINKS or name in METHODS, name


# Parameterized functions of the v1.3 API that old code still calls through
# chainer.functions (002 "Parameterized functions", "Recurrent Nets"): the links.
COMPAT_ALIASES = ['EmbedID', 'Linear', 'Parameter']


@pytest.mark.parametrize('name', COMPAT_ALIASES)
def test_v13_parameterized_function_names_are_the_links(name):
    assert getattr(F, name) is getattr(L, name)


def test_v13_tutorial_code_runs():
    # 002: f = F.Linear(3, 2); y = f(x); p = F.Parameter(array); y = p() * x
    import warnings

    import chainer

    x = chainer.Variable(numpy.array([[1, 2, 3], [4, 5, 6]], dtype=numpy.float32))
    f = F.Linear(3, 2)
    numpy.testing.assert_allclose(f(x).data, x.data.dot(f.W.data.T) + f.b.data, rtol=1e-6)
    embed = F.EmbedID(10, 4)
    assert embed(numpy.array([1, 9], numpy.int32)).data.shape == (2, 4)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        p = F.Parameter(numpy.full((2, 3), 2, numpy.float32))
    numpy.testing.assert_array_equal((p() * x).data, 2 * x.data)


def test_unknown_name_still_raises_attribute_error():
    with pytest.raises(AttributeError, match='Linearr'):
        F.Linearr
