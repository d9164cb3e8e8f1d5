"""Shared setup of the link tests: makes ``link_checks`` importable and seeds numpy
so that random parameter initializations are reproducible."""
import numpy
import pytest


@pytest.fixture(autouse=True)
def _seed():
    numpy.random.seed(0)
