"""The compatibility notes list the v1.24 names each package's tests exempt, with why."""
import v1_left_out


def test_comment_lines_give_the_reason_of_the_names_below_them(tmp_path):
    path = tmp_path / 'test_v1_reference_names.py'
    path.write_text(
        "OTHER = {'not.this'}\n"
        "NOT_PROVIDED = {\n"
        "    # first reason,\n"
        "    # continued\n"
        "    'a.b', 'a.c',\n"
        "    'a.d',\n"
        "    # second reason\n"
        "    'e.f',\n"
        "    'g.h',  # a reason of its own\n"
        "}\n")
    assert v1_left_out.left_out(path) == [
        ('first reason, continued', ['a.b', 'a.c', 'a.d']),
        ('second reason', ['e.f']),
        ('a reason of its own', ['g.h']),
    ]


def test_a_file_without_the_set_lists_nothing(tmp_path):
    path = tmp_path / 'test_v1_reference_names.py'
    path.write_text("PENDING = set()\n")
    assert v1_left_out.left_out(path) == []


def test_every_exempted_name_of_the_packages_is_listed_with_a_reason():
    import ast
    for path in sorted(v1_left_out.ROOT.glob('packages/*/tests/test_v1_reference_names.py')):
        tree = ast.parse(path.read_text())
        exempt = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and \
                    [getattr(t, 'id', None) for t in node.targets] == ['NOT_PROVIDED']:
                exempt = set(ast.literal_eval(node.value))
        groups = v1_left_out.left_out(path)
        assert {n for _, names in groups for n in names} == exempt, path
        assert all(reason for reason, _ in groups), path
