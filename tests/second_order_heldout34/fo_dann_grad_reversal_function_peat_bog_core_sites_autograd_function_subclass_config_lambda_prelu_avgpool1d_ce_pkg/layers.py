import torch
import torch.nn as nn


class GradReverse(torch.autograd.Function):
    """Identity forward; the backward flips and scales the gradient (written with differentiable ops)."""

    @staticmethod
    def forward(ctx, x, lambd):
        ctx.lambd = lambd
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.neg() * ctx.lambd, None


def grad_reverse(x, lambd):
    return GradReverse.apply(x, lambd)


class CoreEncoder(nn.Module):
    def __init__(self, length):
        super().__init__()
        self.conv = nn.Conv1d(1, 6, 3, padding=1)
        self.act = nn.PReLU(6)
        self.pool = nn.AvgPool1d(2)

    def forward(self, x):
        return self.pool(self.act(self.conv(x.unsqueeze(1)))).flatten(1)
