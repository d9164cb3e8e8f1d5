"""Snapshots killed mid-write: the next snapshot removes the temporaries
(``tmp<name>.<pid>...`` and the npz writer's own inside them) that no live process
writes, for any iteration of the file name pattern; modes follow the umask."""
import os
import select
import signal
import stat
import subprocess
import sys
import textwrap

from chainer.serializers import _atomic_file
from chainer.training import extensions
from training_tests import tiny

_TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_CHILD = '''
    import sys, time, numpy
    sys.path.insert(0, sys.argv[1])
    from chainer.training import extensions
    from training_tests import tiny
    block_at = int(sys.argv[3])
    real = numpy.savez_compressed

    def savez(f, **arrays):
        if 'updater/iteration' in arrays and \\
                int(arrays['updater/iteration']) == block_at:
            f.write(b'PK' + b'x' * 1000)  # half an archive, then hang
            f.flush()
            print('blocked', flush=True)
            time.sleep(600)
        return real(f, **arrays)

    numpy.savez_compressed = savez
    trainer = tiny.trainer(sys.argv[2], stop=(20, 'iteration'))
    trainer.extend(extensions.snapshot(filename='snap_{.updater.iteration}'),
                   trigger=(1, 'iteration'))
    trainer.run()
'''


def _temporaries(directory):
    return sorted(n for n in os.listdir(directory) if 'tmp' in n)


def test_killed_snapshots_do_not_pile_up(tmp_path):
    out = str(tmp_path)
    for block_at in (1, 2, 3):
        proc = subprocess.Popen(
            [sys.executable, '-c', textwrap.dedent(_CHILD), _TESTS, out,
             str(block_at)], stdout=subprocess.PIPE, text=True)
        try:
            ready, _, _ = select.select([proc.stdout], [], [], 120)
            line = proc.stdout.readline() if ready else 'timed out'
        finally:
            proc.kill()  # SIGKILL, in the middle of writing snap_<block_at>
            proc.wait(timeout=30)
            proc.stdout.close()
        assert line.strip() == 'blocked'
        assert proc.returncode == -signal.SIGKILL
        left = _temporaries(out)
        # only the killed child's own: the outer temporary and the npz one inside
        assert len(left) == 2, left
        assert all('.{}.'.format(proc.pid) in n for n in left), left
        assert {n.lstrip('.').split('.')[0] for n in left} == \
            {'tmpsnap_{}'.format(block_at)}
    trainer = tiny.trainer(tmp_path, stop=(2, 'iteration'))
    trainer.extend(extensions.snapshot(filename='snap_{.updater.iteration}'),
                   trigger=(1, 'iteration'))
    trainer.run()
    assert _temporaries(out) == []
    assert sorted(os.listdir(out)) == ['snap_1', 'snap_2']


def test_live_and_foreign_temporaries_are_kept(tmp_path):
    host = _atomic_file._host_tag()
    other_host = 'ffffffff' if host != 'ffffffff' else '00000000'
    proc = subprocess.Popen([sys.executable, '-c', 'pass'])
    proc.wait()
    dead = proc.pid
    stale = ['tmpsnap_7.{}.{}.12345678'.format(dead, host),
             '.tmpsnap_7.{0}.{1}.12345678.{0}.{1}.9abcdef0.tmp'.format(dead, host)]
    kept = ['tmpsnap_8.{}.{}.12345678'.format(os.getpid(), host),
            'tmpsnap_9.{}.{}.12345678'.format(dead, other_host),
            'tmpother_1.{}.{}.12345678'.format(dead, host),
            'tmpsnap_7.notours']
    for name in stale + kept:
        (tmp_path / name).write_bytes(b'x')
    trainer = tiny.trainer(tmp_path, stop=(1, 'iteration'))
    trainer.extend(extensions.snapshot(filename='snap_{.updater.iteration}'),
                   trigger=(1, 'iteration'))
    trainer.run()
    assert sorted(os.listdir(str(tmp_path))) == sorted(kept + ['snap_1'])


def test_snapshot_mode_follows_umask_and_old_file(tmp_path):
    old = os.umask(0o022)
    try:
        trainer = tiny.trainer(tmp_path, stop=(2, 'iteration'))
        (tmp_path / 'snap_2').write_bytes(b'old')
        os.chmod(str(tmp_path / 'snap_2'), 0o640)
        trainer.extend(extensions.snapshot(filename='snap_{.updater.iteration}'),
                       trigger=(1, 'iteration'))
        trainer.run()
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(str(tmp_path / 'snap_1')).st_mode) == 0o644
    assert stat.S_IMODE(os.stat(str(tmp_path / 'snap_2')).st_mode) == 0o640
    assert (tmp_path / 'snap_2').read_bytes() != b'old'
