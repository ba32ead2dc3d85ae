"""Vibration-based wind-turbine bearing wear regression with input-attribution logging.

A small `attribution` helper forwards its keyword arguments to torch.autograd.grad; the training config passes
create_graph=False, so the logged saliency is a constant and only the regression loss is trained.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

GRAD_KW = {"create_graph": False, "retain_graph": True}
CHANNELS = 3
WINDOW = 32


class WearRegressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(CHANNELS, 16, 5, padding=2)
        self.norm = nn.GroupNorm(4, 16)
        self.act = nn.ELU()
        self.out = nn.Linear(16, 1)

    def forward(self, sig):
        h = self.act(self.norm(self.conv(sig)))
        return self.out(h.mean(-1)).squeeze(-1)


def attribution(output, inputs, **kwargs):
    (g,) = torch.autograd.grad(output.sum(), inputs, **kwargs)
    return g


def vibration_batch(n=24):
    wear = torch.rand(n)
    t = torch.linspace(0, 1, WINDOW)
    sig = torch.sin(2 * 3.1416 * (10 + 20 * wear[:, None, None]) * t) + 0.1 * torch.randn(n, CHANNELS, WINDOW)
    return sig, wear


def main():
    torch.manual_seed(15)
    model = WearRegressor()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(8):
        sig, wear = vibration_batch()
        sig.requires_grad_(True)
        pred = model(sig)
        loss = F.smooth_l1_loss(pred, wear, beta=0.1)
        sal = attribution(pred, sig, **GRAD_KW)
        channel_share = sal.abs().sum(-1).sum(0) / sal.abs().sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f} saliency share {[round(v, 2) for v in channel_share.tolist()]}")


if __name__ == "__main__":
    main()
