"""conv_ab: the side-by-side runner's pieces and one real round on this checkout
(no timing asserted)."""
import io
import os
import sys

import conv_ab


def test_rotation_starts_each_round_one_side_later():
    names = ['base', 'new', 'torch']
    assert [conv_ab.rotated(names, r)[0] for r in range(4)] == ['base', 'new', 'torch',
                                                                 'base']


def test_summary_has_min_median_and_the_ratio_to_pytorch():
    lines = conv_ab.summarize({'new': [0.036, 0.034, 0.040], 'torch': [0.032, 0.030]})
    assert lines[0].startswith('new') and '34.00' in lines[0] and '36.00' in lines[0]
    assert '/ torch: 1.13 (1.16)' in lines[0]
    assert 'torch' not in lines[1].split('ms', 1)[1]


def test_environment_caps_threads_and_puts_the_base_first():
    env = conv_ab.environment('1', base='/tmp/somewhere')
    assert env['OPENBLAS_NUM_THREADS'] == '1' and env['CHAINER_BLAS_THREADS'] == '1'
    assert env['PYTHONPATH'].split(os.pathsep)[0] == os.path.join(
        '/tmp/somewhere', 'packages', 'chainer-core', 'src')
    assert 'PYTHONPATH' not in conv_ab.environment('default') or \
        conv_ab.environment('default')['PYTHONPATH'] == os.environ['PYTHONPATH']


def test_the_worker_answers_each_request_with_seconds_per_step():
    out = io.StringIO()
    conv_ab.worker('ours', 'overhead', 'import chainer', stdin=io.StringIO('1\n2\n'),
                   stdout=out)
    lines = out.getvalue().split()
    assert lines[0] == 'ready' and len(lines) == 3
    assert all(float(v) > 0 for v in lines[1:])


def test_a_round_trip_through_worker_processes():
    side = ('new', sys.executable, 'ours', conv_ab.environment('1'))
    samples = conv_ab.run([side, ('patch',) + side[1:]], 'overhead', rounds=2, steps=1,
                          patch='import chainer')
    assert set(samples) == {'new', 'patch'}
    assert all(len(v) == 2 and min(v) > 0 for v in samples.values())
