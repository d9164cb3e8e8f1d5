"""Shipped text never cites the project's internal specification documents.

Those documents ("spec 001", "spec 003", sections like "§3.4.8") do not ship with the
packages, so a docstring, comment, README or documentation page that cites them points
readers nowhere: such text states the behaviour itself (or "as documented for Chainer
v1"). The packages' tests and their coverage map are not shipped and are not checked.
"""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: A citation: "spec 001", "spec §3.2.1", "§3.5", "001 §3.5" (also a line holding only
#: the section part of a citation wrapped over two lines).
CITATION = re.compile(r'spec 00[0-3]|spec §|§ ?[0-9]|\b00[0-3] §', re.IGNORECASE)


def _shipped_text_files():
    files = []
    for package in sorted((ROOT / 'packages').iterdir()):
        files += sorted((package / 'src').rglob('*.py'))
        files += sorted(package.glob('*.md'))
    for pattern in ('*.md', '*.rst', '*.py'):
        files += sorted(p for p in (ROOT / 'docs').rglob(pattern)
                        if '_build' not in p.parts and 'tests' not in p.parts)
    files.append(ROOT / 'README.md')
    return [f for f in files if f.is_file()]


def test_the_pattern_finds_the_citation_forms_and_spares_plain_text():
    for cited in ('see spec 001 §3.1', 'Spec 003, matmul', '(spec §3.2.1)', 'the §2.4 example',
                  '001 §3.5 note', 'the spec (001 §3.1.1, 002)'):
        assert CITATION.search(cited), cited
    for plain in ('def _from_string(spec):', 'module_from_spec(spec)', 'eps=0.001',
                  'Section 3.3 of ImageNet Classification', 'as documented for Chainer v1'):
        assert not CITATION.search(plain), plain


def test_shipped_files_are_found():
    files = _shipped_text_files()
    names = {f.relative_to(ROOT).as_posix() for f in files}
    assert 'packages/chainer-core/src/chainer/variable.py' in names
    assert 'docs/tutorial/index.rst' in names
    assert not any('/tests/' in n for n in names)


@pytest.mark.parametrize('path', _shipped_text_files(),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_citation_of_the_spec(path):
    text = path.read_text(encoding='utf-8', errors='replace')
    found = ['{}: {}'.format(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if CITATION.search(line)]
    assert not found, 'cites the unshipped spec; state the behaviour instead:\n' + '\n'.join(found)
