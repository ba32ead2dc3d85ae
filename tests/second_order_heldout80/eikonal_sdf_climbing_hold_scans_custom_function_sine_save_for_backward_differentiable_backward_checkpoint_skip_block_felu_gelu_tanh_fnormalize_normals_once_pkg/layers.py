import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class ScaledSine(torch.autograd.Function):
    """sin(omega * x) with an explicit backward; the backward is made of torch ops so it is itself differentiable."""

    @staticmethod
    def forward(ctx, x, omega):
        ctx.save_for_backward(x)
        ctx.omega = omega
        return torch.sin(omega * x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * ctx.omega * torch.cos(ctx.omega * x), None


class SineLayer(nn.Module):
    def __init__(self, d_in, d_out, omega):
        super().__init__()
        self.linear = nn.Linear(d_in, d_out)
        self.omega = omega
        with torch.no_grad():
            bound = (6.0 / d_in) ** 0.5 / omega
            self.linear.weight.uniform_(-bound, bound)

    def forward(self, x):
        return ScaledSine.apply(self.linear(x), self.omega)


class SkipBlock(nn.Module):
    def __init__(self, width, use_checkpoint):
        super().__init__()
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)
        self.mix = nn.GELU(approximate="tanh")
        self.use_checkpoint = use_checkpoint

    def _body(self, h):
        return h + self.fc2(self.mix(F.elu(self.fc1(h))))

    def forward(self, h):
        if self.use_checkpoint:
            return checkpoint(self._body, h, use_reentrant=False)
        return self._body(h)


class HoldSDF(nn.Module):
    def __init__(self, width, omega, use_checkpoint):
        super().__init__()
        self.first = SineLayer(3, width, omega)
        self.hidden = SineLayer(width, width, 1.0)
        self.skip = SkipBlock(width, use_checkpoint)
        self.out = nn.Linear(width, 1)

    def forward(self, xyz):
        return self.out(self.skip(self.hidden(self.first(xyz)))).squeeze(-1)
