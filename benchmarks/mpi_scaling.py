"""``--cases mpi`` of run.py: multi-process data-parallel training (chainer-mn) on this
machine.

    python benchmarks/mpi_scaling.py --ours PYTHON [--processes 1,2] [--repeats 7]

For each process count it launches ``mpiexec -n N PYTHON mpi_scaling.py --worker`` (the
mpiexec next to PYTHON, e.g. from the mpich wheel) and measures, on the MNIST MLP of the
``mlp`` case (784-1000-1000-10, batch 100 per process):

* training throughput (examples per second over all processes) with the multi-node
  optimizer and the ``naive`` communicator;
* the all-reduce of the model's gradients that the multi-node optimizer runs each step
  (``naive`` and ``flat``; the gradients arrive divided by the number of processes, so it
  only sums), and ``allreduce_grad`` (the API: sum, then one pass dividing), against a
  plain mpi4py ``Allreduce`` of a float32 buffer of the same size (the MPI figure the
  communicator is held to: within 1.2x), and a one-element ``Allreduce`` (latency: the
  least of 500 calls).

Each timing is the slowest rank's time of the operation, started after a barrier; the
median of ``--repeats`` is reported. The all-reduces take turns within each round, and
the ratio to raw MPI is the median of the per-round ratios.
"""
import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

#: Target of the issue: the communicator's all-reduce within this factor of raw MPI.
TARGET_RATIO = 1.2


def _slowest(comm, seconds):
    from mpi4py import MPI
    return comm.allreduce(seconds, op=MPI.MAX)


def _timed(comm, operation, repeats, inner=1):
    """Median over ``repeats`` of the slowest rank's time of ``inner`` calls, per call."""
    samples = []
    for _ in range(repeats):
        comm.Barrier()
        start = time.perf_counter()
        for _ in range(inner):
            operation()
        samples.append(_slowest(comm, time.perf_counter() - start) / inner)
    return statistics.median(samples)


def _latency(world, MPI, calls=500):
    """The least time of a one-float Allreduce over ``calls`` calls (slowest rank's least):
    with more busy processes than cores, most calls measure the scheduler; the least is
    the library's latency."""
    import numpy
    one = numpy.ones(1, numpy.float32)
    world.Barrier()
    least = float('inf')
    for _ in range(calls):
        start = time.perf_counter()
        world.Allreduce(MPI.IN_PLACE, one)
        least = min(least, time.perf_counter() - start)
    return _slowest(world, least)


def worker(repeats, batch):
    """Runs under mpiexec; rank 0 prints one JSON line."""
    sys.path.insert(0, HERE)
    import numpy

    import chainer
    import chainer.links as L
    import chainermn
    from chainer import optimizers
    from chainer_workloads import _models
    from mpi4py import MPI

    world = MPI.COMM_WORLD
    comms = {name: chainermn.create_communicator(name) for name in ('naive', 'flat')}
    rng = numpy.random.RandomState(world.rank)
    x = rng.rand(batch, 784).astype(numpy.float32)
    t = rng.randint(0, 10, batch).astype(numpy.int32)
    model = L.Classifier(_models.MLP())
    optimizer = chainermn.create_multi_node_optimizer(
        optimizers.MomentumSGD(lr=0.01, momentum=0.9), comms['naive'])
    optimizer.setup(model)

    def step():
        optimizer.update(model, chainer.Variable(x), chainer.Variable(t))

    for _ in range(3):
        step()
    step_time = _timed(world, step, repeats, inner=5)
    n_params = sum(p.data.size for p in model.params())
    result = {'processes': world.size, 'batch_per_process': batch, 'parameters': n_params,
              'bytes': 4 * n_params, 'step_s': step_time,
              'examples_per_s': world.size * batch / step_time}
    buffer = numpy.ones(n_params, numpy.float32)
    flat_model = copy.deepcopy(model)  # each communicator binds its own model's gradients
    operations = {
        'raw_allreduce_s': lambda: world.Allreduce(MPI.IN_PLACE, buffer),
        # the API: the mean, one pass over the summed gradients to divide them
        'allreduce_grad_naive_s': lambda: comms['naive'].allreduce_grad(model),
        # what the multi-node optimizer runs per step: gradients divided during backward
        # (seeded with 1 / size), so the all-reduce only sums
        'step_allreduce_naive_s': lambda: comms['naive']._allreduce_grad(model, 1),
        'step_allreduce_flat_s': lambda: comms['flat']._allreduce_grad(flat_model, 1),
    }
    for op in operations.values():
        op()  # binds the gradients once, as the first training step does
    # Rounds alternate the operations, in an order rotating from round to round, so that
    # the noise of a shared machine falls on all of them alike; ratios are taken within
    # a round.
    keys = list(operations)
    rounds = []
    for i in range(repeats):
        order = keys[i % len(keys):] + keys[:i % len(keys)]
        rounds.append({key: _timed(world, operations[key], 1, inner=10) for key in order})
    for key in operations:
        result[key] = statistics.median(r[key] for r in rounds)
    for key, ratio in (('allreduce_grad_naive_s', 'mean_over_raw'),
                       ('step_allreduce_naive_s', 'step_over_raw')):
        result[ratio] = statistics.median(r[key] / r['raw_allreduce_s'] for r in rounds)
    result['latency_allreduce_s'] = _latency(world, MPI)
    result['mpi_library'] = MPI.Get_library_version().splitlines()[0].strip()
    if world.rank == 0:
        print(json.dumps(result), flush=True)


