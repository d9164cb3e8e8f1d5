import concurrent.futures.process
import os
import subprocess
import sys
import textwrap
import time

import numpy
import pytest

from chainer import dataset, iterators, serializers


class Failing(dataset.DatasetMixin):
    """Examples are their index; index ``bad`` raises (or kills the worker)."""

    def __init__(self, n, bad, kill=False):
        self.n, self.bad, self.kill = n, bad, kill

    def __len__(self):
        return self.n

    def get_example(self, i):
        if i == self.bad:
            if self.kill:
                os._exit(3)
            raise ValueError('broken example {}'.format(i))
        return i


def _batches(it, n):
    return [[int(x) for x in next(it)] for _ in range(n)]


@pytest.fixture
def make_iterator():
    made = []

    def make(*args, **kwargs):
        it = iterators.MultiprocessIterator(*args, **kwargs)
        made.append(it)
        return it

    make.made = made
    yield make
    for it in made:
        it.finalize()


@pytest.mark.parametrize('batch_size, n_processes, n_prefetch', [(3, 2, 1), (4, 3, 3), (9, 2, 2)])
def test_same_batches_as_serial_iterator_without_shuffle(make_iterator, batch_size, n_processes,
                                                         n_prefetch):
    data = numpy.arange(7) * 10
    serial = iterators.SerialIterator(data, batch_size, shuffle=False)
    multi = make_iterator(data, batch_size, shuffle=False, n_processes=n_processes,
                          n_prefetch=n_prefetch)
    for _ in range(5):
        assert _batches(multi, 1) == _batches(serial, 1)
        assert (multi.epoch, multi.is_new_epoch) == (serial.epoch, serial.is_new_epoch)
        assert multi.epoch_detail == serial.epoch_detail


def test_same_batches_as_serial_iterator_with_shuffle_and_seed(make_iterator):
    numpy.random.seed(5)
    serial = iterators.SerialIterator(list(range(6)), 4)
    numpy.random.seed(5)
    multi = make_iterator(list(range(6)), 4, n_processes=2)
    assert _batches(multi, 5) == _batches(serial, 5)


def test_no_repeat(make_iterator):
    it = make_iterator(list(range(5)), 2, repeat=False, shuffle=False, n_processes=2,
                       n_prefetch=2)
    assert [b for b in it] == [[0, 1], [2, 3], [4]]
    assert it.epoch == 1
    with pytest.raises(StopIteration):
        next(it)


def test_worker_exception_propagates_and_the_batch_is_retried(make_iterator):
    it = make_iterator(Failing(6, bad=3), 2, shuffle=False, n_processes=2, n_prefetch=2)
    assert next(it) == [0, 1]
    for _ in range(2):
        with pytest.raises(ValueError, match='broken example 3'):
            next(it)
        assert it.epoch_detail == pytest.approx(2 / 6)


def test_dead_worker_raises_instead_of_hanging(make_iterator):
    it = make_iterator(Failing(4, bad=1, kill=True), 2, shuffle=False, n_processes=1)
    with pytest.raises(concurrent.futures.process.BrokenProcessPool):
        next(it)
    it.dataset.bad = -1  # a new pool gets the repaired dataset and reads the batch again
    assert next(it) == [0, 1]


def test_finalize_stops_the_workers_and_the_iterator_can_restart(make_iterator):
    it = make_iterator(list(range(6)), 2, shuffle=False, n_processes=2)
    next(it)
    processes = list(it._executor._processes.values())
    it.finalize()
    assert processes and all(not p.is_alive() for p in processes)
    assert next(it) == [2, 3]


def test_reset_after_a_sweep_of_a_non_repeating_iterator(make_iterator):
    it = make_iterator(list(range(5)), 2, repeat=False, shuffle=False, n_processes=1,
                       n_prefetch=2)
    for _ in range(2):
        assert list(it) == [[0, 1], [2, 3], [4]]
        it.reset()
        assert it.epoch_detail == 0 and it.previous_epoch_detail is None


def test_reset_is_refused_where_v1_refuses_it(make_iterator):
    middle = make_iterator(list(range(5)), 2, repeat=False, n_processes=1)
    next(middle)
    with pytest.raises(NotImplementedError, match='middle of an epoch'):
        middle.reset()
    repeating = make_iterator(list(range(4)), 2, n_processes=1)
    next(repeating)
    next(repeating)
    with pytest.raises(NotImplementedError, match='repeating'):
        repeating.reset()
    finalized = make_iterator(list(range(4)), 2, repeat=False, n_processes=1)
    list(finalized)
    finalized.finalize()
    with pytest.raises(NotImplementedError, match='finalized'):
        finalized.reset()


def test_bad_arguments():
    with pytest.raises(ValueError, match='n_processes'):
        iterators.MultiprocessIterator([1], 1, n_processes=-1)
    with pytest.raises(ValueError, match='n_prefetch'):
        iterators.MultiprocessIterator([1], 1, n_prefetch=1.5)
    with pytest.raises(ValueError, match='shared_mem'):
        iterators.MultiprocessIterator([1], 1, shared_mem=-1)


