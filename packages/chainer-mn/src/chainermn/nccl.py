"""NCCL as ChainerMN v7 exposed it (``chainermn.nccl``): CuPy's NCCL binding, reached
through cupy-kernels as ``chainer.cuda.nccl``.

Where CuPy with NCCL is installed, this module holds its ``NcclCommunicator``,
``NcclError``, ``get_unique_id``, ``get_version``, ``get_build_version`` and the
``NCCL_*`` constants, and ``_available`` is True. Elsewhere ``_available`` is False and
:func:`get_build_version` returns 0 (so ``get_build_version() < 2000`` tells a program
that NCCL 2 is missing, as it did with ChainerMN v7 on a machine without NCCL).
"""
from chainer import cuda

_NAMES = ('NcclCommunicator', 'NcclError', 'get_unique_id', 'get_version',
          'get_build_version', 'NCCL_FLOAT', 'NCCL_FLOAT16', 'NCCL_FLOAT32',
          'NCCL_FLOAT64', 'NCCL_SUM')


def _binding():
    try:
        return cuda.nccl if cuda.available else None
    except Exception:  # noqa: B902 - any failure to reach CuPy's NCCL means none
        return None


_nccl = _binding()
_available = _nccl is not None and all(hasattr(_nccl, n) for n in _NAMES)

if _available:
    globals().update({n: getattr(_nccl, n) for n in _NAMES})
else:
    def get_build_version():
        """The NCCL version CuPy was built with; 0 here: NCCL is not available."""
        return 0
