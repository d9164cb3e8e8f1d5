"""Run under mpiexec by test_fault.py: the last rank raises while the others wait in a
collective; the global except hook must end the whole job."""
import sys

import numpy

import chainermn

comm = chainermn.create_communicator('naive')
if comm.rank == comm.size - 1:
    raise ValueError('rank {} fails on purpose'.format(comm.rank))
comm.allreduce(numpy.ones(1))  # the failed rank never joins
print('unreachable: the collective returned', flush=True)
sys.exit(0)
