"""A training run killed part-way (a real subprocess, SIGKILL after a snapshot
appears) and resumed from its last snapshot ends exactly where an uninterrupted run
does, with a log free of duplicate entries."""
import json
import os
import re
import subprocess
import sys
import time

import numpy

SCRIPT = os.path.join(os.path.dirname(__file__), 'resume_script.py')


def _run(out, *extra):
    subprocess.run([sys.executable, SCRIPT, '--out', str(out)] + list(extra), check=True,
                   timeout=120)


def _snapshots(out):
    found = {}
    for name in os.listdir(out):
        match = re.fullmatch(r'snapshot_iter_(\d+)', name)
        if match:
            found[int(match.group(1))] = os.path.join(out, name)
    return found


def _kill_after_first_snapshot(out):
    proc = subprocess.Popen([sys.executable, SCRIPT, '--out', str(out), '--sleep', '0.05'])
    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and _snapshots(out)):
            assert proc.poll() is None, 'the run ended before it could be killed'
            assert time.monotonic() < deadline, 'no snapshot appeared'
            time.sleep(0.02)
    finally:
        proc.kill()
        proc.wait()


def test_killed_run_resumes_to_the_same_parameters(tmp_path):
    straight, interrupted = tmp_path / 'straight', tmp_path / 'interrupted'
    _run(straight)
    _kill_after_first_snapshot(interrupted)
    assert not (interrupted / 'final.npz').exists()
    snapshots = _snapshots(interrupted)
    last = max(snapshots)
    assert last < 40
    _run(interrupted, '--resume', snapshots[last])

    with numpy.load(straight / 'final.npz') as a, numpy.load(interrupted / 'final.npz') as b:
        assert sorted(a.files) == sorted(b.files)
        for key in a.files:
            numpy.testing.assert_array_equal(a[key], b[key])
    log_a = json.loads((straight / 'log').read_text())
    log_b = json.loads((interrupted / 'log').read_text())
    assert [e['iteration'] for e in log_b] == list(range(2, 41, 2))
    for entry_a, entry_b in zip(log_a, log_b):
        assert entry_a['main/loss'] == entry_b['main/loss']
    # temporaries are renamed away (a kill mid-write may leave one, never a torn file)
    assert not [name for name in os.listdir(straight) if name.startswith('tmp')]
