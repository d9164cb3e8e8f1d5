"""numexpr against numpy on the elementwise hot spots of the workloads (issue 15: weigh a
library for multi-threaded elementwise evaluation as an optional dependency).

    python benchmarks/elementwise.py [--rounds R] [--threads 1,2] [--skip-steps]

First the kernels alone: the LSTM cell of rnnlm (forward and backward), the MomentumSGD
update of the mlp's parameters, relu and tanh forward and backward on the workloads'
shapes; then whole training steps of mlp, cnn and rnnlm with relu, the optimizer update
and the LSTM cell swapped for numexpr versions. numpy and numexpr take turns in one
process (:mod:`ab`); with ``T`` threads both the BLAS and numexpr run ``T`` threads.
Every numexpr kernel is first checked against the numpy one (float32, ``rtol=1e-6``).
Needs the packages of this repository, numexpr and threadpoolctl. The figures and the
decision are in README.md, "Issue 15 run".
"""
import argparse
import contextlib
import os

import numexpr
import numpy
import threadpoolctl

import ab

# Constants in float32: numexpr computes a Python float constant in double precision.
_F = numpy.float32
ZERO, HALF, ONE = _F(0), _F(0.5), _F(1)


# -- numexpr versions of the hot spots ---------------------------------------------------

def ne_relu(x):
    return numexpr.evaluate('where(x > ZERO, x, ZERO)', local_dict={'x': x, 'ZERO': ZERO})


def ne_relu_grad(x, gy):
    return numexpr.evaluate('where(x > ZERO, gy, ZERO)',
                            local_dict={'x': x, 'gy': gy, 'ZERO': ZERO})


def ne_tanh(x):
    return numexpr.evaluate('tanh(x)')


def ne_tanh_grad(y, gy):
    return numexpr.evaluate('gy * (ONE - y * y)', local_dict={'y': y, 'gy': gy, 'ONE': ONE})


def ne_momentum(w, g, v, lr, momentum):
    """MomentumSGD: ``v <- momentum v - lr g; w <- w + v`` (two passes, in place)."""
    numexpr.evaluate('mu * v - eta * g', out=v, local_dict={
        'mu': _F(momentum), 'v': v, 'eta': _F(lr), 'g': g})
    numexpr.evaluate('w + v', out=w)


def ne_sgd(w, g, lr):
    numexpr.evaluate('w - eta * g', out=w, local_dict={'w': w, 'eta': _F(lr), 'g': g})


def ne_activate(G):
    """``_lstm_cell.activate`` in numexpr: tanh of ``G[0]``, sigmoid of ``G[1:]``."""
    a, gates = G[0], G[1:]
    numexpr.evaluate('tanh(a)', out=a)
    numexpr.evaluate('HALF * tanh(HALF * gates) + HALF', out=gates,
                     local_dict={'HALF': HALF, 'gates': gates})


def ne_cell_forward(G, c_prev):
    a, i, f, o = G
    c = numexpr.evaluate('a * i + f * c_prev')
    tanh_c = numexpr.evaluate('tanh(c)')
    return c, numexpr.evaluate('o * tanh_c'), tanh_c


def ne_cell_backward(G, tanh_c, c_prev, gc, gh, out):
    """``_lstm_cell.cell_backward`` in numexpr (a missing ``gc`` or ``gh`` is zero)."""
    a, i, f, o = G
    ga, gi, gf, go = out
    env = {'a': a, 'i': i, 'f': f, 'o': o, 'tanh_c': tanh_c, 'c_prev': c_prev,
           'gc': ZERO if gc is None else gc, 'gh': ZERO if gh is None else gh, 'ONE': ONE}
    g = numexpr.evaluate('gh * o * (ONE - tanh_c * tanh_c) + gc', local_dict=env)
    env['g'] = g
    numexpr.evaluate('gh * o * (ONE - o) * tanh_c', out=go, local_dict=env)
    numexpr.evaluate('g * i * (ONE - a * a)', out=ga, local_dict=env)
    numexpr.evaluate('g * a * i * (ONE - i)', out=gi, local_dict=env)
    numexpr.evaluate('g * c_prev * f * (ONE - f)', out=gf, local_dict=env)
    return numexpr.evaluate('g * f')


