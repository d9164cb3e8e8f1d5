"""Multi-node checkpoints: two ranks stopped mid-way and resumed by fresh processes end
where an uninterrupted run ends."""
import numpy

from conftest import launch, launch_ok, read_ranks


def test_resume_from_checkpoints_equals_an_uninterrupted_run(mpiexec, tmp_path):
    first = launch(mpiexec, 2, 'checkpoint.py', tmp_path, 'first')
    assert first.returncode == 0, first.stdout + first.stderr
    full = [r['params'] for r in read_ranks(tmp_path / 'full', 2)]
    cut = [r['params'] for r in read_ranks(tmp_path / 'cut', 2)]
    resumed = launch_ok(mpiexec, 2, 'checkpoint.py', tmp_path, 'resume')
    for rank, found in enumerate(resumed):
        assert found['resumed_from'] == 6 and found['iteration'] == 12
        assert found['optimizer_t'] == 12
        # gc keeps the 2 latest of each rank: 9 and 12 after the resumed run
        assert found['files'] == ['ckpt.{}.12'.format(rank), 'ckpt.{}.9'.format(rank)]
        assert found['stats'].startswith('Snapshot duration stats (sec): avg=')
        for name, data in found['params'].items():
            numpy.testing.assert_array_equal(data, full[rank][name])
            assert not numpy.array_equal(data, cut[rank][name])  # training went on
    for name in full[0]:
        numpy.testing.assert_array_equal(full[0][name], full[1][name])
