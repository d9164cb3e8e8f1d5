"""Summaries of benchmark samples: statistics, the results table, JSON and a bar chart."""
import json
import statistics

#: Target ratios (ours / peer time) of issue 10 and issue 3, by (peer, case).
TARGETS = {
    ('chainer', None): 0.5,          # every workload: at most half the original's time
    ('chainer', 'core_ops'): 1 / 3.,  # issue 3: a third of Chainer 7.8.1's figure
    ('torch', 'mlp'): 1.0, ('torch', 'rnnlm'): 1.0, ('torch', 'overhead'): 1.0,
    ('torch', 'cnn'): 1.5,
    ('chainer', 'gemm'): None,        # the ceiling itself: numpy against numpy
}
#: The mlp step should reach this fraction of the GEMM ceiling.
GEMM_FRACTION_TARGET = 0.7


def target(peer, case):
    """The target ratio ours/peer for ``case``, or None where none is set."""
    return TARGETS.get((peer, case), TARGETS.get((peer, None)))


def summarize_samples(seconds):
    """Statistics of one (case, framework) list of seconds per step."""
    ordered = sorted(seconds)
    return {'median': statistics.median(ordered), 'min': ordered[0], 'max': ordered[-1],
            'n': len(ordered), 'samples': list(seconds)}


def summarize(cases, samples, roles):
    """Per-case statistics, derived figures and ratios.

    Args:
        cases: ``{name: cases.Case}`` of the cases that ran.
        samples: ``{case: {role: [seconds per step, ...]}}``.
        roles: framework roles in table order; ``'ours'`` first.

    Returns:
        ``{case: {'stats': {role: {...}}, 'ratios': {peer: ours/peer of medians},
        'us_per_op': {role: ...}, 'gflops': {role: ...}}}``.
    """
    out = {}
    for name, per_role in samples.items():
        case = cases[name]
        stats = {role: summarize_samples(s) for role, s in per_role.items()}
        row = {'stats': stats, 'ratios': {}, 'us_per_op': {}, 'gflops': {}}
        for role, st in stats.items():
            if case.ops:
                row['us_per_op'][role] = st['median'] * 1e6 / case.ops
            if case.flops:
                row['gflops'][role] = case.flops / st['median'] / 1e9
            if role != 'ours' and 'ours' in stats:
                row['ratios'][role] = stats['ours']['median'] / st['median']
        out[name] = row
    return out


#: Load-mode targets: loaded default threads vs ours quiet on one thread, vs PyTorch
#: under the same load, and default threads vs one thread when quiet.
LOADED_VS_QUIET_ONE_THREAD = 1.5
QUIET, QUIET_ONE = 'quiet, default threads', 'quiet, 1 thread'
LOADED, LOADED_ONE = 'loaded, default threads', 'loaded, 1 thread'


def add_memory(summary, memory):
    """Adds ``memory`` (``{case: {role: {'peak': bytes, 'base': bytes}}}``) to the rows of
    ``summary`` as ``row['memory'][role]``."""
    for name, per_role in memory.items():
        if name in summary:
            summary[name]['memory'] = dict(per_role)


def _ms(summary, name, role):
    st = summary.get(name, {}).get('stats', {}).get(role)
    return None if st is None else st['median'] * 1e3


