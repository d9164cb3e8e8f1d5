"""The module paths of Chainer v1.24 that v1 code imports from the training side,
with the names v1 put in them (issue 13, point 2)."""
import importlib
import importlib.util
import subprocess
import sys

import pytest

from chainer import training
from chainer.datasets import image_dataset
from chainer.training import extensions, triggers, updaters


@pytest.mark.parametrize('path, names', [
    ('chainer.training.util', ['get_trigger']),
    ('chainer.training.trigger', ['IntervalTrigger', 'get_trigger']),
    ('chainer.training.triggers.interval', ['IntervalTrigger']),
    ('chainer.training.triggers.manual_schedule_trigger', ['ManualScheduleTrigger']),
    ('chainer.training.triggers.minmax_value_trigger',
     ['MaxValueTrigger', 'MinValueTrigger']),
    ('chainer.training.updater', ['Updater', 'StandardUpdater', 'ParallelUpdater']),
    ('chainer.training.updaters', ['StandardUpdater', 'ParallelUpdater']),
    ('chainer.training.extensions._snapshot', ['snapshot', 'snapshot_object']),
    ('chainer.training.extensions.exponential_shift', ['ExponentialShift']),
    ('chainer.datasets.image_dataset', ['available', 'ImageDataset']),
])
def test_v1_module_path_imports_with_its_v1_names(path, names):
    module = importlib.import_module(path)
    for name in names:
        assert hasattr(module, name), '{} lacks {}'.format(path, name)


def test_updater_module_gives_the_updater_classes_as_in_v1():
    from chainer.training.updater import ParallelUpdater, StandardUpdater
    assert StandardUpdater is training.StandardUpdater
    # at v1's paths, the subclass that hands the batch to v1 models in Variables
    assert issubclass(StandardUpdater, updaters.StandardUpdater)
    assert ParallelUpdater is training.ParallelUpdater
    assert 'StandardUpdater' in dir(training.updater)
    with pytest.raises(AttributeError, match='no attribute'):
        training.updater.NoSuchUpdater


def test_get_trigger_lives_in_training_util_and_trigger_keeps_it_as_in_v1():
    from chainer.training.util import get_trigger
    assert training.trigger.get_trigger is get_trigger is training.get_trigger
    assert training.trigger.IntervalTrigger is triggers.IntervalTrigger


def test_snapshot_extensions_are_functions_of_the_module__snapshot_as_in_v1():
    assert extensions.snapshot is extensions._snapshot.snapshot
    assert extensions.snapshot_object is extensions._snapshot.snapshot_object


def test_image_dataset_available_says_whether_pillow_is_installed_as_in_v1():
    assert image_dataset.available is (importlib.util.find_spec('PIL') is not None)


def test_training_extensions_is_reachable_after_a_bare_import_chainer():
    # a fresh interpreter: this test session has imported the extensions already
    code = ('import sys, chainer; assert "chainer.training.extensions" not in sys.modules; '
            'print(chainer.training.extensions.Evaluator.__name__)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == 'Evaluator'
