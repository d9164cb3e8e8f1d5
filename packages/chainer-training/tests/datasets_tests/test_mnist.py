import gzip
import hashlib
import struct

import numpy
import pytest

from chainer import datasets
from chainer.datasets import _retrieve, mnist

N_TRAIN, N_TEST = 5, 3


def _idx_gz(array):
    header = struct.pack('>BBBB', 0, 0, 8, array.ndim) + struct.pack(
        '>' + 'I' * array.ndim, *array.shape)
    return gzip.compress(header + array.astype(numpy.uint8).tobytes())


@pytest.fixture
def mnist_server(file_server, dataset_root, monkeypatch):
    rng = numpy.random.RandomState(0)
    arrays = {'train_x': rng.randint(0, 256, (N_TRAIN, 28, 28)),
              'train_y': rng.randint(0, 10, N_TRAIN),
              'test_x': rng.randint(0, 256, (N_TEST, 28, 28)),
              'test_y': rng.randint(0, 10, N_TEST)}
    files = {}
    for name, (filename, _) in mnist.FILES.items():
        body = _idx_gz(arrays[name])
        file_server.files[filename] = body
        files[name] = (filename, 'md5:' + hashlib.md5(body).hexdigest())
    monkeypatch.setattr(mnist, 'FILES', files)
    monkeypatch.setattr(mnist, 'BASE_URLS', (file_server.url,))
    return file_server, arrays, dataset_root


def test_real_urls_and_checksums_are_configured():
    assert mnist.BASE_URLS[0] == 'http://yann.lecun.com/exdb/mnist/'
    assert mnist.FILES['test_y'] == ('t10k-labels-idx1-ubyte.gz',
                                     'md5:ec29112dd5afa0611ce80d1b7f02629c')


def test_get_mnist_with_labels(mnist_server):
    _, arrays, _ = mnist_server
    train, test = datasets.get_mnist()
    assert isinstance(train, datasets.TupleDataset)
    assert len(train) == N_TRAIN and len(test) == N_TEST
    x, t = train[1]
    assert x.shape == (784,) and x.dtype == numpy.float32
    numpy.testing.assert_allclose(x, arrays['train_x'][1].ravel() / 255., rtol=1e-6)
    assert t.dtype == numpy.int32 and t == arrays['train_y'][1]
    assert test[2][1] == arrays['test_y'][2]


@pytest.mark.parametrize('ndim, shape', [(1, (784,)), (2, (28, 28)), (3, (1, 28, 28))])
def test_get_mnist_shapes_scale_and_dtypes(mnist_server, ndim, shape):
    _, arrays, _ = mnist_server
    train, test = datasets.get_mnist(withlabel=False, ndim=ndim, scale=2.,
                                     dtype=numpy.float64)
    assert isinstance(train, numpy.ndarray)
    assert train.shape == (N_TRAIN,) + shape and train.dtype == numpy.float64
    numpy.testing.assert_allclose(test.reshape(N_TEST, -1),
                                  arrays['test_x'].reshape(N_TEST, -1) * 2. / 255.)
    _, labeled = datasets.get_mnist(label_dtype=numpy.int64)
    assert labeled[0][1].dtype == numpy.int64


def test_get_mnist_downloads_and_converts_once(mnist_server):
    server, _, root = mnist_server
    datasets.get_mnist()
    assert len(server.requests) == 4
    assert (root / 'pfnet' / 'chainer' / 'mnist' / 'train.npz').exists()
    datasets.get_mnist(ndim=3)
    assert len(server.requests) == 4


def test_get_mnist_writes_the_cache_files_and_keys_of_chainer_v1(mnist_server):
    _, arrays, root = mnist_server
    datasets.get_mnist()
    for part, n in (('train', N_TRAIN), ('test', N_TEST)):
        # read as v1 reads it: numpy.load(path), then ['x'] and ['y']
        with numpy.load(str(root / 'pfnet' / 'chainer' / 'mnist' / (part + '.npz'))) as npz:
            assert sorted(npz.files) == ['x', 'y']
            assert npz['x'].shape == (n, 784) and npz['x'].dtype == numpy.uint8
            assert npz['y'].shape == (n,) and npz['y'].dtype == numpy.uint8
            numpy.testing.assert_array_equal(npz['x'], arrays[part + '_x'].reshape(n, -1))
            numpy.testing.assert_array_equal(npz['y'], arrays[part + '_y'])


def test_bad_ndim(mnist_server):
    with pytest.raises(ValueError, match=r'get_mnist: ndim must be one of \[1, 2, 3\]'):
        datasets.get_mnist(ndim=4)