def measure(python, processes, repeats, batch=100):
    """Launches the worker on each process count; returns the list of results."""
    mpiexec = os.path.join(os.path.dirname(python), 'mpiexec')
    if not os.path.exists(mpiexec):
        raise SystemExit('no mpiexec next to {} (pip install "chainer-mn[mpich]")'.format(
            python))
    env = dict(os.environ, OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1',
               MKL_NUM_THREADS='1')
    results = []
    for n in processes:
        out = subprocess.run([mpiexec, '-n', str(n), python, os.path.abspath(__file__),
                              '--worker', '--repeats', str(repeats), '--batch', str(batch)],
                             capture_output=True, text=True, env=env, timeout=600)
        if out.returncode != 0:
            raise SystemExit('mpiexec -n {} failed:\n{}{}'.format(n, out.stdout, out.stderr))
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return results


def model_constants(results):
    """Latency (alpha) and bandwidth of the ring all-reduce model
    ``T(N) = 2 (N - 1) alpha + 2 (N - 1) / N * bytes / bandwidth``, from the largest run."""
    run = max(results, key=lambda r: r['processes'])
    n = run['processes']
    if n < 2:
        return None
    alpha = run['latency_allreduce_s'] / (2 * (n - 1))
    moved = 2 * (n - 1) / n * run['bytes']
    bandwidth = moved / max(run['raw_allreduce_s'] - 2 * (n - 1) * alpha, 1e-12)
    return {'alpha_s': alpha, 'bandwidth_bytes_per_s': bandwidth}


def render(results, constants):
    lines = ['| processes | examples/s | step (ms) | raw MPI Allreduce (ms) | step all-reduce '
             'naive (ms) | flat (ms) | step / raw | allreduce_grad (mean) (ms) | mean / raw | '
             '1-float Allreduce (us) |',
             '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |']
    for r in results:
        # one process moves nothing: its ratios would compare no-ops
        many = r['processes'] > 1
        lines.append('| {} | {:.0f} | {:.2f} | {:.3f} | {:.3f} | {:.3f} | {} | {:.3f} | {} | '
                     '{:.1f} |'.format(
                         r['processes'], r['examples_per_s'], 1e3 * r['step_s'],
                         1e3 * r['raw_allreduce_s'], 1e3 * r['step_allreduce_naive_s'],
                         1e3 * r['step_allreduce_flat_s'],
                         '{:.2f}'.format(r['step_over_raw']) if many else '-',
                         1e3 * r['allreduce_grad_naive_s'],
                         '{:.2f}'.format(r['mean_over_raw']) if many else '-',
                         1e6 * r['latency_allreduce_s']))
    r = results[0]
    lines.append('')
    lines.append('MNIST MLP 784-1000-1000-10: {} parameters, {:.1f} MB of float32 gradients; '
                 '{}.'.format(r['parameters'], r['bytes'] / 1e6, r['mpi_library']))
    worst = max([r['step_over_raw'] for r in results if r['processes'] > 1] or [None])
    if worst is not None:
        lines.append('Step all-reduce / raw MPI Allreduce: {:.2f} (target <= {}: {}).'.format(
            worst, TARGET_RATIO, 'met' if worst <= TARGET_RATIO else 'MISSED'))
    if constants:
        lines.append('Ring model constants: alpha = {:.1f} us, bandwidth = {:.2f} GB/s.'.format(
            1e6 * constants['alpha_s'], constants['bandwidth_bytes_per_s'] / 1e9))
    return '\n'.join(lines)


def run(python, processes, repeats, out, stamp):
    """Measures, prints the table (with the verdict on the 1.2x target) and writes
    ``<out>/<stamp>.json`` and ``.md``; returns the document."""
    results = measure(python, processes, repeats)
    constants = model_constants(results)
    text = render(results, constants)
    print(text)
    document = {'results': results, 'ring_model': constants, 'target_ratio': TARGET_RATIO}
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, stamp)
    with open(base + '.json', 'w') as f:
        json.dump(document, f, indent=1)
    with open(base + '.md', 'w') as f:
        f.write(text + '\n')
    print('wrote {}.json and .md'.format(base), file=sys.stderr)
    return document


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--ours', help='Python of the environment with chainer-mn')
    parser.add_argument('--processes', default='1,2', help='process counts (default 1,2)')
    parser.add_argument('--repeats', type=int, default=7)
    parser.add_argument('--batch', type=int, default=100, help='examples per process')
    parser.add_argument('--out', default=os.path.join(HERE, 'results'))
    parser.add_argument('--stamp', default=None)
    parser.add_argument('--worker', action='store_true', help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.repeats, args.batch)
    if not args.ours:
        parser.error('--ours PYTHON is required')
    stamp = args.stamp or time.strftime('mpi_%Y-%m-%d_%H%M%S', time.gmtime())
    processes = [int(p) for p in args.processes.split(',') if p]
    return run(args.ours, processes, args.repeats, args.out, stamp)


if __name__ == '__main__':
    main()
