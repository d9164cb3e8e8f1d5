"""The datasets Chainer v2-v7 added: TextDataset, ConcatenatedDataset, the zipped
image datasets, PickleDataset, Fashion-/Kuzushiji-MNIST, SVHN, MNIST's rgb_format."""
import io
import multiprocessing
import os
import pickle
import zipfile

import numpy
import pytest

from chainer import datasets
from chainer.datasets import fashion_mnist, kuzushiji_mnist, mnist, svhn
from datasets_tests.test_mnist import _idx_gz


def _write(path, text, encoding='utf-8'):
    with open(path, 'w', encoding=encoding, newline='') as f:
        f.write(text)
    return str(path)


def test_text_dataset_lines_tuples_filter_and_pickle(tmp_path):
    a = _write(tmp_path / 'a.txt', 'one\ntwo\n\nfour')
    b = _write(tmp_path / 'b.txt', 'uno\r\ndos\r\ntres\r\ncuatro\r\n')
    single = datasets.TextDataset(a)
    assert len(single) == 4 and single[2] == '\n' and single[3] == 'four'
    assert datasets.TextDataset([a])[1] == 'two\n'
    pair = datasets.TextDataset([a, b], encoding=['ascii', 'utf-8'])
    assert pair[1] == ('two\n', 'dos\n')  # universal newlines by default
    raw = datasets.TextDataset([a, b], newline=[None, '\r\n'])
    assert raw[0] == ('one\n', 'uno\r\n')
    kept = datasets.TextDataset([a, b], filter_func=lambda x, y: x != '\n')
    assert [row[0] for row in kept] == ['one\n', 'two\n', 'four']
    clone = pickle.loads(pickle.dumps(kept))
    assert clone[2] == ('four', 'cuatro\n')
    single.close()
    with pytest.raises(ValueError):
        single[0]


def test_text_dataset_refuses_files_of_different_lengths(tmp_path):
    a = _write(tmp_path / 'a.txt', 'x\ny\n')
    b = _write(tmp_path / 'b.txt', 'x\n')
    with pytest.raises(ValueError, match='different numbers of lines'):
        datasets.TextDataset([a, b])


def test_concatenated_dataset():
    ds = datasets.ConcatenatedDataset([1, 2], [], numpy.array([3, 4, 5]))
    assert len(ds) == 5
    assert [int(x) for x in ds] == [1, 2, 3, 4, 5]
    assert ds[-1] == 5 and ds[1:4] == [2, 3, 4]
    with pytest.raises(IndexError):
        ds[5]
    assert len(datasets.ConcatenatedDataset()) == 0


def _png(shape):
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(numpy.zeros(shape, numpy.uint8)).save(buf, format='PNG')
    return buf.getvalue()


def _zip(path, members):
    with zipfile.ZipFile(path, 'w') as z:
        z.writestr('dir/', b'')
        for name, data in members:
            z.writestr(name, data)
    return str(path)


def test_zipped_image_datasets(tmp_path):
    pytest.importorskip('PIL')
    first = _zip(tmp_path / 'a.zip', [('dir/rgb.png', _png((4, 5, 3))),
                                      ('grey.png', _png((6, 7)))])
    second = _zip(tmp_path / 'b.zip', [('x.png', _png((2, 3, 4)))])
    ds = datasets.ZippedImageDataset(first, dtype=numpy.int32)
    assert len(ds) == 2
    assert ds[0].shape == (3, 4, 5) and ds[0].dtype == numpy.int32
    assert ds[1].shape == (1, 6, 7)
    multi = pickle.loads(pickle.dumps(datasets.MultiZippedImageDataset([first, second])))
    assert len(multi) == 3 and multi[2].shape == (4, 2, 3)
    assert multi[2].dtype == numpy.float32
    labels = _write(tmp_path / 'labels.txt', 'grey.png 7\ndir/rgb.png 2\n')
    labeled = datasets.LabeledZippedImageDataset(first, labels, label_dtype=numpy.int64)
    image, label = labeled[0]
    assert image.shape == (1, 6, 7) and label == 7 and label.dtype == numpy.int64


def test_pickle_dataset_round_trip_and_helpers(tmp_path):
    buf = io.BytesIO()
    writer = datasets.PickleDatasetWriter(buf)
    for x in [3, 'text', {'a': [1.5]}]:
        writer.write(x)
    writer.flush()
    ds = datasets.PickleDataset(buf)
    assert len(ds) == 3 and ds[2] == {'a': [1.5]} and ds[0] == 3
    assert pickle.loads(pickle.dumps(ds))[1] == 'text'
    path = str(tmp_path / 'd.pkl')
    with datasets.open_pickle_dataset_writer(path) as w:
        w.write(numpy.arange(3))
        w.write(None)
    with datasets.open_pickle_dataset(path) as ds:
        numpy.testing.assert_array_equal(ds[0], numpy.arange(3))
        assert ds[1] is None
        assert pickle.loads(pickle.dumps(ds))[1] is None


def _read_in_child(ds, inherited_fp, queue):
    # The fork hook closed the inherited file object and opened another one.
    queue.put((ds[1], inherited_fp.closed, ds._reader._fp is inherited_fp))


