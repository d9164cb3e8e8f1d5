"""A v1-style training script runs unchanged, in a subprocess, after a bare ``import chainer``.

The script (``v1_style_script.py``) is written in the manner of the original Chainer v1
examples: an MNIST MLP trained by a Trainer, a GAN-style updater with two optimizers and no
'main' one, the VAE losses of ``chainer.functions.loss.vae``, a float16 model built from
initializers given a dtype, and a PTB-style LSTM language model. Its data comes from a
dataset cache written here in Chainer v1's own format under ``$CHAINER_DATASET_ROOT``.
"""
import json
import os
import pathlib
import subprocess
import sys

import numpy
import pytest

SCRIPT = pathlib.Path(__file__).with_name('v1_style_script.py')
PTB_VOCAB = 30


def _write_mnist_cache(root):
    """pfnet/chainer/mnist/{train,test}.npz: x (N, 784) uint8, y (N,) uint8, as v1 writes."""
    rs = numpy.random.RandomState(0)
    directory = root / 'pfnet' / 'chainer' / 'mnist'
    directory.mkdir(parents=True)
    for name, n in (('train', 600), ('test', 200)):
        y = rs.randint(0, 10, n).astype(numpy.uint8)
        x = rs.randint(0, 60, (n, 784))
        for label in range(10):  # each digit lights its own band of pixels
            x[y == label, label * 78:(label + 1) * 78] += 180
        numpy.savez_compressed(str(directory / (name + '.npz')),
                               x=x.astype(numpy.uint8), y=y)


def _write_ptb_cache(root):
    """pfnet/chainer/ptb/{train,valid,test}.npz (x: int32 word ids) and vocab.txt."""
    directory = root / 'pfnet' / 'chainer' / 'ptb'
    directory.mkdir(parents=True)
    for name, n in (('train', 1200), ('valid', 100), ('test', 100)):
        words = numpy.arange(n, dtype=numpy.int32) * 7 % PTB_VOCAB  # a fixed successor
        numpy.savez_compressed(str(directory / (name + '.npz')), x=words)
    names = ['<eos>', 'the', '<unk>'] + ['w{}'.format(i) for i in range(3, PTB_VOCAB)]
    (directory / 'vocab.txt').write_text(''.join(w + '\n' for w in names))


@pytest.fixture(scope='module')
def results(tmp_path_factory):
    root = tmp_path_factory.mktemp('dataset_root')
    _write_mnist_cache(root)
    _write_ptb_cache(root)
    out = tmp_path_factory.mktemp('result')
    env = dict(os.environ, CHAINER_DATASET_ROOT=str(root), OPENBLAS_NUM_THREADS='1')
    done = subprocess.run([sys.executable, str(SCRIPT), str(out)], env=env, cwd=str(out),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_bare_import_chainer_gives_every_subpackage(results):
    assert results['namespace'] == sorted(['functions', 'links', 'optimizers', 'datasets',
                                           'iterators', 'training', 'serializers', 'cuda'])


def test_mnist_mlp_with_trainer_learns_from_a_v1_format_cache(results):
    assert results['mnist_accuracy'] >= 0.9


def test_gan_updater_with_two_optimizers_and_no_main_one_trains_both(results):
    assert results['gan'] == {'reported': ['dis/loss', 'gen/loss'], 'gen_updated': True,
                              'dis_updated': True, 'iterations': 300}


def test_vae_losses_of_chainer_functions_loss_vae_match_their_formulas(results):
    rs = numpy.random.RandomState(1)  # the script's draws, in its order
    mu, ln_var = rs.randn(4, 3), rs.randn(4, 3)
    x = (rs.rand(4, 3) > 0.5).astype(numpy.float64)
    kl = 0.5 * numpy.sum(mu ** 2 + numpy.exp(ln_var) - ln_var - 1)
    bernoulli = numpy.sum(numpy.logaddexp(0, mu) - x * mu)
    gaussian = numpy.sum(0.5 * numpy.log(2 * numpy.pi) + 0.5 * ln_var +
                         0.5 * (x - mu) ** 2 * numpy.exp(-ln_var))
    vae = results['vae']
    numpy.testing.assert_allclose(
        [vae['kl'], vae['bernoulli_nll'], vae['gaussian_nll']], [kl, bernoulli, gaussian],
        rtol=1e-5)
    assert vae['mu_grad_finite']


def test_fp16_model_keeps_float16_end_to_end(results):
    assert results['fp16'] == {'W': 'float16', 'b': 'float16', 'y': 'float16',
                               'gW': 'float16'}


def test_ptb_lstm_learns_from_a_v1_format_cache(results):
    ptb = results['ptb']
    assert ptb['n_vocab'] == PTB_VOCAB and ptb['vocab_size'] == PTB_VOCAB
    assert ptb['first_word_id'] == 0 and ptb['valid_len'] == 100
    assert ptb['last_loss'] < 0.5 * ptb['first_loss']
