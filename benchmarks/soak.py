"""Soak run (issue 18): a long training of the MNIST MLP, watched for leaks.

    python benchmarks/soak.py [--iterations 20000] [--snapshot-every 1000]
                              [--report-every 2000] [--processes 2]

Trains the tutorial's 784-1000-1000-10 MLP (batch 100, MomentumSGD) through a
``Trainer`` fed by a ``MultiprocessIterator``, with a trainer snapshot
(``extensions.snapshot``) every ``--snapshot-every`` iterations. Every
``--report-every`` iterations it prints the resident memory (RSS) of this process and
of the iterator's workers, the number of live child processes, the files in the output
folder and in the private temporary folder. At the end it checks that no child
process outlives the iterator's ``finalize``, that no temporary file is left behind
(snapshot temporaries in the output folder, anything under the process's own
``TMPDIR``), that every snapshot loads into a fresh trainer, and that the RSS after
warm-up (the first report) grew by at most 5 %. Exits with status 1 when a check
fails.

The data are synthetic MNIST-shaped digits (784 float32 pixels, 10 classes, a fixed
random projection decides the label) so that the run needs no download; this is a
leak and stability check, not an accuracy one. Not a test: it takes minutes.
``nox -s bench -- --soak`` runs it with the benchmark environment's Python.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

#: Largest RSS growth after warm-up that counts as no growth.
RSS_GROWTH_LIMIT = 0.05


def rss_bytes(pid):
    """Resident set size of process ``pid`` in bytes (0 when it is gone)."""
    try:
        with open('/proc/{}/status'.format(pid)) as f:
            for line in f:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def child_pids(pid=None):
    """Process ids of the live children of ``pid`` (this process by default)."""
    pid = os.getpid() if pid is None else pid
    children = []
    try:
        tasks = os.listdir('/proc/{}/task'.format(pid))
    except OSError:
        return children
    for tid in tasks:
        try:
            with open('/proc/{}/task/{}/children'.format(pid, tid)) as f:
                children.extend(int(c) for c in f.read().split())
        except OSError:
            pass
    return sorted(set(children))


def list_files(folder):
    """Every file under ``folder``, relative paths, sorted."""
    found = []
    for root, _, files in os.walk(folder):
        found.extend(os.path.relpath(os.path.join(root, f), folder) for f in files)
    return sorted(found)


def synthetic_mnist(n, seed=0):
    """``n`` MNIST-shaped examples: (784 float32 pixels in [0, 1], int32 label)."""
    import numpy
    from chainer import datasets
    rng = numpy.random.RandomState(seed)
    x = rng.rand(n, 784).astype(numpy.float32)
    t = (x @ rng.randn(784, 10).astype(numpy.float32)).argmax(axis=1).astype(numpy.int32)
    return datasets.TupleDataset(x, t)


def build_trainer(args, out):
    """The MLP's trainer: MultiprocessIterator, MomentumSGD, snapshots."""
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import iterators, optimizers, training
    from chainer.training import extensions

    class MLP(chainer.Chain):
        def __init__(self):
            super().__init__(l1=L.Linear(784, 1000), l2=L.Linear(1000, 1000),
                             l3=L.Linear(1000, 10))

        def __call__(self, x):
            return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))

    model = L.Classifier(MLP())
    optimizer = optimizers.MomentumSGD(lr=0.01)
    optimizer.setup(model)
    iterator = iterators.MultiprocessIterator(synthetic_mnist(args.examples), 100,
                                              n_processes=args.processes)
    updater = training.StandardUpdater(iterator, optimizer)
    trainer = training.Trainer(updater, (args.iterations, 'iteration'), out=out)
    trainer.extend(extensions.snapshot(), trigger=(args.snapshot_every, 'iteration'))
    return trainer, iterator


