import cases
import report


def _summary():
    samples = {'overhead': {'ours': [0.002, 0.004, 0.003], 'chainer': [0.010, 0.012, 0.011],
                            'torch': [0.003, 0.003, 0.003]},
               'mlp': {'ours': [0.01], 'chainer': [0.02], 'torch': [0.01]},
               'gemm': {'ours': [0.02], 'chainer': [0.02], 'torch': [0.01]}}
    return report.summarize(cases.CASES, samples, ['ours', 'chainer', 'torch'])


def test_summary_uses_medians_for_ratios_and_derived_figures():
    row = _summary()['overhead']
    assert row['stats']['ours']['median'] == 0.003
    assert row['stats']['ours']['min'] == 0.002
    assert abs(row['ratios']['chainer'] - 0.003 / 0.011) < 1e-12
    assert abs(row['ratios']['torch'] - 1.0) < 1e-12
    assert abs(row['us_per_op']['ours'] - 0.003 * 1e6 / 600) < 1e-9


def test_gemm_fraction_is_mlp_gflops_over_gemm_gflops():
    fraction = report.gemm_fraction(_summary())
    expected = (cases.CASES['mlp'].flops / 0.01) / (cases.CASES['gemm'].flops / 0.02)
    assert abs(fraction['ours'] - expected) < 1e-12


def test_targets():
    assert report.target('chainer', 'mlp') == 0.5
    assert abs(report.target('chainer', 'core_ops') - 1 / 3.) < 1e-12
    assert report.target('torch', 'cnn') == 1.5
    assert report.target('torch', 'infer_mlp_b1') is None
    assert report.target('chainer', 'gemm') is None


def test_markdown_table_marks_met_and_missed_targets():
    labels = {'ours': 'ours', 'chainer': 'Chainer', 'torch': 'PyTorch'}
    table = report.markdown_table(_summary(), ['ours', 'chainer', 'torch'], labels)
    overhead = [line for line in table.splitlines() if line.startswith('| overhead')][0]
    assert '0.27 ok' in overhead  # 0.003 / 0.011 against the 0.5 target
    assert '1.00 ok' in overhead  # against PyTorch's 1.0 target
    mlp = [line for line in table.splitlines() if line.startswith('| mlp')][0]
    assert '0.50 ok' in mlp and '1.00 ok' in mlp
    assert 'us/op' in overhead and 'GFLOP/s' in mlp


def test_plot_writes_a_png(tmp_path):
    labels = {'ours': 'ours', 'chainer': 'Chainer', 'torch': 'PyTorch'}
    path = tmp_path / 'chart.png'
    if report.plot(str(path), _summary(), ['ours', 'chainer', 'torch'], labels, 't'):
        assert path.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'


def _mode_summaries():
    def one(ours, torch):
        return report.summarize(cases.CASES, {'mlp': {'ours': [ours], 'torch': [torch]}},
                                ['ours', 'torch'])
    return {report.QUIET_ONE: one(0.010, 0.010), report.QUIET: one(0.008, 0.006),
            report.LOADED_ONE: one(0.014, 0.015), report.LOADED: one(0.016, 0.020)}


def test_load_table_checks_the_load_targets():
    labels = {'ours': 'ours', 'torch': 'PyTorch'}
    table = report.load_table(_mode_summaries(), ['ours', 'torch'], labels)
    row = [line for line in table.splitlines() if line.startswith('| mlp')][0]
    assert '10.0 / 8.0 / 14.0 / 16.0' in row  # ours q1 / q / L1 / L
    assert '1.60 (>1.5)' in row  # loaded 16 ms vs 10 ms quiet on one thread
    assert '0.80 ok' in row  # default threads vs one thread, quiet
    assert '0.80 ok' in row.split('|')[-2]  # vs PyTorch under the same load


def test_memory_column():
    summary = _summary()
    report.add_memory(summary, {'mlp': {'ours': {'peak': 100 * 2 ** 20, 'base': 60 * 2 ** 20},
                                        'torch': {'peak': 300 * 2 ** 20,
                                                  'base': 250 * 2 ** 20}}})
    labels = {'ours': 'ours', 'chainer': 'Chainer', 'torch': 'PyTorch'}
    table = report.markdown_table(summary, ['ours', 'chainer', 'torch'], labels)
    mlp = [line for line in table.splitlines() if line.startswith('| mlp')][0]
    assert '100 (+40) / 300 (+50)' in mlp
    assert 'peak RSS MB' in table.splitlines()[0]
