"""Runs every benchmark case in every framework, alternately, and reports.

    python benchmarks/run.py --ours PYTHON --chainer PYTHON --torch PYTHON

Each framework runs in its own worker process (``worker.py``) started with the Python of
its environment: ``--ours`` (this project), ``--chainer`` (the original Chainer 7.8.1)
and ``--torch`` (PyTorch on CPU); a peer left out is skipped. After warm-up steps, each
(case, framework) gets an inner step count calibrated so that one measurement lasts at
least ``--min-time`` seconds; then ``--repeats`` rounds measure every case in every
framework in turn (the framework order rotates from round to round), so that machine
noise spreads over all of them alike. The median per step is reported, with ratios
ours/peer, as a Markdown table on stdout and as JSON, Markdown and PNG files in
``--out`` (default ``benchmarks/results``), named by the UTC time of the run.

``--load N`` adds N busy background processes (``load.py``): every case is then measured
quiet and loaded, each on one thread and on the libraries' default threads, all taking
turns; the report adds a quiet/loaded table with the load targets. Every run also records
the peak resident memory of each workload, run in a fresh worker per framework.

``nox -s bench`` builds the peer environments and runs this script.
"""
import argparse
import collections
import contextlib
import datetime
import json
import math
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cases  # noqa: E402
import load  # noqa: E402
import report  # noqa: E402

#: Framework roles in table order, the workload API each speaks, and a fallback label.
ROLES = (('ours', 'chainer'), ('chainer', 'chainer'), ('torch', 'torch'))


class WorkerError(RuntimeError):
    pass