def test_n_processes_zero_and_n_prefetch_below_one_are_accepted_as_in_v1():
    it = iterators.MultiprocessIterator([1], 1, n_processes=0, n_prefetch=0)
    assert it.n_processes == (os.cpu_count() or 1)
    assert it.n_prefetch == 1


def test_a_copy_made_before_iterating_is_independent_as_in_v1(make_iterator):
    import copy
    it = make_iterator(list(range(5)), 2, repeat=False, n_processes=2)
    twin = copy.copy(it)
    make_iterator.made.append(twin)
    assert sorted(sum(list(it), [])) == list(range(5))
    assert sorted(sum(list(twin), [])) == list(range(5))


def _array_examples(kind):
    def example(i):
        image = numpy.full((2, 3), i, numpy.float32)
        label = numpy.int32(i)
        if kind == 'array':
            return image
        if kind == 'dict':
            return {'x': image, 'y': label, 'z': numpy.arange(i + 1)}
        return {'tuple': tuple, 'list': list}[kind]((image, label, numpy.arange(i + 1)))
    return [example(i) for i in range(7)]


def _assert_same_examples(got, expected):
    assert type(got) is type(expected)
    if isinstance(expected, dict):
        assert sorted(got) == sorted(expected)
        got, expected = [got[k] for k in sorted(got)], [expected[k] for k in sorted(got)]
    elif isinstance(expected, numpy.ndarray):
        got, expected = [got], [expected]
    for g, e in zip(got, expected):
        assert type(g) is type(e)
        numpy.testing.assert_array_equal(g, e)
        assert numpy.asarray(g).dtype == numpy.asarray(e).dtype


# The examples grow, so slots sized on the first batch get too small (a warning).
@pytest.mark.filterwarnings('ignore:MultiprocessIterator:UserWarning')
@pytest.mark.parametrize('kind', ['array', 'tuple', 'list', 'dict'])
@pytest.mark.parametrize('shared_mem', [None, 0, 1000])
def test_arrays_of_examples_come_back_whole_with_shared_mem(make_iterator, kind, shared_mem):
    data = _array_examples(kind)
    it = make_iterator(data, 3, shuffle=False, n_processes=2, n_prefetch=2,
                       shared_mem=shared_mem)
    for step in range(6):
        batch = next(it)
        for k, example in enumerate(batch):
            _assert_same_examples(example, data[(3 * step + k) % 7])


def test_shared_mem_none_sizes_the_slots_from_the_first_batch(make_iterator):
    data = _array_examples('tuple')
    it = make_iterator(data, 2, shuffle=False, n_processes=1, shared_mem=None)
    next(it)
    # The larger example of the first batch: 6 float32 and 2 int64.
    assert it._slot_size == 6 * 4 + 2 * 8
    with pytest.warns(UserWarning, match='at least 56'):  # example 2 is larger
        next(it)
    assert it._memory is not None and len(it._memory) == 2 * 2 * it._slot_size


def test_too_small_shared_memory_warns_and_sends_the_arrays_by_pickle(make_iterator):
    data = _array_examples('tuple')
    it = make_iterator(data, 2, shuffle=False, n_processes=1, shared_mem=30)
    with pytest.warns(UserWarning, match='shared_mem option to at least 40'):
        batch = next(it)
    for example, expected in zip(batch, data):
        _assert_same_examples(example, expected)


def test_resuming_with_shared_memory_reads_the_right_arrays(make_iterator):
    data = _array_examples('tuple')
    it = make_iterator(data, 3, shuffle=False, n_processes=2, n_prefetch=2, shared_mem=100)
    next(it)
    target = {}
    it.serialize(serializers.DictionarySerializer(target))
    next(it)
    next(it)
    it.serialize(serializers.NpzDeserializer(target))  # back, dropping what was read ahead
    for step in range(1, 5):
        for k, example in enumerate(next(it)):
            _assert_same_examples(example, data[(3 * step + k) % 7])


@pytest.mark.parametrize('shuffle', [True, False])
def test_serialize_round_trip_resumes_the_same_batches(tmp_path, make_iterator, shuffle):
    data = list(range(7))
    it = make_iterator(data, 3, shuffle=shuffle, n_processes=2, n_prefetch=2)
    _batches(it, 3)
    path = str(tmp_path / 'it.npz')
    serializers.save_npz(path, it)  # saving must not disturb what was read ahead
    expected = _batches(it, 5)
    resumed = make_iterator(data, 3, shuffle=shuffle, n_processes=2, n_prefetch=2)
    _batches(resumed, 1)
    serializers.load_npz(path, resumed)
    assert _batches(resumed, 5) == expected
    # The snapshot format is the SerialIterator's: either can resume the other.
    serial = iterators.SerialIterator(data, 3, shuffle=shuffle)
    serializers.load_npz(path, serial)
    assert _batches(serial, 5) == expected


