"""Wastewater treatment-plant inflow forecaster trained with gradient checkpointing.

The residual blocks are run through torch.utils.checkpoint so that their activations are recomputed
during the (ordinary, first-order) backward pass.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class ResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv1 = nn.Conv1d(ch, ch, 3, padding=1)
        self.norm = nn.GroupNorm(2, ch)
        self.act = nn.Hardswish()
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)

    def forward(self, x):
        return x + self.conv2(self.act(self.norm(self.conv1(x))))


class InflowForecaster(nn.Module):
    def __init__(self, n_feat=3, ch=8, n_blocks=3, horizon=6, use_checkpoint=True):
        super().__init__()
        self.inp = nn.Conv1d(n_feat, ch, 1)
        self.blocks = nn.ModuleList(ResBlock(ch) for _ in range(n_blocks))
        self.out = nn.Linear(ch, horizon)
        self.use_checkpoint = use_checkpoint

    def forward(self, x):
        h = self.inp(x)
        for block in self.blocks:
            if self.use_checkpoint and self.training:
                h = checkpoint(block, h, use_reentrant=False)
            else:
                h = block(h)
        return self.out(h.mean(-1))


def inflow_windows(n=16, length=24, horizon=6):
    t = torch.arange(length + horizon).float()
    rain = (torch.rand(n, 1) > 0.5).float() * torch.exp(-((t - 12) ** 2) / 8)
    flow = 1 + 0.3 * torch.sin(2 * torch.pi * t / 24) + rain + 0.05 * torch.randn(n, length + horizon)
    x = torch.stack([flow[:, :length], rain[:, :length], torch.sin(2 * torch.pi * t[:length] / 24).expand(n, -1)], 1)
    return x, flow[:, length:]


def main(epochs=4):
    torch.manual_seed(17)
    model = InflowForecaster()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    model.train()
    for epoch in range(epochs):
        x, y = inflow_windows()
        loss = F.smooth_l1_loss(model(x), y, beta=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} smooth-l1 {loss.item():.4f}")


if __name__ == "__main__":
    main()
