"""The docs tests import the Sphinx extensions of docs/_ext as plain modules."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / '_ext'))