def test_corrupt_gzip_is_detected_and_not_cached(mnist_server, monkeypatch):
    server, _, root = mnist_server
    filename, _ = mnist.FILES['train_x']
    good = server.files[filename]
    bad = good[:len(good) // 2]  # a truncated gzip stream, served with its own length
    server.files[filename] = bad
    monkeypatch.setitem(mnist.FILES, 'train_x',
                        (filename, 'md5:' + hashlib.md5(bad).hexdigest()))
    with pytest.raises(_retrieve.CorruptDownloadError, match='corrupt or truncated'):
        datasets.get_mnist()
    assert not (root / 'pfnet' / 'chainer' / 'mnist' / 'mnist.npz').exists()
    server.files[filename] = good
    monkeypatch.setitem(mnist.FILES, 'train_x',
                        (filename, 'md5:' + hashlib.md5(good).hexdigest()))
    train, _ = datasets.get_mnist()  # the corrupt file was discarded: downloaded again
    assert len(train) == N_TRAIN


def test_wrong_idx_length_is_detected(mnist_server, monkeypatch):
    server, _, root = mnist_server
    filename, _ = mnist.FILES['test_y']
    raw = gzip.decompress(server.files[filename])
    body = gzip.compress(raw + b'\x01')  # one byte more than the header announces
    server.files[filename] = body
    monkeypatch.setitem(mnist.FILES, 'test_y',
                        (filename, 'md5:' + hashlib.md5(body).hexdigest()))
    with pytest.raises(_retrieve.CorruptDownloadError, match='header announces'):
        datasets.get_mnist()
    assert not (root / 'pfnet' / 'chainer' / 'mnist' / 'mnist.npz').exists()


def test_checksum_mismatch_is_not_cached(mnist_server, monkeypatch):
    _, _, root = mnist_server
    filename, _ = mnist.FILES['train_y']
    monkeypatch.setitem(mnist.FILES, 'train_y', (filename, 'md5:' + '1' * 32))
    with pytest.raises(RuntimeError, match='checksum mismatch'):
        datasets.get_mnist()
    assert not (root / 'pfnet' / 'chainer' / 'mnist' / 'mnist.npz').exists()


def test_next_mirror_is_tried_when_one_fails(mnist_server, monkeypatch):
    server, _, _ = mnist_server
    monkeypatch.setattr(mnist, 'BASE_URLS', (server.url + 'gone/', server.url))
    train, _ = datasets.get_mnist()
    assert len(train) == N_TRAIN
    assert sum(r.startswith('gone/') for r in server.requests) == 4


def test_checksum_failure_on_one_mirror_falls_back_to_the_next(mnist_server, monkeypatch):
    server, _, _ = mnist_server
    filename, checksum = mnist.FILES['train_x']
    server.files['bad/' + filename] = b'not the real file'
    for name, (f, _) in mnist.FILES.items():
        if name != 'train_x':
            server.files['bad/' + f] = server.files[f]
    monkeypatch.setattr(mnist, 'BASE_URLS', (server.url + 'bad/', server.url))
    train, _ = datasets.get_mnist()
    assert len(train) == N_TRAIN
    assert server.requests.count(filename) == 1


def test_tutorial_mlp_on_mnist(mnist_server, tmp_path, capsys):
    # The v1 tutorial's MNIST example as written (the batch sizes fit the 5 + 3 served
    # digits).
    import chainer
    import chainer.functions as F
    import chainer.links as L
    from chainer import iterators, optimizers, training
    from chainer.training import extensions

    class MLP(chainer.Chain):
        def __init__(self):
            super().__init__(l1=L.Linear(784, 100), l2=L.Linear(100, 100),
                             l3=L.Linear(100, 10))

        def __call__(self, x):
            h1 = F.relu(self.l1(x))
            h2 = F.relu(self.l2(h1))
            return self.l3(h2)

    train, test = datasets.get_mnist()
    train_iter = iterators.SerialIterator(train, batch_size=N_TRAIN, shuffle=True)
    test_iter = iterators.SerialIterator(test, batch_size=2, repeat=False, shuffle=False)
    model = L.Classifier(MLP())
    optimizer = optimizers.SGD()
    optimizer.setup(model)
    updater = training.StandardUpdater(train_iter, optimizer)
    trainer = training.Trainer(updater, (2, 'epoch'), out=str(tmp_path / 'result'))
    trainer.extend(extensions.Evaluator(test_iter, model))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/accuracy', 'validation/main/accuracy']))
    trainer.extend(extensions.ProgressBar())
    trainer.run()
    rows = [line.split() for line in capsys.readouterr().out.splitlines()
            if line and line.split()[0] in ('epoch', '1', '2')]
    assert rows[0] == ['epoch', 'main/accuracy', 'validation/main/accuracy']
    assert [row[0] for row in rows[1:]] == ['1', '2'] and all(len(r) == 3 for r in rows)
    assert (tmp_path / 'result' / 'log').exists()
