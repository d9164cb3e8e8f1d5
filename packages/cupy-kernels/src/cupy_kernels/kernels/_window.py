"""CUDA code generation shared by the n-d window kernels (im2col/col2im, pooling).

Per spatial axis ``a`` the kernels take int32 scalars ``dim_a`` (input size), ``out_a``
(output size), ``k_a`` (window), ``s_a`` (stride), ``p_a`` (padding) and, for
convolutions, ``dil_a`` (dilation). Locals: ``oi_a`` output index, ``ki_a`` window offset,
``xi_a`` input index. The loops are unrolled per axis in the generated text, so one
generator serves 1-d, 2-d and n-d kernels.
"""


def params(nd, groups):
    """``'int32 dim_0, int32 dim_1, ...'`` for each group name in ``groups``."""
    return ', '.join('int32 {}_{}'.format(g, a) for g in groups for a in range(nd))


def unravel(local, size, nd, shift=''):
    """Code peeling ``local_a`` off the running flat index ``_r`` (declared by the caller,
    last axis fastest) over sizes ``size_a``, plus ``shift_a`` when given; ``_r`` is left
    holding the index of the leading axes."""
    lines = []
    for a in reversed(range(nd)):
        add = ' + {}_{}'.format(shift, a) if shift else ''
        lines.append('const int {0}_{1} = (int)(_r % {2}_{1}){3}; _r /= {2}_{1};'.format(
            local, a, size, add))
    return ' '.join(lines)


def flat(base, locals_, sizes, nd):
    """C expression of the row-major offset ``((base * sizes_0 + locals_0) * sizes_1 ...)``."""
    expr = base
    for a in range(nd):
        expr = '({} * {}_{} + {}_{})'.format(expr, sizes, a, locals_, a)
    return expr


def gather_loops(nd, body, dilation='1'):
    """Loops over the window offsets ``ki_a`` of output ``oi_a``, setting ``xi_a`` and
    skipping positions outside the input; ``body`` runs for every inside position.

    ``dilation`` is ``'1'`` or ``'dil'`` (then ``dil_a`` is read per axis).
    """
    code = body
    for a in reversed(range(nd)):
        dil = '1' if dilation == '1' else 'dil_{}'.format(a)
        code = ('for (int ki_{a} = 0; ki_{a} < k_{a}; ++ki_{a}) {{ '
                'const int xi_{a} = oi_{a} * s_{a} - p_{a} + ki_{a} * {d}; '
                'if (xi_{a} < 0 || xi_{a} >= dim_{a}) continue; {c} }}').format(
                    a=a, d=dil, c=code)
    return code


def scatter_loops(nd, body, dilation='1'):
    """Loops over the windows that read padded input position ``xi_a``: for each offset
    ``ki_a`` the output ``oi_a`` whose window puts ``ki_a`` on ``xi_a``; ``body`` runs for
    every such (``oi``, ``ki``)."""
    code = body
    for a in reversed(range(nd)):
        dil = '1' if dilation == '1' else 'dil_{}'.format(a)
        code = ('for (int ki_{a} = 0; ki_{a} < k_{a}; ++ki_{a}) {{ '
                'const int t_{a} = xi_{a} - ki_{a} * {d}; '
                'if (t_{a} < 0 || t_{a} % s_{a} != 0) continue; '
                'const int oi_{a} = t_{a} / s_{a}; if (oi_{a} >= out_{a}) continue; '
                '{c} }}').format(a=a, d=dil, c=code)
    return code


def window_index(nd):
    """C expression of the flat window offset ``ki`` (row-major over ``k_a``)."""
    return flat('0', 'ki', 'k', nd)
