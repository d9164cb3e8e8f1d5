from dataset_tests.local_http import dataset_root, file_server  # noqa: F401
