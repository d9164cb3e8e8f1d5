"""dump_graph, observe_value/observe_lr and PlotReport."""
import pytest

from chainer import optimizers, serializers
from chainer.training import extensions
from training_tests import tiny


def test_dump_graph_writes_dot_once(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(2, 'iteration'))
    trainer.extend(extensions.dump_graph('main/loss'))
    trainer.run()
    dot = (tmp_path / 'cg.dot').read_text()
    assert dot.startswith('digraph') and 'LinearFunction' in dot
    (tmp_path / 'cg.dot').unlink()
    trainer2 = tiny.trainer(tmp_path, stop=(1, 'iteration'))
    trainer2.extend(extensions.dump_graph('nope'))
    with pytest.raises(KeyError, match="'nope' is not in the observation"):
        trainer2.run()


def test_observe_value_and_lr(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(1, 'epoch'),
                           optimizer=optimizers.MomentumSGD(lr=0.25))
    trainer.extend(extensions.observe_lr())
    trainer.extend(extensions.observe_value('it', lambda t: t.updater.iteration))
    trainer.extend(extensions.LogReport())
    trainer.run()
    entry = trainer.get_extension('LogReport').log[0]
    assert entry['lr'] == 0.25 and entry['it'] == 4


def test_plot_report_writes_png_without_a_display(tmp_path, monkeypatch):
    pytest.importorskip('matplotlib')  # the [plot] extra: without it, see the next tests
    monkeypatch.delenv('DISPLAY', raising=False)
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    plot = extensions.PlotReport(['main/loss', 'main/accuracy'], 'epoch',
                                 file_name='loss.png')
    trainer.extend(plot)
    trainer.run()
    assert (tmp_path / 'loss.png').read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert [x for x, _ in plot.data['main/loss']] == [1, 2]
    serializers.save_npz(str(tmp_path / 'p.npz'), plot)
    restored = extensions.PlotReport(['main/loss', 'main/accuracy'], 'epoch')
    serializers.load_npz(str(tmp_path / 'p.npz'), restored)
    assert restored.data == plot.data


def test_plot_report_checks_x_key():
    with pytest.raises(ValueError, match='x_key'):
        extensions.PlotReport('main/loss', x_key='time')


def test_plot_report_without_matplotlib_warns_and_trains_as_in_v1(tmp_path, monkeypatch):
    # v1 code adds a PlotReport unconditionally; without matplotlib v1 warned (in
    # available() and on creation) and trained on, drawing nothing.
    import importlib.util
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, 'find_spec',
                        lambda name, *a: None if name == 'matplotlib'
                        else find_spec(name, *a))
    with pytest.warns(UserWarning, match='matplotlib is not installed.*chainer-training'):
        assert extensions.PlotReport.available() is False
    trainer = tiny.trainer(tmp_path, stop=(2, 'epoch'))
    with pytest.warns(UserWarning, match='PlotReport plots nothing'):
        plot = extensions.PlotReport(['main/loss'], 'epoch', file_name='loss.png')
    trainer.extend(plot)
    trainer.run()
    assert not (tmp_path / 'loss.png').exists()
    assert [x for x, _ in plot.data['main/loss']] == [1, 2]


def test_plot_report_available_is_silent_with_matplotlib(recwarn):
    pytest.importorskip('matplotlib')
    assert extensions.PlotReport.available() is True
    assert not [w for w in recwarn if 'matplotlib' in str(w.message)]
