"""Shared fixture of the evaluation-function tests: the float dtypes."""
import numpy
import pytest


@pytest.fixture(params=[numpy.float16, numpy.float32, numpy.float64],
                ids=['f16', 'f32', 'f64'])
def dtype(request):
    return request.param