class WorkerProcess(object):
    """A running ``worker.py`` of one framework."""

    def __init__(self, role, api, python, threads=None):
        self.role = role
        self.threads = threads
        self.process = subprocess.Popen(
            [python, os.path.join(HERE, 'worker.py'), api], env=thread_env(threads),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, universal_newlines=True)

    def request(self, **message):
        self.process.stdin.write(json.dumps(message) + '\n')
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise WorkerError('the {} worker died (exit code {}); see its stderr above'
                              .format(self.role, self.process.wait()))
        answer = json.loads(line)
        if not answer['ok']:
            raise WorkerError('the {} worker failed on {}:\n{}'.format(
                self.role, message, answer['error']))
        return answer['result']

    def close(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write(json.dumps({'op': 'quit'}) + '\n')
                self.process.stdin.close()
            except (BrokenPipeError, OSError):
                pass
            self.process.wait()


#: Variables that cap the threads of OpenBLAS, MKL and OpenMP (numpy's and torch's).
THREAD_VARIABLES = ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS')


def thread_env(threads):
    """The worker environment: this one, with every thread cap set to ``threads``
    (left as they are when None)."""
    env = dict(os.environ)
    if threads is not None:
        env.update((name, str(threads)) for name in THREAD_VARIABLES)
    return env


def machine_info():
    """CPU model, cores, memory and platform of this machine."""
    info = {'platform': platform.platform(), 'cpus': os.cpu_count(),
            'node': platform.node()}
    try:
        with open('/proc/cpuinfo') as f:
            models = [line.split(':', 1)[1].strip() for line in f
                      if line.startswith('model name')]
        info['cpu'] = models[0] if models else platform.processor()
        with open('/proc/meminfo') as f:
            info['memory'] = f.readline().split(':', 1)[1].strip()
    except OSError:
        info['cpu'] = platform.processor()
    return info


def _log(*args):
    print(*args, file=sys.stderr, flush=True)


#: How one column of measurements runs: the workers' thread cap (None: the libraries'
#: own choice) and whether the busy background load runs.
Mode = collections.namedtuple('Mode', 'threads loaded')


def mode_label(mode):
    return '{}, {}'.format('loaded' if mode.loaded else 'quiet',
                           'default threads' if mode.threads is None else
                           '{} thread{}'.format(mode.threads, 's' * (mode.threads > 1)))


def run_modes(threads, busy):
    """The modes of a run: ``threads`` alone, or with a load of ``busy`` processes,
    one thread and default threads, each quiet and loaded."""
    if not busy:
        return [Mode(threads, False)]
    return [Mode(t, loaded) for loaded in (False, True) for t in (1, None)]


def _columns(workers, modes):
    """``(worker, mode)`` pairs: each mode measured by the workers of its thread cap."""
    return [(w, m) for m in modes for w in workers if w.threads == m.threads]


def calibrate(workers, names, warmup, min_time, modes=None, background=None):
    """Runs ``warmup`` single steps of every case in every framework (and mode) and
    returns ``{(case, role, mode): inner}``, the step count of a measurement of
    ``min_time`` s."""
    modes = modes or [Mode(workers[0].threads, False)]
    inner = {}
    for name in names:
        for worker, mode in _columns(workers, modes):
            with _conditions(mode, background):
                seconds = [worker.request(op='time', case=name, inner=1)
                           for _ in range(max(1, warmup))]
            inner[name, worker.role, mode] = max(1, min(10000, int(math.ceil(
                min_time / max(min(seconds), 1e-9)))))
        _log('warmed up {}: {}'.format(name, ', '.join(
            '{} {} x{}'.format(w.role, mode_label(m), inner[name, w.role, m])
            for w, m in _columns(workers, modes))))
    return inner


def _conditions(mode, background):
    return background.running() if mode.loaded else contextlib.nullcontext()


def measure(workers, names, inner, repeats, modes=None, background=None):
    """``{mode: {case: {role: [seconds per step] * repeats}}}``, frameworks and modes
    taking turns."""
    modes = modes or [Mode(workers[0].threads, False)]
    columns = _columns(workers, modes)
    samples = {m: {name: {w.role: [] for w, mm in columns if mm == m} for name in names}
               for m in modes}
    for r in range(repeats):
        for name in names:
            shift = r % len(columns)
            for worker, mode in columns[shift:] + columns[:shift]:
                with _conditions(mode, background):
                    samples[mode][name][worker.role].append(worker.request(
                        op='time', case=name, inner=inner[name, worker.role, mode]))
        _log('round {}/{} done'.format(r + 1, repeats))
    return samples


def peak_memory(args, names):
    """``{case: {role: {'peak': bytes, 'base': bytes}}}``: each case run twice in a fresh
    worker of each framework (the libraries' own threads, no load), so that a peak is
    that workload's alone."""
    memory = {name: {} for name in names}
    for role, api in ROLES:
        if getattr(args, role):
            for name in names:
                worker = WorkerProcess(role, api, getattr(args, role))
                try:
                    memory[name][role] = worker.request(op='memory', case=name)
                finally:
                    worker.close()
    return memory


def _labels(infos):
    labels = {}
    for role, info in infos.items():
        if role == 'ours':
            labels[role] = 'ours'
        else:
            name = 'Chainer' if info['framework'] == 'chainer' else 'PyTorch'
            labels[role] = '{} {}'.format(name, info['version'].split('+')[0])
    return labels


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    for role, _ in ROLES:
        parser.add_argument('--' + role, metavar='PYTHON',
                            help='Python of the {} environment'.format(role))
    parser.add_argument('--cases', default=','.join(cases.CASES),
                        help='comma-separated cases (default: all: %(default)s)')
    parser.add_argument('--repeats', type=int, default=7,
                        help='measurement rounds (default %(default)s)')
    parser.add_argument('--warmup', type=int, default=3,
                        help='untimed warm-up steps per case and framework')
    parser.add_argument('--min-time', type=float, default=0.3,
                        help='least seconds per measurement (default %(default)s)')
    parser.add_argument('--threads', type=int, default=None,
                        help='cap the BLAS/OpenMP threads of every framework alike '
                             '(default: the environment\'s setting)')
    parser.add_argument('--load', type=int, default=0, metavar='N',
                        help='run N busy background processes during every loaded '
                             'measurement: each case is then measured quiet and loaded, on '
                             'one thread and on the default threads (default: no load)')
    parser.add_argument('--out', default=os.path.join(HERE, 'results'),
                        help='folder for the JSON, Markdown and PNG results')
    parser.add_argument('--stamp', default=None,
                        help='base name of the result files (default: UTC time)')
    parser.add_argument('--soak', action='store_true',
                        help='instead of the cases, run the soak of soak.py (20,000 '
                             'iterations of the MNIST MLP with snapshots, watched for '
                             'memory growth and leaked processes and files) with --ours')
    args = parser.parse_args(argv)
    if args.ours is None:
        parser.error('--ours PYTHON is required (this project\'s environment)')
    names = [n for n in args.cases.split(',') if n]
    if 'mpi' in names and names != ['mpi']:
        parser.error('--cases mpi runs alone (mpi_scaling.py launches it under mpiexec)')
    unknown = [n for n in names if n not in cases.CASES and names != ['mpi']]
    if unknown or not names:
        parser.error('--cases: unknown case(s) {}; known: {}'.format(
            unknown, ', '.join(cases.CASES)))
    if args.repeats < 1 or args.warmup < 0 or args.min_time <= 0 or \
            (args.threads is not None and args.threads < 1) or args.load < 0:
        parser.error('--repeats and --threads must be >= 1, --warmup and --load >= 0 '
                     'and --min-time > 0')
    if args.load and args.threads is not None:
        parser.error('--load measures one thread and the default threads: leave out '
                     '--threads')
    args.case_names = names
    return args


def run(args):
    """Runs the benchmark described by parsed ``args``; returns the result document."""
    started = datetime.datetime.now(datetime.timezone.utc)
    modes = run_modes(args.threads, args.load)
    workers = [WorkerProcess(role, api, getattr(args, role), threads)
               for threads in sorted({m.threads for m in modes}, key=str)
               for role, api in ROLES if getattr(args, role)]
    background = load.BusyLoad(args.load)
    try:
        infos = {w.role: w.request(op='info') for w in workers}  # default threads last
        load_before = os.getloadavg()
        inner = calibrate(workers, args.case_names, args.warmup, args.min_time, modes,
                          background)
        samples = measure(workers, args.case_names, inner, args.repeats, modes, background)
        load_after = os.getloadavg()
    finally:
        background.close()
        for w in workers:
            w.close()
    memory = peak_memory(args, args.case_names)
    roles = [role for role, _ in ROLES if getattr(args, role)]
    by_mode = collections.OrderedDict(
        (mode_label(m), report.summarize(cases.CASES, samples[m], roles)) for m in modes)
    summary = by_mode[mode_label(modes[0] if len(modes) == 1 else Mode(None, False))]
    report.add_memory(summary, memory)
    return {
        'date': started.strftime('%Y-%m-%d %H:%M UTC'), 'machine': machine_info(),
        'load_average': {'before': load_before, 'after': load_after},
        'settings': {'repeats': args.repeats, 'warmup': args.warmup,
                     'min_time': args.min_time, 'threads': args.threads, 'load': args.load},
        'frameworks': infos, 'labels': _labels(infos), 'roles': roles,
        'inner_steps': {'{}/{}/{}'.format(c, r, mode_label(m)): v
                        for (c, r, m), v in inner.items()},
        'modes': by_mode if args.load else {},
        'cases': {n: dict(cases.CASES[n]._asdict()) for n in args.case_names},
        'summary': summary, 'mlp_fraction_of_gemm': report.gemm_fraction(summary),
    }


def _header(document):
    m, settings = document['machine'], document['settings']
    return ('Run of {}; {} ({} CPUs, {}); load average before/after: {:.2f} / {:.2f}; '
            'BLAS/OpenMP threads: {}; median of {} rounds after {} warm-up steps.'.format(
                document['date'], m.get('cpu'), m['cpus'], m.get('memory', '?'),
                document['load_average']['before'][0], document['load_average']['after'][0],
                _threads_text(settings), settings['repeats'],
                settings['warmup']))


def _threads_text(settings):
    if settings.get('load'):
        return 'one and the libraries\' own choice, quiet and with {} busy processes'.format(
            settings['load'])
    return settings['threads'] or 'the libraries\' own choice'


def _framework_line(label, info):
    blas = ', '.join('{} {} x{}'.format(b['internal_api'], b['version'], b['num_threads'])
                     for b in info.get('blas') or ())
    return '{}: {} {}, numpy {}{}'.format(label, info['framework'], info['version'],
                                          info['numpy'], ' ({})'.format(blas) if blas else '')


MEMORY_NOTE = ('Peak RSS: a fresh worker per case and framework after two steps; "+": '
               'above its size before the case was built.')


def render(document):
    """The Markdown report of a result document: header, table, GEMM fraction."""
    labels, roles = document['labels'], document['roles']
    lines = [_header(document), '', 'Frameworks: ' + '; '.join(
        _framework_line(labels[r], document['frameworks'][r]) for r in roles) + '.', '']
    if document.get('modes'):
        lines += ['Quiet, default threads:', '']
    lines += [report.markdown_table(document['summary'], roles, labels), '']
    lines.append(MEMORY_NOTE)
    if document.get('modes'):
        lines += ['', 'Quiet and loaded ({} busy processes), ms per step (median):'.format(
            document['settings']['load']), '', report.load_table(document['modes'], roles,
                                                                 labels), '']
    fractions = document['mlp_fraction_of_gemm']
    if fractions:
        lines.append('mlp step GEMM throughput as a fraction of the same environment\'s '
                     '{}x{} GEMM: {} (target for ours: >= {:.0%}).'.format(
                         cases.GEMM_N, cases.GEMM_N, ', '.join(
                             '{} {:.0%}'.format(labels[r], f) for r, f in fractions.items()),
                         report.GEMM_FRACTION_TARGET))
    return '\n'.join(lines) + '\n'


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.soak:
        sys.exit(subprocess.call([args.ours, os.path.join(HERE, 'soak.py')]))
    if args.case_names == ['mpi']:  # chainer-mn on 1 and 2 processes, ours only
        import mpi_scaling
        stamp = args.stamp or time.strftime('mpi_%Y-%m-%d_%H%M%S', time.gmtime())
        return mpi_scaling.run(args.ours, [1, 2], args.repeats, args.out, stamp)
    document = run(args)
    text = render(document)
    print(text)
    os.makedirs(args.out, exist_ok=True)
    stamp = args.stamp or 'bench_' + document['date'].replace(' UTC', '').replace(
        ' ', '_').replace(':', '')
    base = os.path.join(args.out, stamp)
    report.write_json(base + '.json', document)
    with open(base + '.md', 'w') as f:
        f.write(text)
    if not report.plot(base + '.png', document['summary'], document['roles'],
                       document['labels'], 'Chainer rebuild vs peers, ' + document['date']):
        _log('matplotlib is missing: no PNG written')
    _log('wrote {}.json, .md and .png'.format(base))
    return document


if __name__ == '__main__':
    main()
