"""Run under mpiexec by test_gpu.py on a machine with GPUs (one process per GPU): the
GPU communicators average GPU gradients (float32, and float16 also through a float16
all-reduce) and broadcast parameters. Pickles what each rank saw to <out>/rank<r>.pkl."""
import pathlib
import pickle
import sys

import chainer
import chainermn
from chainer import cuda

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import common  # noqa: E402


def main(out):
    found = {}
    for name, options in (('pure_nccl', {}), ('pure_nccl', {'allreduce_grad_dtype': 'float16'}),
                          ('single_node', {}), ('hierarchical', {}), ('two_dimensional', {})):
        comm = chainermn.create_communicator(name, **options)
        cuda.get_device(comm.intra_rank).use()
        model = common.model_with_rank_values(comm.rank)
        model.to_gpu()
        for param in model.params():  # to_gpu keeps the rank's gradients
            assert isinstance(param.grad, cuda.ndarray)
        comm.allreduce_grad(model)
        found[name, tuple(options)] = {n: cuda.to_cpu(p.grad) for n, p in
                                       sorted(model.namedparams())}
        comm.bcast_data(model)
        found[name, tuple(options), 'data'] = {n: cuda.to_cpu(p.data) for n, p in
                                               sorted(model.namedparams())}
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))
    chainer.cuda.Stream.null.synchronize()


if __name__ == '__main__':
    main(sys.argv[1])
