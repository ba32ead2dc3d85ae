"""Calving vs. ambient tremor windows (3 seismometer components x 32 samples). The backbone is trained by a
double-backprop input-gradient penalty (robustness to sensor noise); the projection head on detached features."""
import torch
import torch.nn.functional as F

import models

HP = {"channels": 6, "classes": 3, "steps": 3, "lam": 0.05}


def tremor_windows(n):
    t = torch.linspace(0, 1, 32)
    y = torch.randint(0, HP["classes"], (n,))
    freq = 2.0 + 3.0 * y.float().unsqueeze(1)
    base = torch.sin(2 * torch.pi * freq * t) * torch.exp(-3 * t)
    x = torch.stack([base, 0.5 * base, 0.2 * base], 1) + 0.1 * torch.randn(n, 3, 32)
    return x, y


def run(hp=HP):
    torch.manual_seed(0)
    backbone, projector = models.create_models(hp)
    opt = torch.optim.Adam(list(backbone.parameters()) + list(projector.parameters()), lr=1e-3)
    for step in range(hp["steps"]):
        x, y = tremor_windows(16)
        x.requires_grad_(True)
        feats = backbone(x)
        (gx,) = torch.autograd.grad(feats.pow(2).sum(), x, create_graph=True)
        logits = projector(feats.detach())
        loss = F.cross_entropy(logits, y) + hp["lam"] * gx.pow(2).mean() + 1e-3 * feats.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    run()
