"""The reference documents every public name, each with a docstring.

Run by ``nox -s docs`` (with every released distribution installed), beside the Sphinx
build whose pages ``docs/_ext/public_api.py`` generates.
"""
import pathlib
import re

import pytest

import public_api

DOCS = pathlib.Path(__file__).resolve().parents[1]


def _directive_arguments(name):
    pattern = re.compile(r'^\.\. {}:: (\S+)\s*$'.format(re.escape(name)), re.MULTILINE)
    return {m.group(1) for page in (DOCS / 'reference').glob('*.rst')
            for m in pattern.finditer(page.read_text())}


@pytest.fixture(autouse=True)
def _fresh_listing():
    # homes() and the module walk are cached; a test that adds a name must see it.
    public_api.homes.cache_clear()
    public_api._public_modules.cache_clear()
    yield
    public_api.homes.cache_clear()
    public_api._public_modules.cache_clear()


def test_every_released_distribution_has_its_namespaces_listed():
    unlisted = [d for d in public_api.released_distributions()
                if d not in public_api.DISTRIBUTION_NAMESPACES]
    assert not unlisted, 'add the namespaces of {} to DISTRIBUTION_NAMESPACES in ' \
        'docs/_ext/public_api.py'.format(unlisted)


def test_every_listed_namespace_and_distribution_is_on_a_reference_page():
    listed = {ns for spaces in public_api.DISTRIBUTION_NAMESPACES.values() for ns in spaces}
    assert listed - _directive_arguments('public-api') == set()
    assert set(public_api.DISTRIBUTION_NAMESPACES) - \
        _directive_arguments('public-api-rest') == set()


def test_every_public_module_belongs_to_a_released_distribution():
    orphans = [m for m in public_api._public_modules()
               if public_api.module_distribution(m) is None]
    assert orphans == []


def test_every_documented_name_has_a_docstring():
    assert public_api.missing_docstrings() == []


def test_every_documented_data_name_has_a_comment():
    assert public_api.missing_data_comments() == []


def test_a_new_public_function_is_documented_and_needs_a_docstring(monkeypatch):
    import chainer.functions

    def undocumented_new_function(x):
        return x

    undocumented_new_function.__module__ = 'chainer.functions.math.new_module'
    monkeypatch.setattr(chainer.functions, 'undocumented_new_function',
                        undocumented_new_function, raising=False)
    documented = dict(public_api.documented_objects())
    assert documented['chainer.functions.undocumented_new_function'] is \
        undocumented_new_function
    assert public_api.missing_docstrings() == ['chainer.functions.undocumented_new_function']


def test_a_new_method_or_property_without_a_docstring_fails(monkeypatch):
    import chainer
    import chainer.links

    class NewLink(chainer.Link):
        """A new link."""

        def __call__(self, x):  # inherits the docstring of chainer.Link.__call__ (v2+)
            return x

        def documented_method(self):
            """Does nothing."""

        def to_cpu(self):  # inherits the docstring of chainer.Link.to_cpu
            return super(NewLink, self).to_cpu()

        def undocumented_method(self):
            pass

        @property
        def undocumented_property(self):
            return 1

        @classmethod
        def undocumented_classmethod(cls):
            pass

        @staticmethod
        def undocumented_staticmethod():
            pass

        def _private_method(self):
            pass

        def __len__(self):
            return 0

    NewLink.__module__ = 'chainer.links.connection.new_link'
    monkeypatch.setattr(chainer.links, 'NewLink', NewLink, raising=False)
    assert public_api.missing_docstrings() == [
        'chainer.links.NewLink.' + name for name in (
            'undocumented_method', 'undocumented_property',
            'undocumented_classmethod', 'undocumented_staticmethod')]


def test_a_docstring_inherited_from_outside_the_project_does_not_document_a_method(
        monkeypatch):
    import chainer.links

    class NewMapping(dict):
        """A new mapping."""

        def keys(self):  # dict.keys has a docstring, about dict's method
            return super(NewMapping, self).keys()

    NewMapping.__module__ = 'chainer.links.model.new_mapping'
    monkeypatch.setattr(chainer.links, 'NewMapping', NewMapping, raising=False)
    # dict's own methods (items, get, ...) are not the project's to document
    assert public_api.missing_docstrings() == ['chainer.links.NewMapping.keys']


def test_a_class_entry_shows_its_call_method():
    import chainer.links
    lines = public_api.entry_rst('chainer.links', 'Linear', chainer.links.Linear,
                                 'chainer.links.Linear')
    assert lines[:3] == ['.. autoclass:: chainer.links.Linear', '   :members:',
                         '   :special-members: __call__']


def test_a_public_definition_no_namespace_exports_is_documented_by_its_module(monkeypatch):
    import chainer.utils.conv

    def helper_of_conv():
        """A helper."""

    helper_of_conv.__module__ = 'chainer.utils.conv'
    monkeypatch.setattr(chainer.utils.conv, 'helper_of_conv', helper_of_conv, raising=False)
    remaining = dict(public_api.remaining_objects('chainer-core'))
    assert ('helper_of_conv', helper_of_conv) in remaining['chainer.utils.conv']


def test_objects_of_other_packages_are_not_public_names_of_a_namespace(monkeypatch):
    import chainer.functions
    import numpy

    monkeypatch.setattr(chainer.functions, 'numpy_sum', numpy.sum, raising=False)
    assert 'numpy_sum' not in public_api.public_names(chainer.functions)
    assert 'relu' in public_api.public_names(chainer.functions)


def test_a_name_exported_twice_is_documented_at_its_first_namespace_only():
    import chainer.links
    homes = public_api.homes()
    assert homes[id(chainer.links.Linear)] == 'chainer.links.Linear'
    lines = public_api.entry_rst('chainer.functions', 'Linear', chainer.links.Linear,
                                 homes[id(chainer.links.Linear)])
    assert lines[0] == '.. py:class:: chainer.functions.Linear'
    assert 'Alias of :py:class:`chainer.links.Linear`.' in lines[2]


def test_data_is_documented_by_its_comment():
    assert public_api.data_comment('chainer.training', 'PRIORITY_WRITER') == \
        'Priority of extensions that write records to the observation dictionary.'
    assert public_api.data_comment('chainer.training', 'no_such_name') is None
