import torch
import torch.nn as nn
from torch.autograd.function import once_differentiable
from torch.utils.checkpoint import checkpoint


class FeltCompression(torch.autograd.Function):
    """Log-compression of tap envelopes with a floor; the hand-written backward is once_differentiable."""

    @staticmethod
    def forward(ctx, env, floor):
        ctx.save_for_backward(env)
        ctx.floor = floor
        return torch.log(env.clamp(min=floor))

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        (env,) = ctx.saved_tensors
        return grad_out * (env > ctx.floor).to(env.dtype) / env.clamp(min=ctx.floor), None


def conv_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv1d(c_in, c_out, 5, padding=2),
        nn.GELU(approximate="tanh"),
        nn.AvgPool1d(2),
    )


class HammerNet(nn.Module):
    def __init__(self, signal_len, width, use_checkpoint):
        super().__init__()
        self.blocks = nn.ModuleList([conv_block(1, width), conv_block(width, width)])
        self.shared = nn.Linear(width * (signal_len // 4), 32)
        self.hardness = nn.Linear(32, 1)
        self.voicing = nn.Linear(32, 3)
        self.use_checkpoint = use_checkpoint

    def forward(self, tap):
        h = FeltCompression.apply(tap.abs() + 1e-3, 1e-2)
        for blk in self.blocks:
            h = checkpoint(blk, h, use_reentrant=False) if self.use_checkpoint else blk(h)
        z = torch.tanh(self.shared(h.flatten(1)))
        return self.hardness(z).squeeze(1), self.voicing(z)