def run(args):
    """Runs the soak; returns the result document (``'ok'`` says whether every check
    passed)."""
    out = tempfile.mkdtemp(prefix='chainer-soak-out-')
    private_tmp = tempfile.mkdtemp(prefix='chainer-soak-tmp-')
    saved = os.environ.get('TMPDIR'), tempfile.tempdir
    # Everything this process and its workers put in a temporary folder lands here.
    os.environ['TMPDIR'] = private_tmp
    tempfile.tempdir = private_tmp
    try:
        return _soak(args, out, private_tmp)
    finally:
        if saved[0] is None:
            os.environ.pop('TMPDIR', None)
        else:
            os.environ['TMPDIR'] = saved[0]
        tempfile.tempdir = saved[1]
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(private_tmp, ignore_errors=True)


def _soak(args, out, private_tmp):
    from chainer import serializers
    from chainer.training import extension

    trainer, iterator = build_trainer(args, out)
    reports = []
    started = time.perf_counter()

    @extension.make_extension(trigger=(args.report_every, 'iteration'), priority=-200)
    def watch(trainer):
        workers = child_pids()
        entry = {'iteration': trainer.updater.iteration,
                 'seconds': round(time.perf_counter() - started, 1),
                 'rss_main_mib': rss_bytes(os.getpid()) / 2 ** 20,
                 'rss_workers_mib': sum(rss_bytes(p) for p in workers) / 2 ** 20,
                 'children': len(workers), 'out_files': len(list_files(out)),
                 'tmp_files': len(list_files(private_tmp))}
        reports.append(entry)
        print(json.dumps(entry), flush=True)

    trainer.extend(watch)
    trainer.run()
    iterator.finalize()
    deadline = time.time() + 10
    while child_pids() and time.time() < deadline:  # workers exit asynchronously
        time.sleep(0.1)
    leaked_processes = child_pids()
    out_files = list_files(out)
    leaked_tmp = [f for f in out_files if not f.startswith('snapshot_iter_')]
    leaked_tmp += [os.path.join('TMPDIR', f) for f in list_files(private_tmp)]
    unreadable = _unloadable_snapshots(args, out, out_files, serializers)
    base = reports[0]['rss_main_mib'] if reports else 0.
    growth = (reports[-1]['rss_main_mib'] - base) / base if base else 0.
    document = {
        'iterations': args.iterations, 'snapshots': len(out_files),
        'seconds': round(time.perf_counter() - started, 1), 'reports': reports,
        'rss_growth_after_warmup': growth, 'leaked_processes': leaked_processes,
        'leaked_temporary_files': leaked_tmp, 'unloadable_snapshots': unreadable,
    }
    document['ok'] = (growth <= RSS_GROWTH_LIMIT and not leaked_processes and
                      not leaked_tmp and not unreadable and
                      len(out_files) == args.iterations // args.snapshot_every)
    return document


def _unloadable_snapshots(args, out, names, serializers):
    """Names of the snapshots that do not load into a fresh trainer (its iterator is
    finalized right after)."""
    bad = []
    scratch = tempfile.mkdtemp(prefix='chainer-soak-load-')
    try:
        for name in names:
            trainer, iterator = build_trainer(args, scratch)
            try:
                serializers.load_npz(os.path.join(out, name), trainer)
                expected = int(name.rsplit('_', 1)[1])
                if trainer.updater.iteration != expected:
                    bad.append('{}: iteration {}'.format(name, trainer.updater.iteration))
            except Exception as e:  # reported, not raised: the soak lists them all
                bad.append('{}: {}'.format(name, e))
            finally:
                iterator.finalize()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return bad


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--iterations', type=int, default=20000)
    parser.add_argument('--snapshot-every', type=int, default=1000)
    parser.add_argument('--report-every', type=int, default=2000)
    parser.add_argument('--processes', type=int, default=2,
                        help='MultiprocessIterator workers (default %(default)s)')
    parser.add_argument('--examples', type=int, default=10000,
                        help='size of the synthetic dataset (default %(default)s)')
    args = parser.parse_args(argv)
    if min(args.iterations, args.snapshot_every, args.report_every, args.processes,
           args.examples) < 1:
        parser.error('every count must be >= 1')
    return args


def main(argv=None):
    document = run(parse_args(sys.argv[1:] if argv is None else argv))
    print(json.dumps({k: v for k, v in document.items() if k != 'reports'}), flush=True)
    return 0 if document['ok'] else 1


if __name__ == '__main__':
    sys.exit(main())
