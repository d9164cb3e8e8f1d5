"""The communicator interface of ChainerMN, implemented over an mpi4py communicator.

Every communicator is a :class:`CommunicatorBase`: placement (``rank``, ``size``,
``intra_rank``, ...), point-to-point and collective operations on arrays and on Python
objects, and the two operations training needs, :meth:`~CommunicatorBase.bcast_data` and
:meth:`~CommunicatorBase.allreduce_grad`. Subclasses choose how gradients are all-reduced
(on the host, on the device with a CUDA-aware MPI, or with NCCL).
"""
import collections
import contextlib

import numpy

import chainer
from chainer import cuda
from chainermn import _mpi
from chainermn.communicators import (_array_collectives, _communication_utility,
                                     _node_ranks, _packing)

#: The header sent before arrays: their shapes and dtypes, and whether a tuple was sent.
_Header = collections.namedtuple('_Header', ('shapes', 'dtypes', 'is_tuple'))


def reduction_dtype(dtype):
    """The dtype gradients of ``dtype`` are summed in over MPI: float16 sums as float32
    (MPI has no portable half type, and the sum of many halves loses precision)."""
    dtype = numpy.dtype(dtype)
    return numpy.dtype(numpy.float32) if dtype == numpy.float16 else dtype


def group_by_dtype(model, attr, dtype_of=numpy.dtype):
    """The parameters of ``model`` whose ``attr`` (``'data'`` or ``'grad'``) is set,
    grouped as ``{dtype_of(that array's dtype): [params]}`` in name order (the same on
    every rank), so that each group moves as one buffer."""
    groups = collections.OrderedDict()
    for param in _packing.params_with(model, attr):
        dtype = getattr(param, attr).dtype
        groups.setdefault(numpy.dtype(dtype_of(dtype)), []).append(param)
    return groups


