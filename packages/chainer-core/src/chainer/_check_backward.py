"""The backward check behind :func:`chainer.gradient_check.check_backward`.

It compares one number: the derivative of ``func`` along a random direction ``r`` of
the inputs (and parameters). With ``g(delta) = gy . func(x + delta r)``, backprop gives
``g'(0) = sum_i grad_i . r_i`` and two evaluations of ``g`` give it numerically, so the
cost no longer grows with the number of input elements (v7's method; v1 compared the
gradient element by element).
"""
import numpy

from chainer import cuda
from chainer import variable
from chainer._numerical_grad import numerical_grad


def as_tuple(x):
    """``x`` as a tuple (a list converted, anything else wrapped)."""
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


class NoGradientError(AssertionError, TypeError):
    """Backward gave None for an input whose gradient is checked. v1 failed there
    comparing None with an array, a TypeError that v1 tests expect."""


class UnexpectedGradientError(RuntimeError, AssertionError):
    """Backward gave a gradient to an input listed in ``no_grads`` (v7: RuntimeError;
    this project's earlier releases: AssertionError)."""


def check_outputs_and_grads(ys, gys):
    """Raises ValueError unless ``gys`` has one gradient per output, of its shape and
    dtype."""
    if len(ys) != len(gys):
        raise ValueError('func returned {} outputs but {} output gradients were given'
                         .format(len(ys), len(gys)))
    for i, (y, gy) in enumerate(zip(ys, gys)):
        if gy is None or y is None:
            continue
        if y.shape != gy.shape or y.dtype != gy.dtype:
            raise ValueError(
                'output {} is {} {} but its gradient is {} {}'.format(
                    i, y.shape, y.dtype, gy.shape, gy.dtype))


