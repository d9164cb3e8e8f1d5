"""Sphinx configuration of the documentation site (``nox -s docs`` builds it)."""
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / '_ext'))

project = 'Chainer v1 (rebuilt)'
author = 'the Chainer v1 rebuild developers'
copyright = '2026, ' + author

extensions = [
    'sphinx.ext.autodoc',
    'sphinx.ext.napoleon',
    'sphinx.ext.doctest',
    'sphinx.ext.mathjax',
    'myst_parser',
    'api_reference',
    'benchmark_plots',
    'v1_left_out',
]

source_suffix = {'.rst': 'restructuredtext', '.md': 'markdown'}
exclude_patterns = ['_build', 'README.md', 'tests', '.pytest_cache']
root_doc = 'index'

# The reference documents each object where its namespace exports it; the signatures
# keep v1's defaults as written in the code.
autodoc_member_order = 'bysource'
autodoc_default_options = {}
autodoc_typehints = 'none'
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# "Attributes:" sections become fields of the class, so a property documented by its own
# docstring is not described twice.
napoleon_use_ivar = True

# The root README and benchmarks/README.md are included in pages: their links point into
# the repository, not to pages of this site, and their first heading is an H2.
myst_heading_anchors = 3
# ref.python: a type named in a docstring (``Variable``, ``dtype``, ``device``) that
# several documented objects share; Sphinx links the first, which is the wanted one.
suppress_warnings = ['myst.xref_missing', 'myst.header', 'ref.python']

html_theme = 'furo'
html_title = 'Chainer v1, rebuilt'

# Every tutorial page starts from the imports the v1 tutorial assumes,
# in a scratch directory for the files it writes (models, snapshots, logs).
doctest_global_setup = '''
import os
import tempfile
_docs_cwd = os.getcwd()
_docs_tmp = tempfile.TemporaryDirectory(prefix='chainer-doctest-')
os.chdir(_docs_tmp.name)
import numpy as np
import chainer
from chainer import cuda, Function, gradient_check, report, training, utils, Variable
from chainer import datasets, iterators, optimizers, serializers
from chainer import Link, Chain, ChainList
import chainer.functions as F
import chainer.links as L
from chainer.training import extensions
np.random.seed(0)
'''
doctest_global_cleanup = '''
os.chdir(_docs_cwd)
_docs_tmp.cleanup()
'''