def _run_script(body, tmp_path, to_file=False):
    """Runs ``body`` as a script; ``to_file`` sends its output through a file rather
    than a pipe, which processes it leaves behind would keep open."""
    script = tmp_path / 'script.py'
    script.write_text(textwrap.dedent(body))
    if not to_file:
        return subprocess.run([sys.executable, str(script)], capture_output=True,
                              text=True, timeout=120)
    with open(tmp_path / 'out', 'w+') as out, open(tmp_path / 'err', 'w+') as err:
        result = subprocess.run([sys.executable, str(script)], stdout=out, stderr=err,
                                timeout=120)
    result.stdout, result.stderr = [(tmp_path / n).read_text() for n in ('out', 'err')]
    return result


@pytest.mark.parametrize('ending, returncode', [
    ('print("done")', 0),
    ('raise RuntimeError("training loop failed")', 1)])
def test_interpreter_exits_with_live_workers(tmp_path, ending, returncode):
    result = _run_script('''
        import numpy
        from chainer import iterators
        it = iterators.MultiprocessIterator(numpy.arange(100), 10, n_processes=2,
                                            n_prefetch=3)
        next(it)
        ''' + ending + '\n', tmp_path)
    assert result.returncode == returncode, result.stderr
    assert 'done' in result.stdout or 'training loop failed' in result.stderr


def test_interpreter_exits_on_a_worker_error(tmp_path):
    result = _run_script('''
        from chainer import dataset, iterators

        class Bad(dataset.DatasetMixin):
            def __len__(self):
                return 10

            def get_example(self, i):
                raise RuntimeError('dataset failure')

        it = iterators.MultiprocessIterator(Bad(), 2, n_processes=2)
        next(it)
        ''', tmp_path)
    assert result.returncode != 0
    assert 'dataset failure' in result.stderr


def test_garbage_collection_stops_the_workers():
    import gc
    it = iterators.MultiprocessIterator(list(range(6)), 2, n_processes=2, n_prefetch=2)
    next(it)
    processes = list(it._executor._processes.values())
    assert processes
    del it
    gc.collect()
    # Poll instead of join(): the pool's own thread reaps the workers too, and a join
    # racing with it can return while is_alive() still says True for a moment.
    deadline = time.monotonic() + 60
    while any(p.is_alive() for p in processes) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(p.is_alive() for p in processes)


def _alive(pid):
    """Whether process ``pid`` runs (a zombie, dead but not reaped, counts as gone)."""
    try:
        with open('/proc/{}/stat'.format(pid)) as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def _worker_pids(stdout):
    line = next(x for x in stdout.splitlines() if x.startswith('workers'))
    return [int(p) for p in line.split()[1:]]


# A training script's shape: a live training iterator and the copy of a validation
# iterator that each Evaluator run makes and drops, whose pool is still closing when the
# script ends; nothing is finalized. A hook registered before the iterators' own sees
# whether a pool of ours is still running when concurrent.futures' exit hook (registered
# first, so run last) wakes the pools: that race printed "Exception ignored ... Bad file
# descriptor".
_EXIT_SCRIPT = '''
    import concurrent.futures.process
    import copy
    import sys
    import threading

    import numpy
    from chainer import iterators

    def check():
        managers = [t for t in threading.enumerate()
                    if isinstance(t, concurrent.futures.process._ExecutorManagerThread)]
        if managers:
            print('pools still running when concurrent.futures exits:', managers,
                  file=sys.stderr)

    threading._register_atexit(check)
    train = iterators.MultiprocessIterator(numpy.arange(60), 6, n_processes=2,
                                           n_prefetch=2)
    val = iterators.MultiprocessIterator(numpy.arange(30), 6, repeat=False,
                                         shuffle=False, n_processes=2)
    next(train)
    pids = list(train._executor._processes)
    for batch in copy.copy(val):
        pass
    print('workers', *pids, flush=True)
    '''


def test_exit_without_finalize_is_quiet_and_stops_every_worker(tmp_path):
    for _ in range(3):
        result = _run_script(_EXIT_SCRIPT, tmp_path)
        assert result.returncode == 0 and result.stderr == '', result.stderr
        assert not any(_alive(pid) for pid in _worker_pids(result.stdout))


def test_workers_exit_when_the_parent_is_killed(tmp_path):
    # Output to a file: surviving workers would hold a pipe open and hang the run.
    result = _run_script('''
        import os
        import signal

        import numpy
        from chainer import iterators

        it = iterators.MultiprocessIterator(numpy.arange(60), 6, n_processes=2)
        next(it)
        print('workers', *it._executor._processes, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        ''', tmp_path, to_file=True)
    assert result.returncode == -9
    pids = _worker_pids(result.stdout)
    assert pids
    deadline = time.monotonic() + 60
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in pids)
