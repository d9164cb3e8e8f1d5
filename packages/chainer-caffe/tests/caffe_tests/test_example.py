"""examples/caffe/classify.py prints the top-5 classes with their synset labels."""
import os
import subprocess
import sys

import numpy
import pytest

from caffe_tests import _nets

SCRIPT = os.path.join(os.path.dirname(__file__), *[os.pardir] * 4, 'examples', 'caffe',
                      'classify.py')


def test_classify_prints_top5_with_labels(tmp_path):
    Image = pytest.importorskip('PIL.Image')
    if not os.path.exists(SCRIPT):
        pytest.skip('the example is not in this checkout')
    net = _nets.Net({'data': (1, 3, 8, 8)})
    w = numpy.zeros((7, 192), numpy.float32)
    w[3] = 0.01  # class 3 wins for any bright image
    net.layer('fc', 'InnerProduct', 'data', 'fc', blobs=[w, numpy.zeros(7, 'f')],
              inner_product_param=dict(num_output=7))
    net.layer('prob', 'Softmax', 'fc', 'prob')
    model = net.save(tmp_path / 'm.caffemodel')
    synset = tmp_path / 'synset.txt'
    synset.write_text('\n'.join('n{:02d} label{}'.format(i, i) for i in range(7)))
    image = tmp_path / 'a.png'
    Image.fromarray(numpy.full((10, 12, 3), 200, numpy.uint8)).save(str(image))
    out = subprocess.run([sys.executable, SCRIPT, model, str(image), '--size', '8',
                          '--mean', '0,0,0', '--synset', str(synset)], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    lines = out.splitlines()
    assert lines[0] == str(image)
    assert lines[1].endswith('n03 label3') and lines[1].strip().startswith('1.')
    assert len(lines) == 6
