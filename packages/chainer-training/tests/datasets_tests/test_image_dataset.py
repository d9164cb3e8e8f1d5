import builtins

import numpy
import pytest

from chainer import datasets


@pytest.fixture
def images(tmp_path):
    Image = pytest.importorskip('PIL.Image')  # the optional [image] extra
    rng = numpy.random.RandomState(0)
    rgb = rng.randint(0, 256, size=(4, 5, 3)).astype(numpy.uint8)
    grey = rng.randint(0, 256, size=(2, 3)).astype(numpy.uint8)
    Image.fromarray(rgb).save(str(tmp_path / 'rgb.png'))
    Image.fromarray(grey).save(str(tmp_path / 'grey.png'))
    return tmp_path, rgb, grey


def test_image_dataset_from_list(images):
    root, rgb, grey = images
    d = datasets.ImageDataset(['rgb.png', 'grey.png'], root=str(root))
    assert len(d) == 2
    x = d[0]
    assert x.dtype == numpy.float32 and x.shape == (3, 4, 5)
    numpy.testing.assert_array_equal(x, rgb.transpose(2, 0, 1))
    g = d[1]
    assert g.shape == (1, 2, 3)
    numpy.testing.assert_array_equal(g[0], grey)


def test_image_dataset_from_file_and_dtype(images):
    root, rgb, _ = images
    (root / 'list.txt').write_text('rgb.png\n\n')
    d = datasets.ImageDataset(str(root / 'list.txt'), root=str(root), dtype=numpy.uint8)
    assert len(d) == 1 and d[0].dtype == numpy.uint8


def test_labeled_image_dataset(images):
    root, _, grey = images
    (root / 'pairs.txt').write_text('rgb.png 3\ngrey.png 7\n')
    d = datasets.LabeledImageDataset(str(root / 'pairs.txt'), root=str(root))
    assert len(d) == 2
    x, t = d[1]
    assert t.dtype == numpy.int32 and int(t) == 7
    numpy.testing.assert_array_equal(x[0], grey)
    d2 = datasets.LabeledImageDataset([('rgb.png', 1)], root=str(root),
                                      label_dtype=numpy.int64)
    assert d2[0][1].dtype == numpy.int64


def test_labeled_image_dataset_bad_lines(tmp_path):
    (tmp_path / 'bad.txt').write_text('onlypath\n')
    with pytest.raises(ValueError, match='line 1'):
        datasets.LabeledImageDataset(str(tmp_path / 'bad.txt'))
    (tmp_path / 'bad2.txt').write_text('a.png x\n')
    with pytest.raises(ValueError, match='must be an integer'):
        datasets.LabeledImageDataset(str(tmp_path / 'bad2.txt'))


def test_missing_pillow_names_the_extra(tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_pil(name, *args, **kwargs):
        if name == 'PIL' or name.startswith('PIL.'):
            raise ImportError('No module named PIL')
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, '__import__', no_pil)
    d = datasets.LabeledImageDataset([('rgb.png', 0)], root=str(tmp_path))
    with pytest.raises(ImportError, match='LabeledImageDataset requires Pillow'):
        d[0]
    d = datasets.ImageDataset(['rgb.png'], root=str(tmp_path))
    with pytest.raises(ImportError, match=r'chainer-training\[image\]'):
        d[0]
