"""``.. v1-left-out::``: the Chainer v1.24 names this project leaves out on purpose.

Each distribution's ``tests/test_v1_reference_names.py`` walks every v1.24 module path and
public name and exempts the ones left out on purpose in its ``NOT_PROVIDED`` set, each
group of names under a comment saying why (or with the reason as a trailing comment). This
directive reads those sets, so the compatibility notes list exactly what the tests exempt.
"""
import ast
import pathlib
import re

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _set_lines(source):
    """The source lines of the ``NOT_PROVIDED = {...}`` literal (without its braces)."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and \
                [getattr(t, 'id', None) for t in node.targets] == ['NOT_PROVIDED']:
            lines = source.splitlines()
            return lines[node.lineno:node.end_lineno - 1]
    return []


def left_out(path):
    """``[(reason, [names])]`` from the ``NOT_PROVIDED`` set of one test file: a run of
    comment lines gives the reason of the names below it, a trailing comment the reason
    of its own line's names."""
    groups = []
    comment = []
    after_names = False
    for line in _set_lines(path.read_text()):
        names = _names(line)
        text = line.split('#', 1)[1].strip() if '#' in line else None
        if not names:
            if text is not None:
                comment = [text] if after_names else comment + [text]
                after_names = False
            continue
        reason = text or ' '.join(comment)
        if groups and groups[-1][0] == reason:
            groups[-1][1].extend(names)
        else:
            groups.append((reason, names))
        after_names = True
    return groups


def _names(line):
    code = line.split('#', 1)[0]
    return re.findall(r"'([^']+)'", code)


class V1LeftOutDirective(SphinxDirective):
    """A table: distribution, names of v1.24 left out, and why."""

    def run(self):
        table = nodes.table()
        group = nodes.tgroup(cols=3)
        table += group
        for width in (15, 45, 40):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += self._row(['distribution', 'v1.24 names', 'why'])
        group += head
        body = nodes.tbody()
        for path in sorted(ROOT.glob('packages/*/tests/test_v1_reference_names.py')):
            self.env.note_dependency(str(path))
            for reason, names in left_out(path):
                body += self._row([path.parents[1].name, ', '.join(sorted(names)), reason],
                                  literal=1)
        group += body
        return [table]

    @staticmethod
    def _row(cells, literal=None):
        row = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            if i == literal:
                para = nodes.paragraph()
                for j, name in enumerate(text.split(', ')):
                    if j:
                        para += nodes.Text(', ')
                    para += nodes.literal(text=name)
                entry += para
            else:
                entry += nodes.paragraph(text=text)
            row += entry
        return row


def setup(app):
    app.add_directive('v1-left-out', V1LeftOutDirective)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
