import hashlib
import multiprocessing
import os
import time
import urllib.error

import pytest

from chainer.dataset import download


def _cached_files(root):
    cache = root / '_dl_cache'
    return sorted(p.name for p in cache.iterdir() if p.name != '_dl_lock')


def test_dataset_root_precedence(tmp_path, monkeypatch):
    monkeypatch.setattr(download, '_dataset_root', [])
    monkeypatch.delenv('CHAINER_DATASET_ROOT', raising=False)
    assert download.get_dataset_root() == os.path.join(
        os.path.expanduser('~'), '.chainer', 'dataset')
    monkeypatch.setenv('CHAINER_DATASET_ROOT', str(tmp_path / 'env'))
    assert download.get_dataset_root() == str(tmp_path / 'env')
    download.set_dataset_root(str(tmp_path / 'set'))
    assert download.get_dataset_root() == str(tmp_path / 'set')
    with pytest.raises(TypeError, match='path must be a str'):
        download.set_dataset_root(3)


def test_get_dataset_directory_creates_it(dataset_root):
    path = download.get_dataset_directory('pfnet/chainer/x')
    assert path == os.path.join(str(dataset_root), 'pfnet/chainer/x')
    assert os.path.isdir(path)
    assert not os.path.exists(download.get_dataset_directory('y', create_directory=False))


def test_cached_download_downloads_once(dataset_root, file_server):
    file_server.files['a.bin'] = b'hello world'
    path = download.cached_download(file_server.url + 'a.bin')
    with open(path, 'rb') as f:
        assert f.read() == b'hello world'
    assert path.startswith(str(dataset_root))
    assert download.cached_download(file_server.url + 'a.bin') == path
    assert file_server.requests == ['a.bin']


def test_checksum_is_verified_and_mismatch_is_not_cached(dataset_root, file_server):
    body = b'payload' * 100
    file_server.files['c.bin'] = body
    url = file_server.url + 'c.bin'
    with pytest.raises(RuntimeError, match='checksum mismatch'):
        download.cached_download(url, checksum='md5:' + '0' * 32)
    assert _cached_files(dataset_root) == []
    good = 'sha256:' + hashlib.sha256(body).hexdigest()
    path = download.cached_download(url, checksum=good)
    with open(path, 'rb') as f:
        assert f.read() == body


def test_malformed_checksum_argument(dataset_root):
    with pytest.raises(ValueError, match='checksum must look like'):
        download.cached_download('http://127.0.0.1:1/x', checksum='abc')
    with pytest.raises(ValueError, match='checksum must look like'):
        download.cached_download('http://127.0.0.1:1/x', checksum='nosuchalgo:00')


def test_truncated_download_is_detected_and_not_cached(dataset_root, file_server):
    file_server.files['t.bin'] = b'x' * 1000
    file_server.announced_extra['t.bin'] = 500
    with pytest.raises(RuntimeError, match='truncated'):
        download.cached_download(file_server.url + 't.bin')
    assert _cached_files(dataset_root) == []
    del file_server.announced_extra['t.bin']
    path = download.cached_download(file_server.url + 't.bin')
    assert os.path.getsize(path) == 1000


def test_http_error_is_raised_and_not_cached(dataset_root, file_server):
    with pytest.raises(urllib.error.HTTPError):
        download.cached_download(file_server.url + 'missing')
    assert _cached_files(dataset_root) == []


def test_download_cache_has_v1_file_names(dataset_root, file_server):
    file_server.files['v.bin'] = b'v1'
    url = file_server.url + 'v.bin'
    path = download.cached_download(url)
    assert path == str(dataset_root / '_dl_cache' / hashlib.md5(url.encode()).hexdigest())
    assert (dataset_root / '_dl_cache' / '_dl_lock').exists()


def test_a_download_cached_by_chainer_v1_is_used_without_network(dataset_root):
    url = 'http://unreachable.invalid/train-images-idx3-ubyte.gz'
    (dataset_root / '_dl_cache').mkdir(parents=True)
    cached = dataset_root / '_dl_cache' / hashlib.md5(url.encode()).hexdigest()
    cached.write_bytes(b'from v1')
    assert download.cached_download(url) == str(cached)


def test_downloads_go_through_six_urlretrieve_as_in_v1(dataset_root, monkeypatch):
    import six
    calls = []

    def fake_urlretrieve(url, path):
        calls.append(url)
        with open(path, 'w') as f:
            f.write('faked')

    monkeypatch.setattr(six.moves.urllib.request, 'urlretrieve', fake_urlretrieve)
    path = download.cached_download('http://example.com/x')
    assert calls == ['http://example.com/x']
    with open(path) as f:
        assert f.read() == 'faked'


def test_a_file_in_place_of_the_cache_directory_is_a_runtime_error_as_in_v1(
        dataset_root):
    dataset_root.mkdir()
    (dataset_root / '_dl_cache').write_text('not a directory')
    with pytest.raises(RuntimeError, match='cannot create the download cache directory'):
        download.cached_download('http://example.com/x')
    download.set_dataset_root(str(dataset_root / '_dl_cache'))
    with pytest.raises(RuntimeError, match='cannot create the dataset directory'):
        download.cache_or_load_file(str(dataset_root / '_dl_cache' / 'sub' / 'f'),
                                    lambda path: None, lambda path: None)


def test_cache_or_load_file_creates_once(tmp_path):
    path = str(tmp_path / 'sub' / 'cache.txt')
    seen = []

    def creator(temp_path):
        assert temp_path != path and not os.path.exists(temp_path)
        seen.append(temp_path)
        with open(temp_path, 'w') as f:
            f.write('data')
        return 'created'

    def loader(p):
        with open(p) as f:
            return 'loaded ' + f.read()

    assert download.cache_or_load_file(path, creator, loader) == 'created'
    assert download.cache_or_load_file(path, creator, loader) == 'loaded data'
    assert len(seen) == 1
    assert not os.path.exists(seen[0])  # the temporary directory is gone


def test_failing_creator_caches_nothing(tmp_path):
    path = str(tmp_path / 'cache.txt')

    def creator(temp_path):
        with open(temp_path, 'w') as f:
            f.write('half')
        raise OSError('disk full')

    with pytest.raises(OSError, match='disk full'):
        download.cache_or_load_file(path, creator, None)
    assert sorted(os.listdir(tmp_path)) == ['cache.txt.lock']


def test_creator_that_writes_nothing_is_an_error(tmp_path):
    with pytest.raises(RuntimeError, match='did not write'):
        download.cache_or_load_file(str(tmp_path / 'f'), lambda p: 1, None)
    assert not os.path.exists(str(tmp_path / 'f'))


def _slow_creator(temp_path):
    counter = os.path.join(os.path.dirname(os.path.dirname(temp_path)), 'creations')
    with open(counter, 'a') as f:
        f.write('x')
    time.sleep(0.2)  # widen the window in which an unlocked creator would run twice
    with open(temp_path, 'w') as f:
        f.write('content')
    return 'content'


def _read(path):
    with open(path) as f:
        return f.read()


def _worker(path, start, results):
    start.wait()
    results.put(download.cache_or_load_file(path, _slow_creator, _read))


def test_concurrent_processes_create_the_cache_once(tmp_path):
    ctx = multiprocessing.get_context('fork')
    path = str(tmp_path / 'shared.txt')
    start = ctx.Event()
    results = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(path, start, results)) for _ in range(3)]
    for p in procs:
        p.start()
    start.set()
    values = [results.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    assert values == ['content'] * 3
    assert _read(str(tmp_path / 'creations')) == 'x'
