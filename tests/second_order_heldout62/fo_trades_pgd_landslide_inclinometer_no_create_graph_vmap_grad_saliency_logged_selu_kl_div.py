"""TRADES adversarial training for landslide inclinometer depth profiles (slip-surface classification).

Geotechnical-monitoring lab: each sample is the cumulative horizontal displacement along a borehole (A and B axes)
sampled every 0.5 m; classes = {stable, shallow creep, deep-seated slip, instrument drift}. Robustness matters
because probe-rotation errors look like small structured perturbations. The PGD inner maximisation uses first-order
input gradients on a detached copy; per-sample saliency norms are only logged.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

HP = {"eps": 0.08, "alpha": 0.02, "pgd_steps": 4, "beta": 3.0, "lr": 2e-3, "batch": 24, "depth_bins": 80}


class BoreholeNet(nn.Module):
    def __init__(self, n_classes=4, width=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.ReflectionPad1d(3),
            nn.Conv1d(2, width, 7),
            nn.SELU(),
            nn.ReflectionPad1d(2),
            nn.Conv1d(width, width, 5, stride=2),
            nn.SELU(),
        )
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        return self.head(self.features(x).mean(-1))


def trades_kl(logits_adv, logits_clean):
    return F.kl_div(F.log_softmax(logits_adv, dim=-1), F.softmax(logits_clean, dim=-1), reduction="batchmean")


def pgd_trades(model, x, hp):
    model.eval()
    with torch.no_grad():
        clean = model(x)
    x_adv = x + 0.001 * torch.randn_like(x)
    for _ in range(hp["pgd_steps"]):
        x_adv = x_adv.detach().requires_grad_(True)
        loss = trades_kl(model(x_adv), clean)
        g = torch.autograd.grad(loss, x_adv)[0]
        x_adv = x_adv + hp["alpha"] * g.sign()
        x_adv = torch.min(torch.max(x_adv, x - hp["eps"]), x + hp["eps"])
    model.train()
    return x_adv.detach()


def saliency_norms(model, x, y):
    params = {k: v.detach() for k, v in model.named_parameters()}

    def single_loss(xi, yi):
        return F.cross_entropy(functional_call(model, params, (xi.unsqueeze(0),)), yi.unsqueeze(0))
    sal = vmap(grad(single_loss))(x, y)
    return sal.flatten(1).norm(dim=1)


def synth_profiles(n, depth_bins, gen):
    y = torch.randint(0, 4, (n,), generator=gen)
    z = torch.linspace(0, 40, depth_bins)
    base = 0.02 * torch.randn(n, 2, depth_bins, generator=gen).cumsum(-1) / depth_bins ** 0.5
    slip_depth = torch.where(y == 1, 5.0, 22.0).view(-1, 1, 1)
    moving = ((y == 1) | (y == 2)).float().view(-1, 1, 1)
    shear = moving * torch.sigmoid((slip_depth - z) * 2.0) * torch.tensor([1.0, 0.3]).view(1, 2, 1)
    drift = (y == 3).float().view(-1, 1, 1) * (z / 40.0) * 0.8
    return base + shear + drift, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(13)
    gen = torch.Generator().manual_seed(13)
    model = BoreholeNet()
    opt = torch.optim.Adam(model.parameters(), lr=HP["lr"])
    for ep in range(args.epochs):
        x, y = synth_profiles(HP["batch"], HP["depth_bins"], gen)
        x_adv = pgd_trades(model, x, HP)
        logits = model(x)
        loss = F.cross_entropy(logits, y) + HP["beta"] * trades_kl(model(x_adv), logits)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sal = saliency_norms(model, x[:8], y[:8])
        print(f"epoch {ep} trades loss {loss.item():.3f} saliency norm {sal.mean().item():.4f}")


if __name__ == "__main__":
    main()
