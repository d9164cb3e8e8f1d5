"""The four v5+ ROI poolings share the documentation of their common arguments."""
import inspect

import pytest

import chainer.functions as F
from chainer.functions.pooling import _roi_maps


@pytest.mark.parametrize('name, align, is_max', [
    ('roi_average_pooling_2d', False, False), ('roi_max_pooling_2d', False, True),
    ('roi_average_align_2d', True, False), ('roi_max_align_2d', True, True)])
def test_docs_carry_their_variant_of_the_shared_tail(name, align, is_max):
    doc = inspect.getdoc(getattr(F, name))
    for arg in ('x', 'rois', 'roi_indices', 'outsize', 'spatial_scale'):
        assert '\n    {} ('.format(arg) in doc
    assert ('sampling_ratio (None, int or pair)' in doc) == align
    assert ('once the ROIs and the argmax are fixed' in doc) == is_max
    assert doc.count('Returns:') == 1 and doc.endswith('bad dtypes or shapes.')


def test_with_doc_tail_keeps_none():
    assert _roi_maps.with_doc_tail(None, 'pool', 'max') is None
