"""Short-run Langevin EBM for vinegar-mother (bacterial cellulose) mat micrograph patches.

Fibre mats imaged by phase contrast are cut into 10x10 patches.  The energy network is trained by
contrastive divergence: positive patches from the data, negatives from a replay buffer refreshed by
K steps of Langevin dynamics.  The sampler runs inside @torch.no_grad and re-enables autograd only to
get dE/dx of *detached* samples (no create_graph); the negatives are detached before the loss, so
training is first order.  An E^2 term keeps the energies near zero.
"""
import random

import torch
import torch.nn as nn

CFG = dict(patch=10, width=16, buffer=256, reinit=0.05, k_steps=12, step=2.0, noise=0.01,
           alpha=0.1, batch=24, iters=5, lr=5e-4, seed=13)


class MatEnergy(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1),
            nn.GroupNorm(4, width),
            nn.GELU(approximate="tanh"),
            nn.AvgPool2d(2),
            nn.Conv2d(width, width, 3, padding=1),
            nn.GELU(approximate="tanh"),
        )
        self.head = nn.Linear(width * 5 * 5, 1)

    def forward(self, x):
        return self.head(self.features(x).flatten(1)).squeeze(1)


class ReplayBuffer:
    def __init__(self, size, patch, reinit):
        self.store = [torch.rand(1, patch, patch) * 2 - 1 for _ in range(size)]
        self.patch, self.reinit = patch, reinit

    def draw(self, n):
        idx = random.sample(range(len(self.store)), n)
        x = torch.stack([self.store[i] for i in idx])
        fresh = torch.rand(n) < self.reinit
        x[fresh] = torch.rand(int(fresh.sum()), 1, self.patch, self.patch) * 2 - 1
        return x, idx

    def put(self, x, idx):
        for j, i in enumerate(idx):
            self.store[i] = x[j].clone()


@torch.no_grad()
def langevin(energy, x, k_steps, step, noise):
    grad_norms = []
    for _ in range(k_steps):
        with torch.enable_grad():
            x_req = x.detach().requires_grad_(True)
            (g,) = torch.autograd.grad(energy(x_req).sum(), x_req)
        grad_norms.append(g.flatten(1).norm(dim=1).mean().item())
        x = (x - step * g + noise * torch.randn_like(x)).clamp(-1, 1)
    return x, sum(grad_norms) / len(grad_norms)


def fibre_patches(n, size, gen):
    """Random line segments (fibres) at a dominant orientation, blurred, in [-1, 1]."""
    ii, jj = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    img = torch.zeros(n, size, size)
    for _ in range(5):
        ang = 0.6 + 0.3 * torch.randn(n, 1, 1, generator=gen)
        off = torch.rand(n, 1, 1, generator=gen) * size
        dist = (ii * torch.cos(ang) - jj * torch.sin(ang) + off) % size - size / 2
        img = img + torch.exp(-dist ** 2)
    return (img / img.amax(dim=(1, 2), keepdim=True) * 2 - 1).unsqueeze(1)


def main(cfg=CFG):
    random.seed(cfg["seed"])
    gen = torch.Generator().manual_seed(cfg["seed"])
    data = fibre_patches(200, cfg["patch"], gen)
    energy = MatEnergy(cfg["width"])
    opt = torch.optim.Adam(energy.parameters(), lr=cfg["lr"], betas=(0.0, 0.999))
    buffer = ReplayBuffer(cfg["buffer"], cfg["patch"], cfg["reinit"])
    for it in range(cfg["iters"]):
        pos = data[torch.randint(0, len(data), (cfg["batch"],), generator=gen)]
        x0, idx = buffer.draw(cfg["batch"])
        neg, gnorm = langevin(energy, x0, cfg["k_steps"], cfg["step"], cfg["noise"])
        buffer.put(neg, idx)
        e_pos, e_neg = energy(pos), energy(neg.detach())
        loss = e_pos.mean() - e_neg.mean() + cfg["alpha"] * (e_pos.pow(2).mean() + e_neg.pow(2).mean())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}  E+ {e_pos.mean().item():+.3f}  E- {e_neg.mean().item():+.3f}  |dE/dx| {gnorm:.4f}")


if __name__ == "__main__":
    main()