def load_table(by_mode, roles, labels):
    """Markdown table of a ``--load`` run: per case and framework, ms per step quiet and
    loaded on one thread and on default threads, and ours' load targets."""
    order = [QUIET_ONE, QUIET, LOADED_ONE, LOADED]
    head = ['case'] + ['{} ms ({})'.format(labels[r], ' / '.join(
        ('q1', 'q', 'L1', 'L'))) for r in roles] + [
        'ours L / q1 (<= {:g})'.format(LOADED_VS_QUIET_ONE_THREAD),
        'ours q / q1 (<= 1)'] + ['ours L / {} L (<= 1)'.format(labels[r])
                                 for r in roles if r == 'torch']
    lines = ['| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    for name in by_mode[QUIET]:
        cells = [name]
        for role in roles:
            cells.append(' / '.join('-' if v is None else '{:.1f}'.format(v) for v in (
                _ms(by_mode[m], name, role) for m in order)))
        ours = {m: _ms(by_mode[m], name, 'ours') for m in order}
        cells.append(_fmt_ratio(_div(ours[LOADED], ours[QUIET_ONE]),
                                LOADED_VS_QUIET_ONE_THREAD))
        cells.append(_fmt_ratio(_div(ours[QUIET], ours[QUIET_ONE]), 1.0))
        if 'torch' in roles:
            cells.append(_fmt_ratio(_div(ours[LOADED], _ms(by_mode[LOADED], name, 'torch')),
                                    1.0))
        lines.append('| ' + ' | '.join(cells) + ' |')
    legend = ('q1: quiet, one thread; q: quiet, default threads; L1: loaded, one thread; '
              'L: loaded, default threads.')
    return '\n'.join(lines + ['', legend])


def _div(a, b):
    return None if a is None or not b else a / b


def gemm_fraction(summary):
    """The mlp step's GFLOP/s as a fraction of the same environment's GEMM ceiling, by
    role, where both ran."""
    if 'mlp' not in summary or 'gemm' not in summary:
        return {}
    return {role: summary['mlp']['gflops'][role] / summary['gemm']['gflops'][role]
            for role in summary['mlp']['gflops'] if role in summary['gemm']['gflops']}


def _fmt_ratio(value, goal):
    if value is None:
        return '-'
    text = '{:.2f}'.format(value)
    if goal is not None:
        text += ' ok' if value <= goal else ' (>{:g})'.format(round(goal, 2))
    return text


def markdown_table(summary, roles, labels):
    """The results as a Markdown table: ms per step (median) for each framework, the
    ratios ours/peer with the target verdict, and the derived per-op or GFLOP/s figure.
    """
    peers = [r for r in roles if r != 'ours']
    memory = any('memory' in row for row in summary.values())
    head = ['case'] + ['{} ms'.format(labels[r]) for r in roles] + \
        ['ours/{}'.format(labels[p]) for p in peers] + ['derived (ours / peers)'] + \
        (['peak RSS MB, +workload (ours / peers)'] if memory else [])
    lines = ['| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    for name, row in summary.items():
        cells = [name]
        for role in roles:
            st = row['stats'].get(role)
            cells.append('-' if st is None else '{:.3f}'.format(st['median'] * 1e3))
        for peer in peers:
            cells.append(_fmt_ratio(row['ratios'].get(peer), target(peer, name)))
        cells.append(_derived(row, roles))
        if memory:
            cells.append(_memory(row.get('memory', {}), roles))
        lines.append('| ' + ' | '.join(cells) + ' |')
    return '\n'.join(lines)


def _memory(per_role, roles):
    return ' / '.join('{:.0f} (+{:.0f})'.format(m['peak'] / 2 ** 20,
                                                (m['peak'] - m['base']) / 2 ** 20)
                      for m in (per_role.get(r) for r in roles) if m) or '-'


def _derived(row, roles):
    if row['us_per_op']:
        return ' / '.join('{:.1f}'.format(row['us_per_op'][r]) for r in roles
                          if r in row['us_per_op']) + ' us/op'
    if row['gflops']:
        return ' / '.join('{:.1f}'.format(row['gflops'][r]) for r in roles
                          if r in row['gflops']) + ' GFLOP/s'
    return ''


def write_json(path, document):
    with open(path, 'w') as f:
        json.dump(document, f, indent=1, sort_keys=True)
        f.write('\n')


def plot(path, summary, roles, labels, title):
    """A PNG with ms per step by case and framework (log scale), and ours/peer ratios
    with the targets marked. Returns False when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use('Agg')
        from matplotlib import pyplot
    except ImportError:
        return False
    names = list(summary)
    peers = [r for r in roles if r != 'ours']
    fig, (ax_ms, ax_ratio) = pyplot.subplots(2, 1, figsize=(11, 8))
    width = 0.8 / len(roles)
    for i, role in enumerate(roles):
        xs = [j + (i - (len(roles) - 1) / 2.) * width for j in range(len(names))]
        ms = [summary[n]['stats'][role]['median'] * 1e3
              if role in summary[n]['stats'] else 0 for n in names]
        ax_ms.bar(xs, ms, width, label=labels[role])
    ax_ms.set_yscale('log')
    ax_ms.set_ylabel('ms per step (median, log)')
    ax_ms.set_xticks(range(len(names)))
    ax_ms.set_xticklabels(names, rotation=20)
    ax_ms.legend()
    ax_ms.set_title(title)
    width = 0.8 / max(1, len(peers))
    for i, peer in enumerate(peers):
        xs = [j + (i - (len(peers) - 1) / 2.) * width for j in range(len(names))]
        ratios = [summary[n]['ratios'].get(peer, 0) for n in names]
        ax_ratio.bar(xs, ratios, width, label='ours / {}'.format(labels[peer]))
        for x, n in zip(xs, names):
            goal = target(peer, n)
            if goal is not None:
                ax_ratio.plot([x - width / 2, x + width / 2], [goal, goal], 'k-', lw=2)
    ax_ratio.axhline(1.0, color='grey', lw=0.5)
    ax_ratio.set_yscale('log')
    ax_ratio.set_ylabel('time ratio ours/peer (log; black: target)')
    ax_ratio.set_xticks(range(len(names)))
    ax_ratio.set_xticklabels(names, rotation=20)
    if peers:
        ax_ratio.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    pyplot.close(fig)
    return True
