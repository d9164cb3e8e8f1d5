"""A dataset whose ``__getitem__`` never returns for one index must not hang
MultiprocessIterator: not next() (dataset_timeout warns, dataset_time_limit raises,
Ctrl-C interrupts), not finalize(), not the interpreter's exit.

Every scenario runs in a child process with a timeout, its output going to files (a
surviving worker would hold a pipe open); times are measured inside the child."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy
import pytest

from chainer import iterators
from chainer.iterators import _batch_segments
from chainer.iterators import _batch_wait
from chainer.iterators import _worker_tasks

# The child's prelude: a dataset of 8 examples whose index HUNG (5) sleeps forever (until a
# file ONCE exists, when given: then it hangs the first time only; with IGNORE_TERM the
# stuck worker also ignores SIGTERM). The first batch [0..3] comes back at once and the
# second, [4..7], is read ahead, so a worker is stuck on index 5 when the script goes on.
_PRELUDE = '''
import os
import signal
import sys
import threading
import time
import warnings

import numpy
from chainer import iterators

ONCE = {once!r}
IGNORE_TERM = {ignore_term!r}
HUNG = {hung!r}


class Hung(object):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        if i == HUNG and not (ONCE and os.path.exists(ONCE)):
            if ONCE:
                open(ONCE, 'w').close()
            if IGNORE_TERM:
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
            while True:
                time.sleep(0.05)
        return i


class HungArrays(Hung):
    def __getitem__(self, i):
        return numpy.full(2, Hung.__getitem__(self, i))


def start(**kwargs):
    it = iterators.MultiprocessIterator(Hung(), 4, shuffle=False, n_processes=2,
                                        **kwargs)
    assert next(it) == [0, 1, 2, 3]
    print('workers', *it._executor._processes, flush=True)
    time.sleep(0.5)  # the read-ahead chunk [4, 5] is running now
    return it


if __name__ == '__main__':
'''


def _child(body, tmp_path, once=False, ignore_term=False, hung=5):
    """Starts ``body`` (the main block of a script after the prelude) in a new
    session; returns the process and its stdout/stderr paths."""
    prelude = _PRELUDE.format(once=str(tmp_path / 'once') if once else '',
                              ignore_term=ignore_term, hung=hung)
    script = tmp_path / 'script.py'
    script.write_text(prelude + textwrap.indent(textwrap.dedent(body), '    '))
    out, err = tmp_path / 'out', tmp_path / 'err'
    with open(out, 'w') as o, open(err, 'w') as e:
        process = subprocess.Popen([sys.executable, str(script)], stdout=o, stderr=e,
                                   start_new_session=True)
    return process, out, err


def _finish(process, out, err, timeout=90):
    """Waits for the child (killing its whole session if it outlives ``timeout``);
    returns its exit code, stdout and stderr."""
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        pytest.fail('the child hung: ' + out.read_text() + err.read_text())
    return process.returncode, out.read_text(), err.read_text()


def _run(body, tmp_path, **kwargs):
    return _finish(*_child(body, tmp_path, **kwargs))


def _alive(pid):
    """Whether process ``pid`` runs (a zombie counts as gone)."""
    try:
        with open('/proc/{}/stat'.format(pid)) as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def _assert_workers_gone(stdout):
    pids = [int(p) for line in stdout.splitlines() if line.startswith('workers')
            for p in line.split()[1:]]
    assert pids, stdout
    deadline = time.monotonic() + 30
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in pids)


def _seconds(stdout, key):
    line = next(x for x in stdout.splitlines() if x.startswith(key))
    return float(line.split()[1])


def test_dataset_timeout_warns_naming_the_hung_index_then_the_limit_raises(tmp_path):
    code, out, err = _run('''
        it = start(dataset_timeout=0.5, dataset_time_limit=2)
        began = time.monotonic()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            try:
                next(it)
            except iterators.MultiprocessIterator.DatasetTimeoutError as e:
                print('raised', time.monotonic() - began, flush=True)
                print('error', e, flush=True)
        for w in caught:
            print('warned', w.category.__name__, w.message, flush=True)
        ''', tmp_path)
    assert code == 0, err
    # The chunk [4, 5] is late; the worker is stuck reading 5.
    warned = next(x for x in out.splitlines() if x.startswith('warned TimeoutWarning'))
    assert 'indices [4, 5] (it is still reading index 5)' in warned
    assert 'dataset_timeout=0.5' in warned
    error = next(x for x in out.splitlines() if x.startswith('error'))
    assert 'indices [4, 5] (it is still reading index 5)' in error
    assert 'dataset_time_limit=2' in error
    assert 2 <= _seconds(out, 'raised') < 10
    _assert_workers_gone(out)


@pytest.mark.parametrize('ignore_term', [False, True])
def test_after_the_limit_the_batch_is_read_again_by_new_workers(tmp_path, ignore_term):
    code, out, err = _run('''
        it = start(dataset_timeout=None, dataset_time_limit=1)
        try:
            next(it)
        except iterators.MultiprocessIterator.DatasetTimeoutError:
            print('raised', flush=True)
        print('batch', next(it), next(it), flush=True)
        print('workers', *it._executor._processes, flush=True)
        it.finalize()
        ''', tmp_path, once=True, ignore_term=ignore_term)
    assert code == 0, err
    assert 'raised' in out
    # The batch that timed out comes again, then the iterator goes on (repeat=True).
    assert 'batch [4, 5, 6, 7] [0, 1, 2, 3]' in out
    _assert_workers_gone(out)


def test_a_stalled_dropped_batch_holding_the_shared_memory_times_out(tmp_path):
    # One worker, two batches read ahead, three regions of shared memory: [2, 3]
    # stalls on 3 in one region, [4, 5] waits behind it in another. After reset(),
    # the first new batch takes the third region and the second finds none free.
    code, out, err = _run('''
        it = iterators.MultiprocessIterator(
            HungArrays(), 2, shuffle=False, n_processes=1, n_prefetch=2, shared_mem=64,
            dataset_timeout=None, dataset_time_limit=1)
        assert next(it)[1].tolist() == [1, 1]
        print('workers', *it._executor._processes, flush=True)
        time.sleep(0.5)
        it.reset()
        try:
            next(it)
        except iterators.MultiprocessIterator.DatasetTimeoutError as e:
            print('raised', e, flush=True)
        print('batch', [a.tolist() for a in next(it)], flush=True)
        print('workers', *it._executor._processes, flush=True)
        it.finalize()
        ''', tmp_path, once=True, hung=3)
    assert code == 0, err
    assert 'raised' in out and 'dataset_time_limit' in out
    assert 'batch [[0, 0], [1, 1]]' in out
    _assert_workers_gone(out)


@pytest.mark.parametrize('ignore_term', [False, True])
def test_finalize_returns_within_seconds(tmp_path, ignore_term):
    code, out, err = _run('''
        it = start()
        began = time.monotonic()
        it.finalize()
        print('finalized', time.monotonic() - began, flush=True)
        ''', tmp_path, ignore_term=ignore_term)
    assert code == 0, err
    assert _seconds(out, 'finalized') < 10
    _assert_workers_gone(out)


@pytest.mark.parametrize('ignore_term', [False, True])
def test_a_dropped_iterator_s_stuck_workers_end_while_the_program_runs_on(tmp_path,
                                                                            ignore_term):
    """Nobody waits for a pool stopped by garbage collection: the reaper ends its
    workers (terminate, then kill) a moment later, long before the interpreter exits."""
    code, out, err = _run('''
        import gc
        it = start()
        workers = list(it._executor._processes.values())
        del it
        gc.collect()
        began = time.monotonic()
        while any(w.is_alive() for w in workers) and time.monotonic() - began < 20:
            time.sleep(0.05)
        print('running', sum(w.is_alive() for w in workers), flush=True)
        print('ended', time.monotonic() - began, flush=True)
        ''', tmp_path, ignore_term=ignore_term)
    assert code == 0, err
    assert 'running 0' in out, out
    assert _seconds(out, 'ended') < 15


@pytest.mark.parametrize('ending', ['print("end")', 'raise KeyboardInterrupt'])
def test_the_interpreter_exits_with_a_hung_example_read_ahead(tmp_path, ending):
    code, out, err = _run('''
        it = start()
        print('began', time.monotonic(), flush=True)
        ''' + ending + '\n', tmp_path, ignore_term=True)
    # An uncaught KeyboardInterrupt ends Python with SIGINT's status.
    assert code == (0 if 'print' in ending else -signal.SIGINT), err
    _assert_workers_gone(out)


def test_ctrl_c_while_exiting_kills_the_stuck_workers_at_once(tmp_path):
    # A long grace: without the Ctrl-C, the exit would wait 60 s for the stuck worker.
    process, out, err = _child('''
        from chainer.iterators import _worker_pool
        _worker_pool.STOP_GRACE_S = 60
        it = start()
        print('exiting', flush=True)
        ''', tmp_path, ignore_term=True)
    deadline = time.monotonic() + 60
    while 'exiting' not in out.read_text() and process.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # in the exit hook's grace now
    sent = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    code, stdout, stderr = _finish(process, out, err)
    assert time.monotonic() - sent < 20
    assert code == 0, stderr
    _assert_workers_gone(stdout)


def test_ctrl_c_ends_a_process_blocked_in_next(tmp_path):
    process, out, err = _child('''
        it = start(dataset_timeout=0.2)
        next(it)
        print('returned', flush=True)
        ''', tmp_path, ignore_term=True)
    # Once it warned, it is blocked in next(): Ctrl-C from the terminal reaches the
    # whole process group (the workers ignore it).
    deadline = time.monotonic() + 60
    while 'TimeoutWarning' not in err.read_text() and process.poll() is None \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    sent = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    code, stdout, stderr = _finish(process, out, err)
    assert time.monotonic() - sent < 15
    assert code != 0 and 'KeyboardInterrupt' in stderr, stderr
    assert 'returned' not in stdout
    _assert_workers_gone(stdout)


@pytest.mark.parametrize('value', [0, -1, float('nan'), '3', True])
def test_bad_dataset_time_limit_is_named(value):
    with pytest.raises(ValueError, match='dataset_time_limit'):
        iterators.MultiprocessIterator([1, 2], 1, dataset_time_limit=value)


def test_time_limit_accepts_none_and_positive_numbers():
    for value in (None, 1, 0.25):
        _batch_wait.check_limit(value, 'x')
    it = iterators.MultiprocessIterator([1, 2], 1, n_processes=1, dataset_time_limit=5)
    assert it.dataset_time_limit == 5
    assert next(it) in ([1], [2])
    it.finalize()


def test_fetch_examples_tells_what_it_reads():
    told = []
    data = list(range(10))

    def reading(start, stop):
        told.append((start, stop))

    segments = [slice(2, 4), numpy.array([7, 1])]
    assert _batch_segments.fetch_examples(data, segments, reading) == [2, 3, 7, 1]
    assert told == [(2, 4), (7, 8), (1, 2)]

    class PerIndex(object):
        def __getitem__(self, i):
            return -i

    told.clear()
    assert _batch_segments.fetch_examples(PerIndex(), [slice(0, 2)], reading) == [0, -1]
    assert told == [(0, 1), (1, 2)]


def test_progress_names_what_the_workers_read():
    progress = _worker_tasks.new_progress(3)
    assert _worker_tasks.reading_now(progress) == set()
    progress[0:2] = [4, 6]
    progress[4:6] = [9, 10]
    assert _worker_tasks.reading_now(progress) == {4, 5, 9}


def _stubborn():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        time.sleep(0.05)


def test_end_terminates_then_kills_a_process_that_ignores_sigterm():
    import multiprocessing
    from chainer.iterators import _worker_pool
    if 'fork' not in multiprocessing.get_all_start_methods():
        pytest.skip('needs the fork start method')
    process = multiprocessing.get_context('fork').Process(target=_stubborn, daemon=True)
    process.start()
    try:
        time.sleep(0.3)  # let it ignore SIGTERM
        began = time.monotonic()
        _worker_pool.end([(None, [process])], grace=0.2)
        assert not process.is_alive()
        assert process.exitcode == -signal.SIGKILL
        assert time.monotonic() - began < 10
    finally:
        if process.is_alive():
            process.kill()
            process.join(5)


def test_an_iterator_pickled_without_the_time_limit_loads_without_one():
    import pickle
    it = iterators.MultiprocessIterator([1, 2], 1, n_processes=1, dataset_time_limit=3)
    assert pickle.loads(pickle.dumps(it)).dataset_time_limit == 3
    state = it.__getstate__()
    del state['dataset_time_limit']  # as an older version pickled it
    old = iterators.MultiprocessIterator.__new__(iterators.MultiprocessIterator)
    old.__setstate__(state)
    assert old.dataset_time_limit is None
