"""A file server on 127.0.0.1 for the download tests, plus a temporary dataset root."""
import http.server
import threading

import pytest

from chainer.dataset import download


class FileServer(object):
    """Serves ``files`` (name -> bytes) at ``url``; records the requested names.

    ``announced_extra[name]`` adds bytes to the announced Content-Length of that file,
    which makes the client see a truncated download.
    """

    def __init__(self):
        self.files = {}
        self.announced_extra = {}
        self.requests = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                name = self.path.lstrip('/')
                server.requests.append(name)
                if name not in server.files:
                    self.send_error(404)
                    return
                body = server.files[name]
                self.send_response(200)
                self.send_header('Content-Length',
                                 str(len(body) + server.announced_extra.get(name, 0)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self._httpd = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self.url = 'http://127.0.0.1:{}/'.format(self._httpd.server_address[1])
        # A short poll interval keeps shutdown() (at each test's teardown) quick.
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.01,),
                                        daemon=True)
        self._thread.start()

    def close(self):
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()


@pytest.fixture
def file_server():
    server = FileServer()
    yield server
    server.close()


@pytest.fixture
def dataset_root(tmp_path, monkeypatch):
    """Points CHAINER_DATASET_ROOT at a fresh directory (and clears set_dataset_root)."""
    root = tmp_path / 'dataset_root'
    monkeypatch.setenv('CHAINER_DATASET_ROOT', str(root))
    monkeypatch.setattr(download, '_dataset_root', [])
    return root
