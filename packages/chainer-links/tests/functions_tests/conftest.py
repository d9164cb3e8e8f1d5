"""Fixtures shared by every function test category: the float dtypes, seeded random
inputs, ``check_backward`` with per-dtype tolerances (CONTRIBUTING.md, "Tests") and the
host-versus-GPU comparison. Category folders keep only what is specific to them
(forward tolerances, direct-loop references, ...)."""
import zlib

import numpy
import pytest

import chainer
import chainer.functions
from chainer import cuda
from chainer import gradient_check
from chainer import testing

DTYPES = (numpy.float16, numpy.float32, numpy.float64)

#: check_backward tolerances by dtype; float16 functions are compared with a float64
#: numerical gradient, with loose tolerances.
BACKWARD_TOLERANCES = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}


@pytest.fixture(params=DTYPES, ids=['f16', 'f32', 'f64'])
def dtype(request):
    """Each float dtype in turn."""
    return request.param


@pytest.fixture
def rng():
    """A fixed-seed random generator of its own."""
    return numpy.random.RandomState(0)


@pytest.fixture(autouse=True)
def _seeded_numpy_random(request):
    """Seeds the global numpy RNG per test (from its id): reproducible inputs."""
    numpy.random.seed(zlib.crc32(request.node.nodeid.encode()))


@pytest.fixture
def grad_tol(dtype):
    """check_backward keyword arguments (tolerances) for the ``dtype`` fixture."""
    return dict(BACKWARD_TOLERANCES[dtype])


def _first_float_dtype(x_data):
    xs = x_data if isinstance(x_data, tuple) else (x_data,)
    for x in xs:
        if x is not None and x.dtype.kind == 'f':
            return x.dtype
    raise ValueError('check_backward: no floating input to take the tolerance dtype from; '
                     'pass tol_dtype')


def _check_backward(func, x_data, y_grad, tol_dtype=None, **kwargs):
    if tol_dtype is None:
        tol_dtype = _first_float_dtype(x_data)
    options = dict(BACKWARD_TOLERANCES[numpy.dtype(tol_dtype).type])
    options.update(kwargs)
    gradient_check.check_backward(func, x_data, y_grad, **options)


@pytest.fixture
def check_backward():
    """``check_backward(func, x_data, y_grad, tol_dtype=None, **kw)``:
    ``gradient_check.check_backward`` with the tolerances of ``tol_dtype`` (by default
    the dtype of the first floating input); keyword arguments override them."""
    return _check_backward


#: check_double_backward tolerances by dtype: second numerical derivatives are less
#: precise than first ones; float16 is compared with a float64 numerical gradient.
DOUBLE_BACKWARD_TOLERANCES = {
    numpy.float16: dict(atol=1e-1, rtol=1e-1, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-2),
    numpy.float64: dict(atol=1e-4, rtol=1e-3),
}


def _random_like(rng, arrays):
    return tuple(None if a is None or a.dtype.kind != 'f'
                 else rng.uniform(-1, 1, a.shape).astype(a.dtype) for a in arrays)


def _check_double_backward(func, x_data, tol_dtype=None, y_grad=None,
                           x_grad_grad=None, seed=0, **kwargs):
    xs = x_data if isinstance(x_data, tuple) else (x_data,)
    rng = numpy.random.RandomState(seed)
    if y_grad is None:
        ys = _as_tuple(func(*[None if x is None else chainer.Variable(x) for x in xs]))
        y_grad = _random_like(rng, [y.array for y in ys])
    if x_grad_grad is None:
        x_grad_grad = tuple(g for g in _random_like(rng, xs) if g is not None)
    if tol_dtype is None:
        tol_dtype = _first_float_dtype(xs)
    options = dict(DOUBLE_BACKWARD_TOLERANCES[numpy.dtype(tol_dtype).type])
    options.update(kwargs)
    gradient_check.check_double_backward(func, xs, y_grad, x_grad_grad, **options)


@pytest.fixture
def check_double_backward():
    """``check_double_backward(func, x_data, tol_dtype=None, y_grad=None,
    x_grad_grad=None, seed=0, **kw)``: ``gradient_check.check_double_backward`` with
    the tolerances of ``tol_dtype`` (by default the dtype of the first floating
    input); the output gradients and the gradients of the input gradients, when not
    given, are drawn uniformly from [-1, 1) in each array's dtype (one per floating
    input); keyword arguments override the tolerances."""
    return _check_double_backward


def _as_tuple(ys):
    return ys if isinstance(ys, tuple) else (ys,)


def _compare_with_gpu(func, x_data, atol=1e-5, rtol=1e-4):
    """Runs ``func`` on the host and on the GPU; asserts equal outputs and equal input
    gradients for all-ones output gradients. Several outputs must come from one
    function node (one backward then reads all their gradients)."""
    results = []
    for to_device in (numpy.array, cuda.to_gpu):
        xs = [chainer.Variable(to_device(x)) for x in x_data]
        ys = _as_tuple(func(*xs))
        for y in ys:
            y.grad = cuda.get_array_module(y.data).ones_like(y.data)
        ys[0].backward()
        results.append([cuda.to_cpu(y.data) for y in ys] +
                       [None if x.grad is None else cuda.to_cpu(x.grad) for x in xs])
    for on_host, on_gpu in zip(*results):
        assert (on_host is None) == (on_gpu is None)
        if on_host is not None:
            testing.assert_allclose(on_gpu, on_host, atol=atol, rtol=rtol)


@pytest.fixture
def compare_with_gpu():
    """``compare_with_gpu(func, x_data)``: GPU outputs and gradients equal the host's."""
    return _compare_with_gpu


def _assert_exported(name):
    assert callable(getattr(chainer.functions, name, None)), \
        'chainer.functions.{} is missing'.format(name)


@pytest.fixture
def assert_exported():
    """``assert_exported(name)``: ``chainer.functions.<name>`` exists and is callable."""
    return _assert_exported


def _assert_test_module(folder, filename, required):
    module = folder / filename
    assert module.is_file(), 'no test module {}'.format(module)
    source = module.read_text()
    for needed in required:
        alternatives = needed if isinstance(needed, tuple) else (needed,)
        assert any(text in source for text in alternatives), \
            '{} contains none of {}'.format(module, alternatives)


@pytest.fixture
def assert_test_module(request):
    """``assert_test_module(filename, *required)``: the test module ``filename`` of the
    requesting test's folder exists and contains each ``required`` string (a tuple:
    one of its strings), e.g. ``'F.relu('`` and ``'check_backward'``."""
    folder = request.path.parent
    return lambda filename, *required: _assert_test_module(folder, filename, required)
