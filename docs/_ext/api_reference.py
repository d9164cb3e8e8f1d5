"""Sphinx directives that write the reference from :mod:`public_api`'s listing.

``.. public-api:: chainer.functions`` documents every public name of a namespace (with
autodoc), in sections by defining module when there are many; ``.. public-api-rest::
chainer-links`` documents the public definitions of a distribution's modules that no
namespace exports. A namespace or distribution not in the release yet (``chainer-mn``
until ``release.toml`` lists it) gives a note saying so instead.
"""
import importlib

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import public_api


def _title(text, underline):
    return [text, underline * len(text), '']


def _unreleased(distribution):
    return ['.. note::', '',
            '   ``{}`` is not part of the release yet (``release.toml`` does not list it), '
            'so nothing of it is documented here yet; once it is released, this page '
            'documents it.'.format(distribution), '']


class _GeneratedRst(SphinxDirective):
    """Parses generated reStructuredText in place of the directive."""

    def parse_lines(self, lines):
        container = nodes.section()
        content = StringList(lines, source='<{} {}>'.format(self.name, self.arguments[0]))
        nested_parse_with_titles(self.state, content, container)
        return container.children


class PublicApiDirective(_GeneratedRst):
    """``.. public-api:: <namespace>``: every public name of the namespace."""

    required_arguments = 1

    def run(self):
        namespace = self.arguments[0]
        if namespace not in public_api.namespaces():
            dist = [d for d, spaces in public_api.DISTRIBUTION_NAMESPACES.items()
                    if namespace in spaces]
            if not dist or dist[0] in public_api.released_distributions():
                raise self.error('{} is not a namespace of docs/_ext/public_api.py'
                                 .format(namespace))
            return self.parse_lines(_unreleased(dist[0]))
        module = importlib.import_module(namespace)
        homes = public_api.homes()
        names = public_api.public_names(module)
        self.env.note_dependency(module.__file__)
        lines = ['.. py:module:: ' + namespace, '']
        if len(names) > public_api.GROUP_THRESHOLD:
            groups = {}
            for name in names:
                obj = getattr(module, name)
                groups.setdefault(public_api.group_of(namespace, obj), []).append(name)
            for group in sorted(groups):
                lines += _title(group.replace('_', ' ').capitalize(), '~')
                lines += self._entries(namespace, module, groups[group], homes)
        else:
            lines += self._entries(namespace, module, names, homes)
        return self.parse_lines(lines)

    @staticmethod
    def _entries(namespace, module, names, homes):
        lines = []
        for name in names:
            obj = getattr(module, name)
            home = homes.get(id(obj)) if public_api.has_identity(obj) else None
            lines += public_api.entry_rst(namespace, name, obj, home)
        return lines


class PublicApiRestDirective(_GeneratedRst):
    """``.. public-api-rest:: <distribution>``: public definitions that no namespace
    exports, under their modules' paths."""

    required_arguments = 1

    def run(self):
        distribution = self.arguments[0]
        if distribution not in public_api.released_distributions():
            return self.parse_lines(_unreleased(distribution))
        lines = []
        for module_name, entries in public_api.remaining_objects(distribution):
            lines += _title('``{}``'.format(module_name), '~')
            lines += ['.. py:module:: ' + module_name, '']
            for name, obj in entries:
                lines += public_api.entry_rst(module_name, name, obj, None)
        if not lines:
            lines = ['Every public name of this distribution is documented in its namespaces.',
                     '']
        return self.parse_lines(lines)


def setup(app):
    app.add_directive('public-api', PublicApiDirective)
    app.add_directive('public-api-rest', PublicApiRestDirective)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