# -- the kernels alone -------------------------------------------------------------------

def _r(*shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


def lstm_cell_pair(batch=20, units=200):
    """``(numpy step, numexpr step, check)`` for one LSTM cell forward and backward."""
    from chainer.functions.activation import _lstm_cell
    x, c_prev, gc, gh = _r(batch, 4 * units), _r(batch, units, seed=1), \
        _r(batch, units, seed=2), _r(batch, units, seed=3)

    def run(activate, cell_forward, cell_backward):
        G = _lstm_cell.gate_major(x)
        activate(G)
        c, h, tanh_c = cell_forward(G, c_prev)
        gx = numpy.empty_like(x)
        gc_prev = cell_backward(G, tanh_c, c_prev, gc, gh, _lstm_cell.gate_view(gx))
        return c, h, gx, gc_prev

    def np_step():
        return run(_lstm_cell.activate, _lstm_cell.cell_forward, _lstm_cell.cell_backward)

    def ne_step():
        return run(ne_activate, ne_cell_forward, ne_cell_backward)

    return np_step, ne_step, lambda: _check(np_step(), ne_step())


def momentum_pair(shapes=((1000, 784), (1000,), (1000, 1000), (1000,), (10, 1000), (10,))):
    """MomentumSGD's update of the mlp's parameters: the optimizer's own numpy rule (cache
    chunks, in place) against :func:`ne_momentum`."""
    from chainer.optimizers import MomentumSGD
    opt = MomentumSGD(lr=0.01, momentum=0.9)
    arrays = [(_r(*s, seed=k), _r(*s, seed=k + 10), numpy.zeros(s, numpy.float32))
              for k, s in enumerate(shapes)]
    copies = [tuple(a.copy() for a in t) for t in arrays]

    def np_step(params=arrays):
        for w, g, v in params:
            opt.update_arrays(numpy, w, g, {'v': v})
        return params

    def ne_step(params=copies):
        for w, g, v in params:
            ne_momentum(w, g, v, 0.01, 0.9)
        return params

    def check():
        fresh = [tuple(a.copy() for a in t) for t in arrays]
        other = [tuple(a.copy() for a in t) for t in arrays]
        _check([a for t in np_step(fresh) for a in t], [a for t in ne_step(other) for a in t])

    return np_step, ne_step, check


def unary_pair(shape, forward, grad, np_forward, np_grad):
    x, gy = _r(*shape), _r(*shape, seed=1)

    def np_step():
        y = np_forward(x)
        return y, np_grad(x, y, gy)

    def ne_step():
        y = forward(x)
        return y, grad(x, y, gy)

    return np_step, ne_step, lambda: _check(np_step(), ne_step())


def _relu_pairs():
    from chainer.functions.activation.relu import ReLU
    relu = ReLU()
    args = (lambda x: ne_relu(x), lambda x, y, gy: ne_relu_grad(x, gy),
            lambda x: relu.compute(numpy, x), lambda x, y, gy: relu.derivative(numpy, x, y, gy))
    return {'relu mlp 100x1000': unary_pair((100, 1000), *args),
            'relu cnn conv1 64x32x24x24': unary_pair((64, 32, 24, 24), *args)}


def _tanh_pairs():
    from chainer.functions.activation.tanh import Tanh
    tanh = Tanh()
    args = (lambda x: ne_tanh(x), lambda x, y, gy: ne_tanh_grad(y, gy),
            lambda x: tanh.compute(numpy, x), lambda x, y, gy: tanh.derivative(numpy, x, y, gy))
    return {'tanh overhead 4': unary_pair((4,), *args),
            'tanh 100x1000': unary_pair((100, 1000), *args)}


def kernel_pairs():
    """``{name: (numpy step, numexpr step, check)}`` of every hot spot."""
    pairs = {'lstm cell rnnlm 20x200': lstm_cell_pair(),
             'momentum update mlp (1.8M)': momentum_pair()}
    pairs.update(_relu_pairs())
    pairs.update(_tanh_pairs())
    return pairs


def _check(expected, actual):
    for e, a in zip(expected, actual):
        numpy.testing.assert_allclose(a, e, rtol=1e-6, atol=1e-7)


# -- whole steps -------------------------------------------------------------------------

@contextlib.contextmanager
def numexpr_swapped():
    """relu, the SGD/MomentumSGD updates and the LSTM cell run on numexpr inside."""
    from chainer.functions.activation import _lstm_cell
    from chainer.functions.activation.relu import ReLU
    from chainer.optimizers import SGD, MomentumSGD

    def relu_compute(self, xp, x):
        return ne_relu(x)

    def relu_derivative(self, xp, x, y, gy):
        return ne_relu_grad(x, gy)

    def momentum_update(self, xp, data, grad, state):
        ne_momentum(data, grad, state['v'], self.lr, self.momentum)

    def sgd_update(self, xp, data, grad, state):
        ne_sgd(data, grad, self.lr)

    swaps = [(ReLU, 'compute', relu_compute), (ReLU, 'derivative', relu_derivative),
             (MomentumSGD, 'update_arrays', momentum_update),
             (SGD, 'update_arrays', sgd_update), (_lstm_cell, 'activate', ne_activate),
             (_lstm_cell, 'cell_forward', ne_cell_forward),
             (_lstm_cell, 'cell_backward', ne_cell_backward)]
    saved = [(owner, name, owner.__dict__[name]) for owner, name, _ in swaps]
    for owner, name, value in swaps:
        setattr(owner, name, value)
    try:
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


def step_pair(case):
    """``(numpy step, numexpr step)`` of a workload, each on its own model."""
    import cases
    from chainer_workloads import cnn, mlp, rnnlm
    make = {'mlp': mlp.make, 'cnn': cnn.make, 'rnnlm': rnnlm.make}[case]
    params = cases.CASES[case].params
    np_step, ne_model_step = make(**params), make(**params)

    def ne_step():
        with numexpr_swapped():
            return ne_model_step()

    return np_step, ne_step


def run(threads, rounds, min_seconds, steps=('mlp', 'cnn', 'rnnlm')):
    """Prints the kernel and step tables for each thread count."""
    pairs = kernel_pairs()
    for _, _, check in pairs.values():
        check()
    for count in threads:
        numexpr.set_num_threads(count)
        with threadpoolctl.threadpool_limits(count):
            print('\n{} thread(s) (BLAS and numexpr); load average {:.2f}'.format(
                count, os.getloadavg()[0]), flush=True)
            for name, (np_step, ne_step, _) in pairs.items():
                ab.print_table(name, ab.interleaved(
                    {'numpy': np_step, 'numexpr': ne_step}, rounds, min_seconds))
            for case in steps:
                np_step, ne_step = step_pair(case)
                ab.print_table('step ' + case, ab.interleaved(
                    {'numpy': np_step, 'numexpr': ne_step}, rounds, min_seconds))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--rounds', type=int, default=21)
    parser.add_argument('--threads', default='1,2')
    parser.add_argument('--min-time', type=float, default=0.2,
                        help='least seconds of one measurement')
    parser.add_argument('--skip-steps', action='store_true')
    args = parser.parse_args()
    import chainer
    chainer.set_blas_threads('off')  # the limits above decide
    print('numpy {}, numexpr {} (VML: {})'.format(
        numpy.__version__, numexpr.__version__, numexpr.use_vml))
    run([int(t) for t in args.threads.split(',')], args.rounds, args.min_time,
        () if args.skip_steps else ('mlp', 'cnn', 'rnnlm'))


if __name__ == '__main__':
    main()
