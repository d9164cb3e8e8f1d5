"""Elementwise forward/backward kernels of the activation functions.

Each ``*_fwd`` maps the input ``x`` to ``y``; each ``*_bwd`` returns ``gx`` from the output
``y`` (where the derivative is a function of it) or the input ``x``, and ``gy``. Scalar
hyper-parameters are passed as Python scalars. Math runs in float for float16 data.
"""
from cupy_kernels.kernels.spec import unary

KERNELS = [
    unary('relu_fwd', 'x', 'x_ > 0 ? x_ : (A)0', 'y = max(x, 0).'),
    unary('relu_bwd', 'y, gy', 'y_ > 0 ? gy_ : (A)0', 'gx = gy * (y > 0).', out='gx'),
    unary('sigmoid_fwd', 'x', '_sigmoid(x_)', 'y = 1 / (1 + exp(-x)).'),
    unary('sigmoid_bwd', 'y, gy', 'gy_ * y_ * (1 - y_)', 'gx = gy y (1 - y).', out='gx'),
    unary('tanh_fwd', 'x', 'tanh(x_)', 'y = tanh(x).'),
    unary('tanh_bwd', 'y, gy', 'gy_ * (1 - y_ * y_)', 'gx = gy (1 - y^2).', out='gx'),
    unary('elu_fwd', 'x; alpha', 'x_ >= 0 ? x_ : alpha_ * expm1(x_)',
          'y = x if x >= 0 else alpha (exp(x) - 1).'),
    unary('elu_bwd', 'x, gy; alpha', 'x_ >= 0 ? gy_ : gy_ * alpha_ * exp(x_)',
          'gx = gy if x >= 0 else gy alpha exp(x).', out='gx'),
    unary('leaky_relu_fwd', 'x; slope', 'x_ >= 0 ? x_ : x_ * slope_',
          'y = x if x >= 0 else slope x.'),
    unary('leaky_relu_bwd', 'x, gy; slope', 'x_ >= 0 ? gy_ : gy_ * slope_',
          'gx = gy if x >= 0 else slope gy.', out='gx'),
    unary('clipped_relu_fwd', 'x; z', 'min(max(x_, (A)0), z_)', 'y = min(max(x, 0), z).'),
    unary('clipped_relu_bwd', 'x, gy; z', '(x_ > 0 && x_ < z_) ? gy_ : (A)0',
          'gx = gy if 0 < x < z else 0.', out='gx'),
    unary('softplus_fwd', 'x; beta',
          '(max(beta_ * x_, (A)0) + log1p(exp(-fabs(beta_ * x_)))) / beta_',
          'y = log(1 + exp(beta x)) / beta, computed without overflow.'),
    unary('softplus_bwd', 'x, gy; beta', 'gy_ * _sigmoid(beta_ * x_)',
          'gx = gy sigmoid(beta x).', out='gx'),
    unary('hard_sigmoid_fwd', 'x', 'min(max(x_ * (A)0.2 + (A)0.5, (A)0), (A)1)',
          'y = clip(0.2 x + 0.5, 0, 1).'),
    unary('hard_sigmoid_bwd', 'x, gy', '(x_ > (A)-2.5 && x_ < (A)2.5) ? gy_ * (A)0.2 : (A)0',
          'gx = 0.2 gy where -2.5 < x < 2.5, else 0.', out='gx'),
]
