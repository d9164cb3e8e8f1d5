"""Runs nox (the repository's task runner) with any Python 3 that has pip.

``python3 tools/run_nox.py -s demo`` is ``nox -s demo`` run from the repository root. It
uses the nox this Python can import; where there is none, it first makes a virtual
environment ``.nox-tools/`` at the root *without pip* (``python3 -m venv --without-pip``)
and installs nox into it with this Python's pip (``pip install --target`` its
site-packages), then runs that environment's nox. That works where a plain
``pip install nox`` or ``python3 -m venv`` does not:

* on a Python whose system site is externally managed (PEP 668: Debian 12, Ubuntu 23.04
  and later, Fedora 38 ...): pip installs into a folder of the new environment, not into
  that site;
* without the ``venv`` module's pip (Debian's ``python3`` without ``python3-venv`` has no
  ``ensurepip``): the environment is made without pip, and nox creates its session
  environments with virtualenv (installed with nox), which brings its own pip.

What it needs: ``python3`` (>= 3.9) with pip (on Debian/Ubuntu: ``apt install
python3-pip``) and access to PyPI.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, '.nox-tools')
NOX = 'nox>=2024.3'


def _nox_importable(python):
    return subprocess.run([python, '-c', 'import nox'], capture_output=True).returncode == 0


def _tools_python():
    bindir = 'Scripts' if os.name == 'nt' else 'bin'
    return os.path.join(TOOLS, bindir, 'python.exe' if os.name == 'nt' else 'python')


def _install_nox():
    """Makes ``.nox-tools/`` with nox in it; exits saying what is missing, if anything."""
    try:
        import pip  # noqa: F401
    except ImportError:
        sys.exit('tools/run_nox.py needs pip for {}: install it (Debian/Ubuntu: '
                 'apt install python3-pip) and run it again'.format(sys.executable))
    print('installing nox into {} (once)'.format(TOOLS), file=sys.stderr)
    subprocess.run([sys.executable, '-m', 'venv', '--clear', '--without-pip', TOOLS],
                   check=True)
    site = subprocess.run(
        [_tools_python(), '-c', 'import sysconfig; print(sysconfig.get_path("purelib"))'],
        check=True, capture_output=True, text=True).stdout.strip()
    subprocess.run([sys.executable, '-m', 'pip', 'install', '--quiet', '--upgrade',
                    '--target', site, NOX], check=True)


def main(argv):
    if sys.version_info < (3, 9):
        sys.exit('Python >= 3.9 is needed; this is {}.{}'.format(*sys.version_info[:2]))
    python = sys.executable
    if not _nox_importable(python):
        python = _tools_python()
        if not (os.path.exists(python) and _nox_importable(python)):
            _install_nox()
    # nox runs virtualenv as "<its python> -m virtualenv": it must run under the Python
    # that has nox, in the root where noxfile.py is.
    return subprocess.run([python, '-m', 'nox'] + list(argv), cwd=ROOT).returncode


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
