"""The tables that the profiling hooks (function and link) print: one line per name with
its total elapsed time and number of calls, right-aligned columns."""
import sys

#: unit -> how many of it make a second
UNITS = (('sec', 1.0), ('ms', 1e3), ('us', 1e6), ('ns', 1e9))
_FACTORS = dict(UNITS)


def unit_for(seconds):
    """Returns the largest unit in which ``seconds`` is at least 1 (``'ns'`` below a
    nanosecond)."""
    for unit, factor in UNITS:
        if seconds * factor >= 1:
            return unit
    return UNITS[-1][0]


def check_unit(unit):
    """Raises ValueError unless ``unit`` is a unit name, ``'auto'`` or
    ``'auto_foreach'``."""
    if unit not in _FACTORS and unit not in ('auto', 'auto_foreach'):
        raise ValueError("unit must be one of 'sec', 'ms', 'us', 'ns', 'auto' or "
                         "'auto_foreach', got {!r}".format(unit))


def write_table(heading, summary, unit='auto', file=None):
    """Writes ``summary`` (name -> ``{'elapsed_time', 'occurrence'}``) as a table.

    Args:
        heading (str): title of the first column (``'FunctionName'``, ``'LinkName'``).
        summary (dict): the per-name totals, in the order to print.
        unit (str): ``'sec'``, ``'ms'``, ``'us'``, ``'ns'``; ``'auto'``: one unit for
            the table, the one that suits the longest time; ``'auto_foreach'``: the
            unit that suits each line.
        file: text stream (``sys.stdout`` at call time when None).
    """
    check_unit(unit)
    if unit == 'auto':
        unit = unit_for(max([e['elapsed_time'] for e in summary.values()] or [0.0]))
    rows = [(heading, 'ElapsedTime', 'Occurrence')]
    for name, entry in summary.items():
        seconds = entry['elapsed_time']
        row_unit = unit_for(seconds) if unit == 'auto_foreach' else unit
        rows.append((str(name), '{:3.2f}{}'.format(seconds * _FACTORS[row_unit], row_unit),
                     str(entry['occurrence'])))
    write_rows(rows, file)


def write_rows(rows, file=None):
    """Writes ``rows`` (tuples of str, the header first) with right-aligned columns
    two spaces apart to ``file`` (``sys.stdout`` at call time when None)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = sys.stdout if file is None else file
    for row in rows:
        out.write('  '.join(cell.rjust(w) for cell, w in zip(row, widths)) + '\n')
