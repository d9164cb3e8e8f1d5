"""``.. benchmark-plots::``: a figure for every chart in ``benchmarks/results/``, newest
first, so a new ``nox -s bench`` run shows up without editing the page."""
import pathlib
import re

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

RESULTS = pathlib.Path(__file__).resolve().parents[2] / 'benchmarks' / 'results'
_NAME = re.compile(r'bench_(\d{4}-\d{2}-\d{2})_(\d{2})(\d{2})\.png$')


def charts():
    """``[(path, caption)]`` of the result charts, newest first."""
    found = []
    for path in RESULTS.glob('bench_*.png'):
        match = _NAME.match(path.name)
        if match:
            day, hour, minute = match.groups()
            caption = '{} {}:{} UTC (results/{}.*)'.format(day, hour, minute, path.stem)
            found.append((path, caption))
    return sorted(found, reverse=True)


class BenchmarkPlotsDirective(SphinxDirective):
    """The charts of :func:`charts` as figures."""

    def run(self):
        lines = []
        for path, caption in charts():
            self.env.note_dependency(str(path))
            # '/...' is relative to the source directory, docs/.
            lines += ['.. figure:: /../benchmarks/results/' + path.name,
                      '   :alt: benchmark chart of ' + caption, '',
                      '   ' + caption, '']
        if not lines:
            lines = ['No charts in ``benchmarks/results/`` yet.']
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source='<benchmark-plots>'),
                                self.content_offset, container)
        return container.children


def setup(app):
    app.add_directive('benchmark-plots', BenchmarkPlotsDirective)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
