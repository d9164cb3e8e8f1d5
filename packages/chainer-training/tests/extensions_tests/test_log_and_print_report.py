"""LogReport (JSON log, resume without duplicates) and PrintReport."""
import io
import json

from chainer import serializers
from chainer.training import extensions
from training_tests import tiny


def test_log_report_writes_epoch_means(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    trainer.extend(extensions.LogReport())
    losses = []
    trainer.extend(lambda t: losses.append(float(t.observation['main/loss'].data)),
                   name='spy')
    trainer.run()
    log = json.loads((tmp_path / 'log').read_text())
    assert [(e['epoch'], e['iteration']) for e in log] == [(1, 4), (2, 8)]
    assert abs(log[1]['main/loss'] - sum(losses[4:]) / 4) < 1e-6
    assert trainer.get_extension('LogReport').log == log
    assert set(log[0]) == {'epoch', 'iteration', 'elapsed_time', 'main/loss',
                           'main/accuracy'}


def test_log_report_keys_postprocess_and_name(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(4, 'iteration'))

    def postprocess(entry):
        entry['double'] = 2 * entry['main/loss']

    trainer.extend(extensions.LogReport(keys=['main/loss'], trigger=(2, 'iteration'),
                                        postprocess=postprocess,
                                        log_name='log_{iteration}'))
    trainer.run()
    log = json.loads((tmp_path / 'log_4').read_text())
    assert len(log) == 2 and 'main/accuracy' not in log[0]
    assert log[0]['double'] == 2 * log[0]['main/loss']


def test_resumed_log_has_no_duplicate_entries(tmp_path):
    first = tiny.trainer(tmp_path, stop=(3, 'epoch'))
    first.extend(extensions.LogReport())
    first.extend(extensions.snapshot(), trigger=(1, 'epoch'))
    first.run()  # the log file now has epochs 1..3; resume from the epoch-1 snapshot
    resumed = tiny.trainer(tmp_path, stop=(3, 'epoch'))
    resumed.extend(extensions.LogReport())
    serializers.load_npz(str(tmp_path / 'snapshot_iter_4'), resumed)
    resumed.run()
    log = json.loads((tmp_path / 'log').read_text())
    assert [e['epoch'] for e in log] == [1, 2, 3]


def test_print_report_prints_header_once_and_rows(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    out = io.StringIO()
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(['epoch', 'main/loss', 'missing'], out=out))
    trainer.run()
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ['epoch', 'main/loss', 'missing']
    assert len(lines) == 3
    log = trainer.get_extension('LogReport').log
    for line, entry in zip(lines[1:], log):
        epoch, loss = line.split()
        assert int(epoch) == entry['epoch']
        assert abs(float(loss) - entry['main/loss']) < 1e-5


def test_print_report_with_its_own_log_report(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(2, 'iteration'))
    out = io.StringIO()
    log_report = extensions.LogReport(trigger=(1, 'iteration'), log_name=None)
    trainer.extend(extensions.PrintReport(['iteration'], log_report=log_report, out=out))
    trainer.run()
    assert out.getvalue().split() == ['iteration', '1', '2']
    assert not (tmp_path / 'log').exists()