@pytest.mark.skipif(not hasattr(os, 'register_at_fork'), reason='needs fork')
def test_pickle_dataset_reopens_its_file_in_a_forked_child(tmp_path):
    path = str(tmp_path / 'd.pkl')
    with datasets.open_pickle_dataset_writer(path) as w:
        w.write('a')
        w.write('b')
    ds = datasets.open_pickle_dataset(path)
    parent_fp = ds._reader._fp
    ctx = multiprocessing.get_context('fork')
    queue = ctx.Queue()
    p = ctx.Process(target=_read_in_child, args=(ds, parent_fp, queue))
    p.start()
    value, closed, same = queue.get(timeout=30)
    p.join()
    assert value == 'b' and closed and not same
    assert ds._reader._fp is parent_fp and not parent_fp.closed
    assert ds[0] == 'a'
    ds.close()


@pytest.mark.parametrize('module, getter, labels', [
    (fashion_mnist, 'get_fashion_mnist', 'get_fashion_mnist_labels'),
    (kuzushiji_mnist, 'get_kuzushiji_mnist', 'get_kuzushiji_mnist_labels'),
])
def test_mnist_like_sets_download_and_cache(module, getter, labels, file_server,
                                            dataset_root, monkeypatch):
    rng = numpy.random.RandomState(1)
    arrays = {'train_x': rng.randint(0, 256, (4, 28, 28)), 'train_y': rng.randint(0, 10, 4),
              'test_x': rng.randint(0, 256, (2, 28, 28)), 'test_y': rng.randint(0, 10, 2)}
    for name, (filename, _) in module.FILES.items():
        file_server.files[filename] = _idx_gz(arrays[name])
    monkeypatch.setattr(module, 'BASE_URLS', (file_server.url,))
    train, test = getattr(datasets, getter)(ndim=3, scale=255., rgb_format=True)
    x, t = train[3]
    assert x.shape == (3, 28, 28) and x.dtype == numpy.float32
    numpy.testing.assert_allclose(x[2], arrays['train_x'][3], rtol=1e-5)
    assert t == arrays['train_y'][3] and len(test) == 2
    cache = os.path.join(str(dataset_root), 'pfnet', 'chainer', module.__name__.split(
        '.')[-1].replace('fashion_mnist', 'fashion-mnist'), 'test.npz')
    assert os.path.exists(cache)
    assert len(getattr(datasets, labels)()) == 10


def test_get_mnist_rgb_format_only_changes_ndim_3(monkeypatch):
    raw = {'x': numpy.arange(2 * 784).reshape(2, 784) % 256, 'y': numpy.array([1, 2])}
    monkeypatch.setattr(mnist._idx_digits._retrieve, 'cache_npz', lambda *a: raw)
    train, _ = datasets.get_mnist(withlabel=False, ndim=3, rgb_format=True)
    assert train.shape == (2, 3, 28, 28)
    numpy.testing.assert_array_equal(train[:, 0], train[:, 2])
    flat, _ = datasets.get_mnist(withlabel=False, ndim=1, rgb_format=True)
    assert flat.shape == (2, 784)


def test_get_svhn_from_matlab_files(file_server, dataset_root, monkeypatch):
    scipy_io = pytest.importorskip('scipy.io')
    rng = numpy.random.RandomState(2)
    expected = {}
    for part, n in (('train', 3), ('test', 2)):
        x = rng.randint(0, 256, (32, 32, 3, n)).astype(numpy.uint8)
        y = numpy.array([[10]] + [[k + 1] for k in range(n - 1)], numpy.uint8)
        buf = io.BytesIO()
        scipy_io.savemat(buf, {'X': x, 'y': y})
        file_server.files[part + '_32x32.mat'] = buf.getvalue()
        expected[part] = x, y
    monkeypatch.setattr(svhn, 'BASE_URLS', (file_server.url,))
    train, test = datasets.get_svhn(scale=255.)
    image, label = train[0]
    assert image.shape == (3, 32, 32) and label == 0  # the files' 10 is the digit 0
    numpy.testing.assert_allclose(image, expected['train'][0][:, :, :, 0].transpose(2, 0, 1))
    assert test[1][1] == 1
    assert os.path.exists(os.path.join(str(dataset_root), 'pfnet', 'chainer', 'svhn',
                                       'train.npz'))


def test_get_cifar10_dtype(monkeypatch):
    from chainer.datasets import cifar
    raw = {'train_x': numpy.full((2, 3072), 255, numpy.uint8), 'train_y': numpy.array([1, 2]),
           'test_x': numpy.zeros((1, 3072), numpy.uint8), 'test_y': numpy.array([3])}
    monkeypatch.setattr(cifar._retrieve, 'cache_npz', lambda *a: raw)
    train, test = datasets.get_cifar10(dtype=numpy.float64, scale=2.)
    assert train[0][0].dtype == numpy.float64 and train[0][0].shape == (3, 32, 32)
    assert train[0][0].max() == 2. and test[0][1] == 3
    assert datasets.get_cifar100(withlabel=False)[0].dtype == numpy.float32
