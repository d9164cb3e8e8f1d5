"""The n-dimensional im2col/col2im CUDA kernels as source text (v7's
``chainer.utils.conv_nd_kernel``).

CUDA source lives in the cupy-kernels distribution, which generates these kernels for
any number of spatial axes (``im2col_{N}d``/``col2im_{N}d`` of its library, what
``chainer.utils.conv_nd`` runs on the GPU). This module hands out that source in v7's
form, for code that builds the kernel itself with ``chainer.cuda.elementwise``; without
cupy-kernels it raises a RuntimeError saying what to install.
"""

_INSTALL_HINT = ('the CUDA kernel sources are part of cupy-kernels: install it with '
                 'pip install "cupy-kernels[cuda12]"')


def _library_spec(kind, ndim):
    try:
        from cupy_kernels.kernels import conv
    except ImportError as e:
        raise RuntimeError('{} ({})'.format(_INSTALL_HINT, e))
    make = conv.im2col_spec if kind == 'im2col' else conv.col2im_spec
    return make(int(ndim))


class _NDKernel(object):
    _kind = None
    _memo = None

    @classmethod
    def generate(cls, ndim):
        """Returns ``(in_params, out_params, operation, name)`` of the kernel for
        ``ndim`` spatial axes, ready for ``chainer.cuda.elementwise(*result,
        preamble=cls.preamble(ndim))``; generated once per ``ndim``.

        Raises:
            RuntimeError: cupy-kernels is not installed.
        """
        memo = cls.__dict__.get('_memo')
        if memo is None:
            memo = {}
            cls._memo = memo
        if ndim not in memo:
            memo[ndim] = cls._generate(ndim)
        return memo[ndim]

    @classmethod
    def _generate(cls, ndim):
        spec = _library_spec(cls._kind, ndim)
        return spec.in_params, spec.out_params, spec.operation, spec.name

    @classmethod
    def preamble(cls, ndim):
        """The CUDA code to place before the kernel (type helpers), '' if none."""
        return _library_spec(cls._kind, ndim).preamble


class Im2colNDKernel(_NDKernel):
    """The n-d im2col kernel: the column array ``(n, c, k..., out...)`` of a
    C-contiguous image ``(n, c, dim...)``, one thread per column element."""

    _kind = 'im2col'


class Col2imNDKernel(_NDKernel):
    """The n-d col2im kernel: the image ``(n, c, dim...)`` summed from a C-contiguous
    column array, one thread per image element."""

    _kind = 'col2im'


def clear_memo():
    """Forgets the generated sources (they are generated again on next use)."""
    for cls in (Im2colNDKernel, Col2imNDKernel):
        cls._memo = None
