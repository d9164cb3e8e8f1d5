"""v2+ kernel factories of :mod:`chainer.backends.cuda` beside ``elementwise`` and
``reduce``: :func:`fuse` (works without a GPU) and :func:`raw`."""


def _usable_backend():
    from chainer import cuda
    backend = cuda._get_backend()
    return backend if backend is not None and backend.available else None


def fuse(*args, **kwargs):
    """Function-fusing decorator: ``cupy.fuse`` where a GPU backend is usable;
    otherwise it returns the function unchanged, so the decorated function runs
    with numpy.

    Use it bare (``@fuse``) or with arguments (``@fuse(kernel_name='f')``).

    Returns:
        The fused function, or a decorator when called with arguments.
    """
    backend = _usable_backend()
    if backend is not None:
        return backend.cupy.fuse(*args, **kwargs)
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return lambda f: f


_raw_kernels = []  # the memoized creator, made on first use (needs the backend)


def raw(code, name, *args, **kwargs):
    """Creates a ``cupy.RawKernel`` from CUDA source ``code`` and the kernel
    function ``name``; the kernel is cached per arguments and device (see
    :func:`~chainer.backends.cuda.memoize`). Other arguments are those of
    ``cupy.RawKernel``.

    Raises:
        RuntimeError: when no usable GPU backend is installed.
    """
    from chainer import cuda
    backend = cuda._require_backend('cuda.raw')
    if not _raw_kernels:
        _raw_kernels.append(backend.memoize(for_each_device=True)(
            lambda *a, **k: backend.cupy.RawKernel(*a, **k)))
    return _raw_kernels[0](code, name, *args, **kwargs)
