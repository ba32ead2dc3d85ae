import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def conv1d_same(x, weight, bias):
    """'Same' 1-D convolution from Tensor.unfold windows; edges are replicated (sensor logs, no zeros)."""
    k = weight.shape[-1]
    xp = F.pad(x, (k // 2, k // 2), mode="replicate")
    windows = xp.unfold(-1, k, 1)                               # b, c_in, t, k
    return torch.einsum("bctk,ock->bot", windows, weight) + bias.view(1, -1, 1)


class UnfoldCritic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        chans = [cfg.channels, cfg.width, 2 * cfg.width]
        self.weights = nn.ParameterList(
            [nn.Parameter(torch.randn(o, i, cfg.kernel) / math.sqrt(i * cfg.kernel)) for i, o in zip(chans[:-1], chans[1:])])
        self.biases = nn.ParameterList([nn.Parameter(torch.zeros(o)) for o in chans[1:]])
        self.w_out = nn.Parameter(torch.randn(chans[-1]) / math.sqrt(chans[-1]))

    def forward(self, x):
        h = x
        for w, b in zip(self.weights, self.biases):
            h = F.leaky_relu(conv1d_same(h, w, b), 0.2)
            h = F.avg_pool1d(h, kernel_size=2)
        return h.mean(-1) @ self.w_out


class UpsampleGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.base = cfg.length // 4
        self.width = cfg.width
        self.w_z = nn.Parameter(torch.randn(cfg.zdim, cfg.width * self.base) / math.sqrt(cfg.zdim))
        self.w1 = nn.Parameter(torch.randn(cfg.width, cfg.width, cfg.kernel) / math.sqrt(cfg.width * cfg.kernel))
        self.b1 = nn.Parameter(torch.zeros(cfg.width))
        self.w2 = nn.Parameter(torch.randn(cfg.channels, cfg.width, cfg.kernel) / math.sqrt(cfg.width * cfg.kernel))
        self.b2 = nn.Parameter(torch.zeros(cfg.channels))

    def forward(self, z):
        h = (z @ self.w_z).view(z.shape[0], self.width, self.base)
        h = F.interpolate(h, scale_factor=2, mode="linear", align_corners=False)
        h = conv1d_same(h, self.w1, self.b1).relu()
        h = F.interpolate(h, scale_factor=2, mode="linear", align_corners=False)
        return conv1d_same(h, self.w2, self.b2)
