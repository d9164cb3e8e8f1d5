"""``run_module``: the line every Chainer v1 test file ends with."""


def run_module(name, file):
    """Runs the tests of the file ``file`` when it is executed as a script.

    Chainer v1 test files end with ``testing.run_module(__name__, __file__)``: imported
    by a test runner (``__name__`` is the module's name) this does nothing, executed
    with ``python test_x.py`` (``__name__ == '__main__'``) it runs the file's tests
    with pytest.

    Args:
        name (str): the ``__name__`` of the calling module.
        file (str): the ``__file__`` of the calling module.

    Returns:
        The pytest exit code when the tests ran, else None.
    """
    if name != '__main__':
        return None
    import pytest
    return pytest.main([file, '-v'])
