"""Custom autograd op: soft clipping of standardised AIS features (speed spikes from GPS jumps)."""
import torch


class SoftClip(torch.autograd.Function):
    """y = c * tanh(x / c) with a hand-written backward that reuses the saved output.

    The backward is built from differentiable tensor ops, so double backward works.
    """

    @staticmethod
    def forward(ctx, x, c):
        y = c * torch.tanh(x / c)
        ctx.save_for_backward(y)
        ctx.c = c
        return y

    @staticmethod
    def backward(ctx, grad_out):
        (y,) = ctx.saved_tensors
        return grad_out * (1.0 - (y / ctx.c) ** 2), None


def soft_clip(x, c=3.0):
    return SoftClip.apply(x, c)