class CommunicatorBase(object):
    """Base of ChainerMN communicators, over the mpi4py communicator ``mpi_comm``.

    Methods with an ``_obj`` suffix send picklable Python objects; the others send arrays
    (numpy, or CuPy on GPU communicators). All collective methods must be called by every
    process of the communicator, in the same order.

    Args:
        mpi_comm: an ``mpi4py.MPI.Comm`` (e.g. ``MPI.COMM_WORLD``).
    """

    def __init__(self, mpi_comm):
        MPI = _mpi.mpi()
        if not isinstance(mpi_comm, MPI.Comm):
            raise TypeError('mpi_comm must be an mpi4py communicator (mpi4py.MPI.Comm), '
                            'got {}'.format(type(mpi_comm).__name__))
        self._mpi_comm = mpi_comm
        self._ranks = _node_ranks.node_ranks(mpi_comm, MPI.Get_processor_name())
        self._buffer = _packing.FlatBuffer()
        self._configs = {'batched_copy': True}

    # --- placement ---------------------------------------------------------------------

    @property
    def mpi_comm(self):
        """The mpi4py communicator underneath."""
        return self._mpi_comm

    @property
    def rank(self):
        """Rank of this process in the communicator (0 .. size - 1)."""
        return self._ranks.rank

    @property
    def size(self):
        """Number of processes in the communicator."""
        return self._mpi_comm.size

    @property
    def intra_rank(self):
        """Rank of this process among the processes of its machine (e.g. its GPU)."""
        return self._ranks.intra_rank

    @property
    def intra_size(self):
        """Number of processes on this process's machine."""
        return self._ranks.intra_size

    @property
    def inter_rank(self):
        """Rank of this process's machine among the machines of the job."""
        return self._ranks.inter_rank

    @property
    def inter_size(self):
        """Number of machines in the job."""
        return self._ranks.inter_size

    def split(self, color, key):
        """Splits the processes into groups of the same ``color`` (``MPI_Comm_split``),
        ranked by ``key``; returns this process's group as a communicator of this class."""
        return self._new(self._mpi_comm.Split(color, key))

    def _new(self, mpi_comm):
        return type(self)(mpi_comm)

    # --- configuration -------------------------------------------------------------------

    def set_config(self, name, value=True, **kwargs):
        """Sets the configuration ``name`` to ``value`` (ChainerMN v7's knobs).

        ``'batched_copy'`` (True by default) is accepted and recorded: v7 packed GPU
        gradients with one kernel when it was on; here every communicator always packs
        each dtype's gradients into one buffer, so it changes nothing. ``pure_nccl`` also
        takes ``'allreduce_grad_dtype'``.

        Raises:
            ValueError: for a name this communicator does not know.
        """
        if name != 'batched_copy':
            raise ValueError('Unknown config: {}'.format(name))
        self._configs[name] = bool(value)

    def get_config(self, name=None):
        """The value of configuration ``name``; with None, a dict of all of them."""
        if name is None:
            return dict(self._configs)
        return self._configs[name]

    @property
    def within_config_scope(self):
        """Whether attributes set now are recorded as configurations (inside
        :meth:`config_scope`)."""
        return self.__dict__.get('_within_config_scope', False)

    @contextlib.contextmanager
    def config_scope(self):
        """A context in which every attribute set on the communicator is also recorded
        as a configuration (:meth:`get_config` returns it), as in ChainerMN v7."""
        previous = self.within_config_scope
        self.__dict__['_within_config_scope'] = True
        try:
            yield
        finally:
            self.__dict__['_within_config_scope'] = previous

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_config_scope', False):
            self._configs[name] = value
        object.__setattr__(self, name, value)

    @property
    def batched_copy(self):
        """The ``'batched_copy'`` configuration (see :meth:`set_config`)."""
        return self._configs['batched_copy']

    def finalize(self):
        """Releases the buffers this communicator keeps between calls (and, on the GPU
        communicators, the NCCL communicators; they are created again if it is used
        later). The MPI communicator underneath stays as it is."""
        self._buffer = _packing.FlatBuffer()

    # --- arrays --------------------------------------------------------------------------

    def send(self, data, dest, tag=0):
        """Sends an array, or a tuple/list of arrays, to rank ``dest`` (received by
        :meth:`recv` with the same ``tag``)."""
        arrays = tuple(data) if isinstance(data, (tuple, list)) else (data,)
        host = [numpy.ascontiguousarray(cuda.to_cpu(a)) for a in arrays]
        header = _Header([a.shape for a in host], [a.dtype.str for a in host],
                         isinstance(data, (tuple, list)))
        self._mpi_comm.send(header, dest=dest, tag=tag)
        for a in host:
            self._mpi_comm.Send(_bytes(a), dest=dest, tag=tag)

    def recv(self, source, tag=0):
        """Receives what :meth:`send` sent from rank ``source``: an array, or a tuple."""
        header = self._mpi_comm.recv(source=source, tag=tag)
        arrays = []
        for shape, dtype in zip(header.shapes, header.dtypes):
            a = numpy.empty(shape, dtype=dtype)
            self._mpi_comm.Recv(_bytes(a), source=source, tag=tag)
            arrays.append(self._to_device(a))
        return tuple(arrays) if header.is_tuple else arrays[0]

    def bcast(self, data, root=0):
        """Returns the array ``data`` of rank ``root`` on every rank (``data`` is ignored
        elsewhere)."""
        host = numpy.ascontiguousarray(cuda.to_cpu(data)) if self.rank == root else None
        meta = self._mpi_comm.bcast(
            None if host is None else (host.shape, host.dtype.str), root=root)
        if host is None:
            host = numpy.empty(meta[0], dtype=meta[1])
        self._mpi_comm.Bcast(_bytes(host), root=root)
        return self._to_device(host)

    def allreduce(self, data):
        """Returns the elementwise sum of the array ``data`` over all ranks (same shape
        and dtype on each; a TypeError for a tuple, as ChainerMN v7)."""
        if isinstance(data, (tuple, list)):
            raise TypeError('allreduce takes one array, not a {}'.format(type(data).__name__))
        return self._to_device(sum_on_host(self._mpi_comm, cuda.to_cpu(data)))

    def gather(self, data, root=0):
        """Gathers the array ``data`` of every rank on rank ``root``.

        Shapes may differ between ranks; the dtype must be the same on all (else a
        TypeError on every rank, as for an argument that is not an array).

        Returns:
            tuple: on ``root``, every rank's array in rank order; None on the others.
        """
        return _array_collectives.gather(self, data, root)

    def allgather(self, x):
        """Returns, on every rank, the tuple of every rank's array ``x`` in rank order
        (shapes may differ, one dtype)."""
        return _array_collectives.allgather(self, x)

    def scatter(self, xs, root=0):
        """Sends ``xs[r]`` of rank ``root`` to rank ``r`` and returns this rank's part.

        Args:
            xs: on ``root``, a tuple of ``size`` arrays (shapes may differ, one dtype), or
                an array whose first axis has ``size`` entries; ignored on other ranks.
            root (int): the sending rank.

        Raises:
            ValueError: on every rank when ``root`` gives the wrong number of parts.
        """
        return _array_collectives.scatter(self, xs, root)

    def alltoall(self, xs):
        """All-to-all exchange: rank ``r`` sends ``xs[j]`` to rank ``j``.

        Args:
            xs: a tuple of ``size`` arrays (shapes may differ, one dtype on all ranks).

        Returns:
            tuple: ``size`` arrays, the ``j``-th from rank ``j``.

        Raises:
            ValueError: on every rank when a rank does not give ``size`` arrays.
        """
        return _array_collectives.alltoall(self, xs)

    def _to_device(self, host_array):
        """Where received arrays live: host memory for the CPU communicators."""
        return host_array

    # --- Python objects ------------------------------------------------------------------

    def send_obj(self, obj, dest, tag=0):
        """Sends a picklable object to rank ``dest``."""
        self._mpi_comm.send(obj, dest=dest, tag=tag)

    def recv_obj(self, source, status=None, tag=None):
        """Receives an object sent by :meth:`send_obj` from rank ``source``; with
        ``tag`` None (the default, as ChainerMN v7) a message of any tag; ``status`` (an
        ``mpi4py.MPI.Status``) receives the message's details."""
        if tag is None:
            tag = _mpi.mpi().ANY_TAG
        return self._mpi_comm.recv(source=source, tag=tag, status=status)

    def bcast_obj(self, obj, max_buf_len=None, root=0):
        """Returns the object ``obj`` of rank ``root`` on every rank (``obj`` is ignored
        on the others). With ``max_buf_len`` (bytes), the pickled object moves in pieces
        of at most that size, for objects too large for one MPI message."""
        if max_buf_len is None:
            return self._mpi_comm.bcast(obj, root=root)
        return _communication_utility.chunked_bcast_obj(obj, self._mpi_comm,
                                                        int(max_buf_len), root)

    def gather_obj(self, obj, root=0):
        """Returns, on rank ``root``, the list of every rank's ``obj`` in rank order (None
        on the other ranks)."""
        return self._mpi_comm.gather(obj, root=root)

    def allreduce_obj(self, obj):
        """Returns the sum (``+``) of every rank's ``obj`` on every rank."""
        return self._mpi_comm.allreduce(obj)

    # --- models --------------------------------------------------------------------------

    def bcast_data(self, model):
        """Overwrites the parameters of ``model`` on every rank with those of rank 0
        (one broadcast of one packed buffer per parameter dtype)."""
        for dtype, params in group_by_dtype(model, 'data').items():
            arrays = [p.data for p in params]
            flat = _packing.pack(arrays, self._buffer.get(
                numpy, _packing.total_size(arrays), dtype))
            self._mpi_comm.Bcast(_bytes(flat), root=0)
            _packing.unpack(flat, arrays)

    def broadcast_data(self, model):
        """The same as :meth:`bcast_data` (ChainerMN's older name)."""
        self.bcast_data(model)

    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replaces the gradient of every parameter of ``model`` with its mean over all
        ranks.

        Args:
            model (~chainer.Link): the model.
            zero_fill (bool): give an initialized parameter without a gradient (one that
                took no part in this rank's loss) a zero gradient first, so that it takes
                part; otherwise such parameters are left out (then every rank must lack
                the same ones). Uninitialized parameters are always left out.
        """
        if zero_fill:
            fill_missing_grads(model)
        self._allreduce_grad(model, 1.0 / self.size)
        check_finite_in_debug_mode(model)

    def allreduce_grad(self, model, zero_fill=False):
        """The same as :meth:`multi_node_mean_grad` (ChainerMN's older name; v7
        deprecated it, it does not warn here)."""
        self.multi_node_mean_grad(model, zero_fill)

    def _multi_node_mean_grad_async(self, model, zero_fill=False):
        """Starts :meth:`multi_node_mean_grad` on ``model`` and returns a handle whose
        ``wait()`` completes it (the double-buffering optimizer's step). Here it runs to
        completion at once; communicators that can overlap it override this."""
        self.multi_node_mean_grad(model, zero_fill)
        return _Done()

    def _allreduce_grad(self, model, scale):
        """Replaces every gradient of ``model`` with ``scale`` times its sum over all
        ranks (the multi-node optimizer passes 1 for gradients it already divided, by
        seeding backward with ``1 / size``, which saves a pass over the gradients).

        Here: each dtype's gradients packed into one host buffer (float16 summed as
        float32), one MPI all-reduce, unpacked; the communicators refine it."""
        MPI = _mpi.mpi()
        for dtype, params in group_by_dtype(model, 'grad', reduction_dtype).items():
            grads = [p.grad for p in params]
            flat = _packing.pack(grads, self._buffer.get(
                numpy, _packing.total_size(grads), dtype))
            self._mpi_comm.Allreduce(MPI.IN_PLACE, flat)
            _packing.unpack(flat, grads, scale=None if scale == 1 else scale)


class _Done(object):
    """The handle of an operation that has already completed."""

    def wait(self):
        pass


def check_finite_in_debug_mode(model):
    """In Chainer's debug mode (``chainer.set_debug(True)``), a ValueError when a
    gradient of ``model`` holds NaN or infinity after the all-reduce (as ChainerMN v7)."""
    if not chainer.is_debug():
        return
    for name, param in sorted(model.namedparams()):
        grad = param.grad
        if grad is not None and not bool(cuda.get_array_module(grad).isfinite(grad).all()):
            raise ValueError('Parameters diverged after allreduce: the gradient of {} is '
                             'not finite'.format(name))


def fill_missing_grads(model):
    """Gives every initialized parameter of ``model`` without a gradient a zero one."""
    for param in model.params():
        if param.data is not None and param.grad is None:
            param.grad = cuda.get_array_module(param.data).zeros_like(param.data)


def sum_on_host(mpi_comm, host_array):
    """The elementwise sum of ``host_array`` over ``mpi_comm``, in its dtype and shape
    (float16 sums as float32), in a new array (``host_array`` is left as it was)."""
    summed = numpy.array(host_array, dtype=reduction_dtype(host_array.dtype), order='C')
    mpi_comm.Allreduce(_mpi.mpi().IN_PLACE, summed.reshape(-1))
    return summed.astype(host_array.dtype, copy=False)


def _bytes(array):
    """The raw bytes of a contiguous host array as an MPI buffer (any dtype, float16
    included, moves as bytes)."""
    return array.reshape(-1).view(numpy.uint8)
