"""v7's snapshot options (writer, condition, n_retains, autoload, target,
snapshot_on_error) and the snapshot writers: each writer leaves the last good
snapshot when a save fails or is killed."""
import os
import signal
import time

import numpy
import pytest

from chainer import serializers, training
from chainer.serializers import npz
from chainer.training import extensions
from chainer.training.extensions import snapshot_writers
from training_tests import tiny

_WRITERS = [snapshot_writers.SimpleWriter, snapshot_writers.ThreadWriter,
            snapshot_writers.ProcessWriter, snapshot_writers.ThreadQueueWriter,
            snapshot_writers.ProcessQueueWriter]


def _failing_save(path, target):
    with open(path, 'wb') as f:
        f.write(b'partial')
    raise IOError('disk full')


@pytest.mark.parametrize('make', _WRITERS)
def test_every_writer_saves_and_a_failed_save_keeps_the_last_good_one(tmp_path, make):
    out = str(tmp_path)
    good = make()
    good('snap', out, {'x': numpy.arange(3)})
    good.finalize()
    with numpy.load(os.path.join(out, 'snap')) as f:
        numpy.testing.assert_array_equal(f['x'], numpy.arange(3))
    bad = make(savefun=_failing_save)
    try:
        bad('snap', out, {'x': numpy.zeros(3)})
    except IOError:
        pass  # the SimpleWriter raises in the loop; the others in their worker
    bad.finalize()
    assert os.listdir(out) == ['snap']  # no temporary file left, snapshot intact
    with numpy.load(os.path.join(out, 'snap')) as f:
        numpy.testing.assert_array_equal(f['x'], numpy.arange(3))


def _slow_save(path, target):
    with open(path, 'wb') as f:
        f.write(b'partial')
        f.flush()
        time.sleep(30)


def test_a_killed_process_save_keeps_the_last_good_snapshot(tmp_path):
    out = str(tmp_path)
    snapshot_writers.SimpleWriter()('snap', out, {'x': numpy.ones(2)})
    writer = snapshot_writers.ProcessWriter(savefun=_slow_save)
    writer('snap', out, {'x': numpy.zeros(2)})
    time.sleep(0.5)
    os.kill(writer._worker.pid, signal.SIGKILL)
    writer.finalize()
    with numpy.load(os.path.join(out, 'snap')) as f:
        numpy.testing.assert_array_equal(f['x'], numpy.ones(2))


def test_condition_n_retains_and_autoload(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(6, 'iteration'))
    calls = []

    def every_other():
        calls.append(1)
        return len(calls) % 2 == 0

    trainer.extend(extensions.snapshot(filename='snap_{.updater.iteration}',
                                       condition=every_other, n_retains=2,
                                       writer=snapshot_writers.ThreadWriter()),
                   trigger=(1, 'iteration'))
    trainer.run()
    assert len(calls) == 6
    assert sorted(os.listdir(str(tmp_path))) == ['snap_4', 'snap_6']

    resumed = tiny.trainer(tmp_path, stop=(8, 'iteration'))
    resumed.extend(extensions.snapshot(filename='snap_{.updater.iteration}',
                                       autoload=True))
    resumed.run()  # starts from snap_6
    assert resumed.updater.iteration == 8


def test_snapshot_on_error_target_and_callable_filename(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(3, 'iteration'))
    model = trainer.updater.get_optimizer('main').target
    trainer.extend(extensions.snapshot_object(
        model, lambda t: 'model_{}'.format(t.updater.iteration),
        snapshot_on_error=True), trigger=(100, 'iteration'))

    def fail(trainer):
        if trainer.updater.iteration == 2:
            raise RuntimeError('stop')

    trainer.extend(fail)
    with pytest.raises(RuntimeError):
        trainer.run()
    saved = tiny.Model()
    serializers.load_npz(str(tmp_path / 'model_2'), saved)
    numpy.testing.assert_array_equal(saved.l1.W.data, model.l1.W.data)


def test_argument_checks_and_v1_trigger():
    with pytest.raises(TypeError):
        extensions.snapshot(savefun=_failing_save, writer=snapshot_writers.SimpleWriter())
    # v1's documented default savefun may stand beside a writer
    extensions.snapshot(savefun=npz.save_npz, writer=snapshot_writers.SimpleWriter())
    with pytest.raises(TypeError):
        extensions.snapshot(n_retain=3)
    ext = extensions.snapshot(trigger=(2, 'iteration'))  # v1's argument
    assert ext.trigger == (2, 'iteration') and ext.priority == -100
    assert extensions.snapshot_object(object(), 'x').default_name == 'snapshot_object'
    with pytest.raises(NotImplementedError):
        snapshot_writers.Writer()('f', '.', {})
    assert isinstance(training.extensions.snapshot_writers.StandardWriter(),
                      snapshot_writers.Writer)
