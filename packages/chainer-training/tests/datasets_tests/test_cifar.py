import hashlib
import io
import tarfile

import numpy
import pytest

from chainer import datasets
from chainer.datasets import _retrieve, cifar


def _tar_gz(members):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode='w:gz') as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _records(rng, n, label_bytes, n_classes):
    labels = rng.randint(0, n_classes, (n, label_bytes)).astype(numpy.uint8)
    pixels = rng.randint(0, 256, (n, 3072)).astype(numpy.uint8)
    return numpy.concatenate([labels, pixels], axis=1)


@pytest.fixture
def cifar_server(file_server, dataset_root, monkeypatch):
    """Serves both archives (2 records per training batch, 3 test records)."""
    rng = numpy.random.RandomState(0)
    expected = {}
    archives = {}
    for name, (archive, _, train_members, test_members, label_bytes, _) in \
            cifar.ARCHIVES.items():
        n_classes = 10 if name == 'cifar-10' else 100
        train = [_records(rng, 2, label_bytes, n_classes) for _ in train_members]
        test = _records(rng, 3, label_bytes, n_classes)
        members = {m: r.tobytes() for m, r in zip(train_members, train)}
        members[test_members[0]] = test.tobytes()
        body = _tar_gz(members)
        file_server.files[archive] = body
        spec = list(cifar.ARCHIVES[name])
        spec[1] = 'md5:' + hashlib.md5(body).hexdigest()
        archives[name] = tuple(spec)
        expected[name] = (numpy.concatenate(train), test)
    monkeypatch.setattr(cifar, 'ARCHIVES', archives)
    monkeypatch.setattr(cifar, 'BASE_URLS', (file_server.url,))
    return file_server, expected, dataset_root


def test_real_urls_are_configured():
    assert cifar.BASE_URLS == ('https://www.cs.toronto.edu/~kriz/',)
    assert cifar.ARCHIVES['cifar-10'][0] == 'cifar-10-binary.tar.gz'
    assert cifar.ARCHIVES['cifar-100'][0] == 'cifar-100-binary.tar.gz'


def test_get_cifar10(cifar_server):
    _, expected, _ = cifar_server
    train_records, test_records = expected['cifar-10']
    train, test = datasets.get_cifar10()
    assert len(train) == 10 and len(test) == 3
    x, t = train[7]
    assert x.shape == (3, 32, 32) and x.dtype == numpy.float32
    # channel-major planes: the first 1024 bytes after the label are the red channel
    numpy.testing.assert_allclose(x[0].ravel(), train_records[7, 1:1025] / 255., rtol=1e-6)
    numpy.testing.assert_allclose(x[2, 31, 31], train_records[7, -1] / 255., rtol=1e-6)
    assert t.dtype == numpy.int32 and t == train_records[7, 0]
    assert test[1][1] == test_records[1, 0]


def test_get_cifar100_uses_fine_labels(cifar_server):
    _, expected, _ = cifar_server
    train_records, _ = expected['cifar-100']
    train, _ = datasets.get_cifar100(ndim=1, scale=3.)
    x, t = train[1]
    assert x.shape == (3072,)
    numpy.testing.assert_allclose(x, train_records[1, 2:] * 3. / 255., rtol=1e-6)
    assert t == train_records[1, 1]


def test_without_labels_and_bad_ndim(cifar_server):
    train, test = datasets.get_cifar10(withlabel=False, ndim=1)
    assert isinstance(train, numpy.ndarray) and train.shape == (10, 3072)
    with pytest.raises(ValueError, match=r'ndim must be one of \[1, 3\]'):
        datasets.get_cifar10(ndim=2)


def test_cached_after_first_call(cifar_server):
    server, _, root = cifar_server
    datasets.get_cifar10()
    datasets.get_cifar10(ndim=1)
    assert server.requests == ['cifar-10-binary.tar.gz']
    assert (root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz').exists()


@pytest.mark.parametrize('name', ['cifar-10', 'cifar-100'])
def test_get_cifar_writes_the_cache_file_and_keys_of_chainer_v1(cifar_server, name):
    _, expected, root = cifar_server
    getattr(datasets, 'get_' + name.replace('-', ''))()
    train, test = expected[name]
    label = 0 if name == 'cifar-10' else 1  # CIFAR-100: the fine label
    with numpy.load(str(root / 'pfnet' / 'chainer' / 'cifar' / (name + '.npz'))) as npz:
        assert sorted(npz.files) == ['test_x', 'test_y', 'train_x', 'train_y']
        for part, records in (('train', train), ('test', test)):
            assert npz[part + '_x'].dtype == npz[part + '_y'].dtype == numpy.uint8
            numpy.testing.assert_array_equal(npz[part + '_x'], records[:, -3072:])
            numpy.testing.assert_array_equal(npz[part + '_y'], records[:, label])


@pytest.mark.parametrize('damage', ['truncate_gzip', 'missing_member', 'short_record'])
def test_corrupt_archive_is_detected_and_not_cached(cifar_server, monkeypatch, damage):
    server, _, root = cifar_server
    spec = list(cifar.ARCHIVES['cifar-10'])
    good = server.files[spec[0]]
    if damage == 'truncate_gzip':
        bad = good[:len(good) - 100]
    elif damage == 'missing_member':
        bad = _tar_gz({'cifar-10-batches-bin/test_batch.bin': bytes(3073)})
    else:
        members = {m: bytes(3073) for m in spec[2]}
        members[spec[3][0]] = bytes(3072)
        bad = _tar_gz(members)
    server.files[spec[0]] = bad
    spec[1] = 'md5:' + hashlib.md5(bad).hexdigest()
    monkeypatch.setitem(cifar.ARCHIVES, 'cifar-10', tuple(spec))
    with pytest.raises(_retrieve.CorruptDownloadError):
        datasets.get_cifar10()
    assert not (root / 'pfnet' / 'chainer' / 'cifar' / 'cifar-10.npz').exists()
    assert [p for p in (root / '_dl_cache').iterdir() if p.name != '_dl_lock'] == []
