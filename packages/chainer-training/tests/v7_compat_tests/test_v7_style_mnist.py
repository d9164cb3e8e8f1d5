"""A training script in the style of Chainer v7's MNIST example runs unchanged in a
subprocess: ``init_scope``/``forward`` models, ``chainer.get_device``, Trainer with
Evaluator, snapshot, LogReport and PrintReport, resume from the snapshot, prediction in
``using_config('train', False)``.

Still missing for the example exactly as v7 ships it: ``extensions.snapshot``'s v7
keywords (``n_retains``, ``autoload``, ``target``, ``condition``, ``writer``,
``snapshot_on_error``) and ``extensions.DumpGraph``; the script uses the forms both
versions share there.
"""
import json
import os
import pathlib
import subprocess
import sys

import pytest

SCRIPT = pathlib.Path(__file__).with_name('v7_style_mnist.py')


@pytest.fixture(scope='module')
def results(tmp_path_factory):
    out = tmp_path_factory.mktemp('result')
    env = dict(os.environ, OPENBLAS_NUM_THREADS='1')
    done = subprocess.run([sys.executable, str(SCRIPT), '--out', str(out)], env=env,
                          cwd=str(out), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_two_epochs_lower_the_loss(results):
    loss, validation = results['loss'], results['validation_loss']
    assert len(loss) == 2 and len(validation) == 2
    assert loss[1] < loss[0] and validation[1] < validation[0]


def test_snapshots_are_written_each_epoch(results):
    assert results['snapshots'] == ['snapshot_iter_20', 'snapshot_iter_40']


def test_resume_from_the_snapshot_continues_where_it_stopped(results):
    assert results['resumed_from'] == {'epoch': 2, 'iteration': 40}
    assert results['same_weights']
    assert results['resumed_epochs'] == [1, 2, 3]  # the LogReport's log is restored
    assert results['resumed_loss'] < results['loss'][1]


def test_test_mode_prediction_is_deterministic_and_builds_no_graph(results):
    assert results['deterministic_in_test_mode']
    assert not results['graph_in_test_mode']
    assert results['test_accuracy'] >= 0.8
