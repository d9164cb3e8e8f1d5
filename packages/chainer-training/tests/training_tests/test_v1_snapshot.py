"""A trainer snapshot in the layout of Chainer v1.14 loads and training continues
(v1's compatibility policy: objects serialized by an official serializer load in later
versions).

v1.14 saved, for a StandardUpdater with a shuffling SerialIterator and a LogReport,
the iterator's position, epoch, is_new_epoch and its order under ``_order``, the
optimizer and model, the iteration, the LogReport's ``_log`` and an ExponentialShift's
``_t``; no random state, no running summary, no elapsed time. The file is made here
from one of ours by dropping and renaming entries.
"""
import json

import numpy

from chainer import optimizers, serializers
from chainer.training import extensions
from training_tests import tiny

_V1_MISSING = ('previous_epoch_detail', 'rng_', '/_summary/', '_snapshot_elapsed_time',
               'previous_iteration', 'span_start', '_last_value',
               'l1/W/t', 'l1/b/t')  # v7's per-parameter step counts
_V1_KEYS = ['updater/iterator:main/current_position', 'updater/iterator:main/epoch',
            'updater/iterator:main/is_new_epoch', 'updater/iterator:main/_order',
            'updater/optimizer:main/t', 'updater/optimizer:main/epoch',
            'updater/optimizer:main/l1/W/v', 'updater/optimizer:main/l1/b/v',
            'updater/model:main/l1/W', 'updater/model:main/l1/b', 'updater/iteration',
            'extensions/LogReport/_log', 'extensions/ExponentialShift/_t']


def _trainer(tmp_path, stop):
    trainer = tiny.trainer(tmp_path, stop=stop, optimizer=optimizers.MomentumSGD(lr=0.1))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.ExponentialShift('lr', 0.5), trigger=(1, 'epoch'))
    return trainer


def test_a_v1_14_trainer_snapshot_loads_and_training_continues(tmp_path):
    first = _trainer(tmp_path, (1, 'epoch'))
    first.extend(extensions.snapshot())
    first.run()
    with numpy.load(str(tmp_path / 'snapshot_iter_4')) as ours:
        v1 = {key.replace('/order', '/_order'): ours[key] for key in ours.files
              if not any(part in key for part in _V1_MISSING)}
    assert sorted(v1) == sorted(_V1_KEYS)
    # v1 counted ExponentialShift's call before training too: one more than the shifts
    v1['extensions/ExponentialShift/_t'] = v1['extensions/ExponentialShift/_t'] + 1

    resumed = _trainer(tmp_path, (2, 'epoch'))
    serializers.NpzDeserializer(v1).load(resumed)
    assert resumed.updater.iteration == 4
    it = resumed.updater.get_iterator('main')
    assert (it.epoch, it.current_position) == (1, 0)
    numpy.testing.assert_array_equal(
        resumed.updater.get_optimizer('main').target.l1.W.data,
        first.updater.get_optimizer('main').target.l1.W.data)
    resumed.run()
    log = json.loads((tmp_path / 'log').read_text())
    assert [entry['epoch'] for entry in log] == [1, 2]
    assert resumed.updater.get_optimizer('main').lr == 0.1 * 0.5 ** 2
    assert resumed.updater.iteration == 8
