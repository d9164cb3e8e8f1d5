"""``python -m chainer``: print the runtime report; exit with status 1 when the installed
Chainer distributions are incompatible with each other."""
import sys

from chainer import _runtime

if __name__ == '__main__':
    sys.exit(_runtime.main())
