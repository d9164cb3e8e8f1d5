"""The benchmarks page shows every chart of benchmarks/results, newest first."""
import benchmark_plots


def test_charts_are_the_result_pngs_newest_first(tmp_path, monkeypatch):
    for name in ('bench_2026-11-22_0116.png', 'bench_2026-11-23_0905.png',
                 'bench_2026-11-22_0222.png', 'notes.png', 'bench_2026-11-22_0116.json'):
        (tmp_path / name).write_bytes(b'')
    monkeypatch.setattr(benchmark_plots, 'RESULTS', tmp_path)
    charts = benchmark_plots.charts()
    assert [path.name for path, _ in charts] == [
        'bench_2026-11-23_0905.png', 'bench_2026-11-22_0222.png', 'bench_2026-11-22_0116.png']
    assert charts[0][1] == '2026-11-23 09:05 UTC (results/bench_2026-11-23_0905.*)'


def test_the_repository_has_charts():
    assert benchmark_plots.charts(), 'benchmarks/results/ holds no bench_*.png'
