"""snapshot and snapshot_object: file names, atomic replacement."""
import os

import numpy
import pytest

from chainer import serializers
from chainer.training import extensions
from training_tests import tiny


def test_snapshot_names_and_content(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    model = trainer.updater.get_optimizer('main').target
    trainer.extend(extensions.snapshot())
    trainer.extend(extensions.snapshot_object(model, 'model_{.updater.epoch}'))
    trainer.run()
    assert sorted(os.listdir(tmp_path)) == ['model_1', 'model_2', 'snapshot_iter_4',
                                            'snapshot_iter_8']
    loaded = tiny.Model(seed=5)
    serializers.load_npz(str(tmp_path / 'model_2'), loaded)
    numpy.testing.assert_array_equal(loaded.l1.W.data, model.l1.W.data)
    assert trainer.get_extension('snapshot').priority == -100


def test_failed_write_keeps_the_last_good_snapshot(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(1, 'epoch'))
    (tmp_path / 'snap').write_bytes(b'good')

    def broken_save(path, obj):
        with open(path, 'wb') as f:
            f.write(b'half')
        raise OSError('disk full')

    trainer.extend(extensions.snapshot(savefun=broken_save, filename='snap'))
    with pytest.raises(OSError, match='disk full'):
        trainer.run()
    assert os.listdir(tmp_path) == ['snap']
    assert (tmp_path / 'snap').read_bytes() == b'good'


def test_bad_arguments():
    with pytest.raises(TypeError, match='savefun must be callable'):
        extensions.snapshot(savefun='npz')
    with pytest.raises(TypeError, match='filename must be a str'):
        extensions.snapshot_object(object(), 3)
