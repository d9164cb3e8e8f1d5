"""Subscripts of ``einsum``: parsing both call forms into one string form, and
expanding the ellipsis of each operand into letters of its own.

The string form is numpy's with ``...`` written ``@`` (one character): input
subscripts joined by ``,`` and the output subscript apart, e.g. ``('@ij,@jk', '@ik')``.
"""

#: The 52 subscript letters; integer subscript ``n`` stands for ``LETTERS[n]`` as in
#: :func:`numpy.einsum`'s sublist form (so the implicit output order is the same).
LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
ELLIPSIS = '@'


def _sublist_to_str(sublist):
    chars = []
    for s in sublist:
        if s is Ellipsis:
            chars.append(ELLIPSIS)
        elif isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(LETTERS):
            chars.append(LETTERS[s])
        else:
            raise TypeError('a subscript list holds ints in [0, 52) and Ellipsis, '
                            'got {!r}'.format(s))
    return ''.join(chars)


def _from_string(subscripts):
    subscripts = subscripts.replace(' ', '')
    for c in subscripts:
        if c not in LETTERS and c not in '.,->':
            raise ValueError('{!r} is not a valid subscript character'.format(c))
    if '-' in subscripts or '>' in subscripts:
        if subscripts.count('->') != 1 or subscripts.count('-') != 1 or \
                subscripts.count('>') != 1:
            raise ValueError('subscripts hold at most one "->"')
    subscripts = subscripts.replace('...', ELLIPSIS)
    if '.' in subscripts:
        raise ValueError('an ellipsis is written "..."')
    if '->' in subscripts:
        ins, out = subscripts.split('->')
        return ins, out
    return subscripts, None


def _from_sublists(operands):
    n = len(operands) // 2
    arrays = list(operands[0:2 * n:2])
    ins = ','.join(_sublist_to_str(sub) for sub in operands[1:2 * n:2])
    # an odd count: the output sublist closes the call
    out = _sublist_to_str(operands[-1]) if len(operands) % 2 else None
    return ins, out, arrays


def _implicit_output(ins):
    """numpy's implicit output: the ellipsis first, then the letters that occur
    once, in the order of ``LETTERS``."""
    letters = ins.replace(',', '')
    once = sorted((c for c in set(letters) if c != ELLIPSIS and letters.count(c) == 1),
                  key=LETTERS.index)
    return (ELLIPSIS if ELLIPSIS in letters else '') + ''.join(once)


def parse(operands):
    """Splits the arguments of ``einsum`` into ``(in_subs, out_sub, arrays)``.

    Args:
        operands (tuple): ``(subscripts, x0, x1, ...)`` or
            ``(x0, sublist0, x1, sublist1, ..., [sublistout])``.

    Returns:
        tuple: ``in_subs`` (str, the operands' subscripts joined by ``,``),
        ``out_sub`` (str; the implicit output when none is given) and the operands.

    Raises:
        ValueError: bad characters, a count of subscripts other than the count of
            operands, or an output subscript that is repeated or absent from the
            inputs.
        TypeError: a sublist holds something other than ints and Ellipsis.
    """
    if not operands:
        raise ValueError('einsum needs subscripts and operands')
    if isinstance(operands[0], str):
        ins, out = _from_string(operands[0])
        arrays = list(operands[1:])
    else:
        ins, out, arrays = _from_sublists(operands)
    n_subs = len(ins.split(','))
    if n_subs != len(arrays):
        raise ValueError('{} subscripts for {} operands'.format(n_subs, len(arrays)))
    if out is None:
        out = _implicit_output(ins)
    for c in out:
        if c not in ins:
            raise ValueError('output subscript {!r} is not among the inputs'.format(
                '...' if c == ELLIPSIS else c))
        if out.count(c) > 1:
            raise ValueError('output subscript {!r} is repeated'.format(
                '...' if c == ELLIPSIS else c))
    return ins, out, arrays


def ellipsis_ndim(sub, ndim):
    """The number of axes the ellipsis of ``sub`` stands for in an operand of
    ``ndim`` axes (0 without an ellipsis)."""
    if ELLIPSIS not in sub:
        return 0
    return ndim - (len(sub) - 1)


def axes(sub, ndim):
    """``(label, axis)`` pairs of an operand; the ellipsis is one label whose axis is
    a slice."""
    if ELLIPSIS not in sub:
        return list(zip(sub, range(ndim)))
    left, right = sub.split(ELLIPSIS)
    pairs = [(c, i) for i, c in enumerate(left)]
    pairs.append((ELLIPSIS, slice(len(left), ndim - len(right))))
    pairs += [(c, ndim - len(right) + i) for i, c in enumerate(right)]
    return pairs


def expand(in_subs, out_sub, ell_ndim):
    """Subscripts with the ellipsis replaced by ``ell_ndim`` letters none of them
    uses, for :func:`numpy.einsum`.

    Args:
        in_subs (str): input subscripts joined by ``,``.
        out_sub (str): output subscript.
        ell_ndim (int): the axes the ellipsis stands for (one count for all).

    Returns:
        tuple: ``(list of input subscripts, output subscript)``, letters only.
    """
    free = [c for c in LETTERS if c not in in_subs and c not in out_sub]
    if ell_ndim > len(free):
        raise ValueError('too many axes for the 52 subscript letters')
    ell = ''.join(free[:ell_ndim])
    return ([s.replace(ELLIPSIS, ell) for s in in_subs.split(',')],
            out_sub.replace(ELLIPSIS, ell))
