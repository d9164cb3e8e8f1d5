"""Elementwise kernels of math functions whose gradients numpy composes from several ops."""
from cupy_kernels.kernels.spec import unary

KERNELS = [
    unary('clip_fwd', 'x; x_min, x_max', 'min(max(x_, x_min_), x_max_)',
          'y = min(max(x, x_min), x_max).'),
    unary('clip_bwd', 'x, gy; x_min, x_max', '(x_ >= x_min_ && x_ <= x_max_) ? gy_ : (A)0',
          'gx = gy where x_min <= x <= x_max, else 0.', out='gx'),
    unary('abs_bwd', 'x, gy', 'x_ > 0 ? gy_ : (x_ < 0 ? -gy_ : (A)0)',
          'gx = gy sign(x).', out='gx'),
    unary('sqrt_bwd', 'y, gy', 'gy_ / (2 * y_)', 'gx = gy / (2 sqrt(x)) = gy / (2 y).',
          out='gx'),
]
