"""save_npz / save_hdf5 on disk: temporaries left by killed saves are cleared by the
next save, file modes follow the umask or the replaced file, and a write that fails
(a file size limit, as on a full disk) is an OSError that keeps the old file."""
import os
import select
import signal
import stat
import subprocess
import sys
import textwrap
import time

import numpy
import pytest

from chainer import serializers
from chainer.serializers import _atomic_file

try:
    import h5py  # NOQA
    _HAS_H5PY = True
except ImportError:
    _HAS_H5PY = False

_FORMATS = ['npz'] + (['hdf5'] if _HAS_H5PY else [])


def _save(fmt, path, obj):
    (serializers.save_npz if fmt == 'npz' else serializers.save_hdf5)(path, obj)


def _load(fmt, path):
    out = {'a': numpy.zeros(3, numpy.float32)}

    class Holder(object):
        def serialize(self, s):
            out['a'] = s('a', out['a'])
    (serializers.load_npz if fmt == 'npz' else serializers.load_hdf5)(path, Holder())
    return out['a']


def _temporaries(directory):
    return sorted(n for n in os.listdir(str(directory)) if n.endswith('.tmp'))


@pytest.fixture
def umask022():
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.parametrize('fmt', _FORMATS)
def test_new_file_mode_follows_umask(tmp_path, fmt, umask022):
    path = str(tmp_path / 'm')
    _save(fmt, path, {'a': numpy.arange(3, dtype=numpy.float32)})
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
    os.umask(0o077)
    other = str(tmp_path / 'private')
    _save(fmt, other, {'a': numpy.arange(3, dtype=numpy.float32)})
    assert stat.S_IMODE(os.stat(other).st_mode) == 0o600


@pytest.mark.parametrize('fmt', _FORMATS)
@pytest.mark.parametrize('mode', [0o644, 0o600, 0o666, 0o640])
def test_overwrite_keeps_mode(tmp_path, fmt, mode, umask022):
    path = str(tmp_path / 'm')
    _save(fmt, path, {'a': numpy.zeros(3, numpy.float32)})
    os.chmod(path, mode)
    _save(fmt, path, {'a': numpy.ones(3, numpy.float32)})
    assert stat.S_IMODE(os.stat(path).st_mode) == mode
    numpy.testing.assert_array_equal(_load(fmt, path), numpy.ones(3))
    assert _temporaries(tmp_path) == []


def test_temporary_name_carries_pid(tmp_path):
    seen = []
    with _atomic_file.atomic_path(str(tmp_path / 'x.npz')) as tmp:
        seen.append(os.path.basename(tmp))
        open(tmp, 'wb').close()
    name = seen[0]
    assert name.startswith('.x.npz.{}.'.format(os.getpid())) and name.endswith('.tmp')
    with _atomic_file.atomic_path(str(tmp_path / 'y'), prefix='tmp') as tmp:
        assert os.path.basename(tmp).startswith('tmpy.{}.'.format(os.getpid()))


def _dead_pid():
    proc = subprocess.Popen([sys.executable, '-c', 'pass'])
    proc.wait()
    return proc.pid


def test_remove_stale_keeps_live_and_foreign(tmp_path):
    host = _atomic_file._host_tag()
    dead = _dead_pid()
    names = {
        '.m.npz.{}.{}.0000abcd.tmp'.format(dead, host): False,         # stale
        '.m.npz.{}.{}.0000abce.tmp'.format(os.getpid(), host): True,   # live
        '.m.npz.{}.{}.0000abcd.tmp'.format(dead, 'ffffffff' if host != 'ffffffff'
                                           else '00000000'): True,    # other host
        '.other.npz.{}.{}.0000abcd.tmp'.format(dead, host): True,      # other target
        'm.npz': True,
        '.m.npz.notours.tmp': True,
    }
    for name in names:
        (tmp_path / name).write_bytes(b'x')
    removed = _atomic_file.remove_stale(str(tmp_path), 'm\\.npz')
    assert removed == [n for n, keep in names.items() if not keep]
    assert sorted(os.listdir(str(tmp_path))) == sorted(
        n for n, keep in names.items() if keep)


_KILLED_SAVE = '''
    import sys, numpy
    from chainer import serializers
    big = {'w%d' % i: numpy.random.RandomState(i).rand(1000, 1000) for i in range(5)}
    big['a'] = numpy.full(3, 9, numpy.float32)
    print('ready', flush=True)
    save = serializers.save_npz if sys.argv[1] == 'npz' else serializers.save_hdf5
    while True:
        save(sys.argv[2], big)
'''


@pytest.mark.parametrize('fmt', _FORMATS)
def test_killed_saves_leave_no_growing_temporaries(tmp_path, fmt):
    target = str(tmp_path / ('model.' + fmt))
    _save(fmt, target, {'a': numpy.full(3, 7, numpy.float32)})
    killed = 0
    for _ in range(3):
        proc = subprocess.Popen(
            [sys.executable, '-c', textwrap.dedent(_KILLED_SAVE), fmt, target],
            stdout=subprocess.PIPE, text=True)
        try:
            ready, _, _ = select.select([proc.stdout], [], [], 120)
            assert ready and proc.stdout.readline().strip() == 'ready'
            mark = '.{}.'.format(proc.pid)
            deadline = time.time() + 60
            while not any(mark in n for n in _temporaries(tmp_path)) and \
                    time.time() < deadline:
                time.sleep(0.005)
            assert any(mark in n for n in _temporaries(tmp_path)), \
                'the child never started writing'
        finally:
            proc.kill()  # SIGKILL: no cleanup in the child
            proc.wait(timeout=30)
            proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL
        killed += 1
        # the child's save removed the temporary of the save killed before it
        assert len(_temporaries(tmp_path)) == 1
        # the target is whole: the first save's or a completed save of the child
        assert _load(fmt, target)[0] in (7, 9)
    _save(fmt, target, {'a': numpy.full(3, 8, numpy.float32)})
    assert killed == 3
    assert _temporaries(tmp_path) == []
    numpy.testing.assert_array_equal(_load(fmt, target), numpy.full(3, 8))


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='RLIMIT_FSIZE')
@pytest.mark.parametrize('fmt', _FORMATS)
def test_file_size_limit_is_an_oserror_keeping_old_file(tmp_path, fmt):
    target = str(tmp_path / ('model.' + fmt))
    _save(fmt, target, {'a': numpy.full(3, 7, numpy.float32)})
    before = open(target, 'rb').read()
    code = '''
        import resource, signal, sys, numpy
        from chainer import serializers
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200000, 200000))
        save = serializers.save_npz if sys.argv[1] == 'npz' else serializers.save_hdf5
        try:
            save(sys.argv[2], {'a': numpy.random.rand(1000, 1000)})
        except OSError as e:
            print('OSError', e.errno)
        else:
            print('saved')
    '''
    result = subprocess.run(
        [sys.executable, '-c', textwrap.dedent(code), fmt, target],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == 'OSError'
    assert open(target, 'rb').read() == before
    assert _temporaries(tmp_path) == []
