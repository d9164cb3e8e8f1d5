import os
import sys

# The benchmark scripts import each other as top-level modules, as the workers do.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