class _CheckBackward(object):
    """One run of the directional check (see :func:`check_backward` for the
    arguments)."""

    def __init__(self, func, xs, gys, params, eps, atol, rtol, no_grads, dtype,
                 detect_nondifferentiable, none_grad_is_zero=False):
        self.none_grad_is_zero = none_grad_is_zero
        if dtype is not None and numpy.dtype(dtype).kind != 'f':
            raise ValueError('dtype of check_backward must be a float type or None, '
                             'got {}'.format(numpy.dtype(dtype)))
        self.func = func
        self.xs = as_tuple(xs)
        self.gys = None if gys is None else as_tuple(gys)
        self.params = as_tuple(params)
        if no_grads is None:
            no_grads = [x is None or x.dtype.kind != 'f' for x in self.xs]
        elif len(no_grads) != len(self.xs):
            raise ValueError('no_grads has {} entries for {} inputs'.format(
                len(no_grads), len(self.xs)))
        self.no_grads = list(no_grads)
        self.eps, self.atol, self.rtol = eps, atol, rtol
        self.dtype = dtype
        self.detect_nondifferentiable = detect_nondifferentiable
        arrays = [x for x in self.xs if x is not None]
        self.xp = cuda.get_array_module(*arrays) if arrays else numpy

    def run(self):
        """Runs backward and the numerical derivative; raises AssertionError when
        they differ."""
        xs, ys = self._forward()
        gys = self._output_grads(ys)
        directions = self._sample_directions()
        analytic = self._backward(xs, ys, gys, directions)
        param_grads = [p.grad_var for p in self.params]
        try:
            numeric = self._numeric(directions, gys)
            self._compare(numeric, analytic, gys, directions)
        finally:
            # the parameters keep the gradients backward gave them (as in v1)
            for p, g in zip(self.params, param_grads):
                p.grad_var = g

    def _forward(self):
        xs = [None if x is None else
              variable.Variable(x, requires_grad=x.dtype.kind == 'f') for x in self.xs]
        for p in self.params:
            p.cleargrad()
        ys = as_tuple(self.func(*xs))
        for v in list(xs) + list(self.params):  # func may run a backward itself
            if v is not None:
                v.cleargrad()
        return xs, ys

    def _output_grads(self, ys):
        if self.gys is None:
            if len(ys) != 1 or ys[0].data.size != 1:
                raise ValueError(
                    'y_grad may be None only for a function with a single output of '
                    'one element (a loss); the outputs have shapes {}'.format(
                        ', '.join(str(y.shape) for y in ys)))
            data = ys[0].data
            with cuda.get_device(data):
                gys = (cuda.get_array_module(data).ones_like(data),)
        else:
            gys = self.gys
            check_outputs_and_grads(ys, gys)
        return tuple([None if y is None else gy for y, gy in zip(ys, gys)])

    def _direction_shapes(self):
        shapes = [x.shape for x, skip in zip(self.xs, self.no_grads)
                  if not skip and x is not None]
        return shapes + [p.shape for p in self.params]

    def _sample_directions(self):
        shapes = self._direction_shapes()
        sizes = [int(numpy.prod(s)) for s in shapes]
        packed = self._sample_unit_vector(sum(sizes), self.xp)
        out = []
        start = 0
        for shape, size in zip(shapes, sizes):
            out.append(packed[start:start + size].reshape(shape))
            start += size
        return out

    @staticmethod
    def _sample_unit_vector(size, xp):
        """A random unit vector of ``size`` float64 elements whose entries are all at
        least ``0.1 / sqrt(size)`` in magnitude (tiny entries would make the check
        blind to those elements)."""
        v = xp.random.normal(size=(size,))
        if size == 0:
            return v
        sq = xp.square(v)
        # mix the normalized squares with the uniform ones: 0.99 and 0.01 of the norm
        return xp.copysign(xp.sqrt(0.99 * sq / sq.sum() + 0.01 / size), v)

    def _backward(self, xs, ys, gys, directions):
        from chainer import _backward_outputs
        grads = [None if g is None else variable.Variable(g.copy(), requires_grad=False)
                 for g in gys]
        _backward_outputs.backward_outputs(list(ys), grads)
        checked = []
        for i, (x, skip) in enumerate(zip(xs, self.no_grads)):
            if x is None:
                continue
            if skip:
                if x.grad is not None:
                    raise UnexpectedGradientError(
                        'input {} is in no_grads but got a gradient'.format(i))
                continue
            checked.append(self._grad_or_zeros(x, 'input {}'.format(i)))
        for i, p in enumerate(self.params):
            checked.append(self._grad_or_zeros(p, 'param {}'.format(i)))
        self._analytic = checked
        total = 0.0
        for g, d in zip(checked, directions):
            total = total + (g.astype(numpy.float64) * d).sum()
        return total

    def _grad_or_zeros(self, v, name):
        if v.grad is not None:
            return v.grad
        if not self.none_grad_is_zero:
            raise NoGradientError('{} got no gradient from backward'.format(name))
        return cuda.get_array_module(v.data).zeros_like(v.data)

    def _cast(self, a):
        if a is None or self.dtype is None or a.dtype.kind != 'f':
            return a
        return a.astype(self.dtype, copy=False)

    def _checked_names(self):
        names = ['input {}'.format(i) for i, (x, skip) in
                 enumerate(zip(self.xs, self.no_grads)) if not skip and x is not None]
        return names + ['param {}'.format(i) for i in range(len(self.params))]

    def _elementwise(self, gys):
        """The message for the first checked variable whose gradient differs from
        the numerical one element by element, or None when none does."""
        unit = []
        for shape in self._direction_shapes():
            unit.append(self.xp.zeros(shape, dtype=numpy.float64))
        dtypes = [self._cast(x).dtype for x, skip in zip(self.xs, self.no_grads)
                  if not skip and x is not None]
        dtypes += [self._cast(p.data).dtype for p in self.params]
        for k, (name, analytic) in enumerate(zip(self._checked_names(),
                                                 self._analytic)):
            numeric = self.xp.zeros(analytic.shape, dtype=numpy.float64)
            for index in numpy.ndindex(analytic.shape):
                unit[k][index] = 1
                numeric[index] = self._numeric(unit, gys)
                unit[k][index] = 0
            # as v1: the numerical gradient in the dtype of the moved variable
            numeric = numeric.astype(dtypes[k]).astype(numpy.float64)
            diff = numpy.abs(cuda.to_cpu(numeric) - cuda.to_cpu(analytic))
            tol = self.atol + self.rtol * numpy.abs(cuda.to_cpu(analytic))
            if (diff > tol).any() or not numpy.isfinite(diff).all():
                worst = numpy.unravel_index(numpy.argmax(diff - tol), diff.shape)
                worst = tuple(int(i) for i in worst)
                return ('gradient of {} differs from the numerical one: worst element '
                        '{}: numerical {}, backward {}\nnumerical:\n{}\nbackward:\n{}'
                        .format(name, worst, numeric[worst], analytic[worst], numeric,
                                analytic))
        return None

    def _numeric(self, directions, gys):
        xs, params = self.xs, self.params
        checked_x = [self._cast(x) for x, skip in zip(xs, self.no_grads)
                     if not skip and x is not None]
        fixed = [self._cast(x) if skip else None for x, skip in zip(xs, self.no_grads)]
        base = checked_x + [self._cast(p.data) for p in params]
        originals = [p.data for p in params]
        delta = self.xp.zeros((), dtype=numpy.float64)
        func = self.func

        def moved(a, d):
            return (a.astype(numpy.float64) + delta * d).astype(a.dtype)

        def g():
            args = []
            j = 0
            for i, (x, skip) in enumerate(zip(xs, self.no_grads)):
                if x is None:
                    args.append(None)
                elif skip:
                    args.append(variable.Variable(fixed[i], requires_grad=False))
                else:
                    args.append(variable.Variable(moved(base[j], directions[j])))
                    j += 1
            for p, b, d in zip(params, base[j:], directions[j:]):
                p.data = moved(b, d)
            try:
                for p in params:
                    p.cleargrad()
                ys = as_tuple(func(*args))
                return tuple([None if y is None else y.data for y in ys])
            finally:
                for p, data in zip(params, originals):
                    p.data = data

        gx, = numerical_grad(g, (delta,), gys, eps=self.eps,
                             detect_nondifferentiable=self.detect_nondifferentiable,
                             diff_atol=0, diff_rtol=self.rtol)
        return gx

    def _compare(self, numeric, analytic, gys, directions):
        numeric = float(numeric)
        analytic = float(analytic)
        if abs(numeric - analytic) <= self.atol + self.rtol * abs(analytic):
            return
        # The directional test failed: compare element by element (v1's method).
        # Tolerances calibrated for either method hold, and the message names the
        # input that is wrong.
        culprit = self._elementwise(gys)
        if culprit is None:
            return
        lines = ['check_backward failed (eps={} atol={} rtol={})'.format(
            self.eps, self.atol, self.rtol), culprit,
            'directional derivative: numeric {!r}, backward {!r}, |diff| {!r}'.format(
                numeric, analytic, abs(numeric - analytic))]
        for i, x in enumerate(self.xs):
            lines.append('inputs[{}]:\n{}'.format(i, x))
        for i, gy in enumerate(gys):
            lines.append('grad_outputs[{}]:\n{}'.format(i, gy))
        for i, d in enumerate(directions):
            lines.append('directions[{}]:\n{}'.format(i, d))
        raise AssertionError('\n'.join(lines))
