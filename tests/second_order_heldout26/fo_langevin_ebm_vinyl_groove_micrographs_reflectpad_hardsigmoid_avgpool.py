"""Short-run MCMC EBM (Nijkamp et al. 2019) for vinyl-record groove micrographs.

Negative samples come from Langevin dynamics on the input; the energy gradient is first order and the
chain is detached before the contrastive-divergence loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GrooveEnergy(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(1, ch, 3)
        self.gate = nn.Linear(ch, ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.fc = nn.Linear(ch, 1)

    def forward(self, x):
        h = F.silu(self.conv1(self.pad(x)))
        h = h * F.hardsigmoid(self.gate(h.mean(dim=(2, 3))))[:, :, None, None]
        h = F.avg_pool2d(F.silu(self.conv2(h)), 2)
        return self.fc(h.mean(dim=(2, 3))).squeeze(-1)


def langevin(energy, x, steps=5, step_size=1.0, noise=0.01):
    x = x.clone().detach()
    for _ in range(steps):
        x.requires_grad_(True)
        grad = torch.autograd.grad(energy(x).sum(), x)[0]
        x = (x - 0.5 * step_size * grad + noise * torch.randn_like(x)).clamp(-1, 1).detach()
    return x


E = GrooveEnergy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.0, 0.999))
for it in range(3):
    pos = torch.sin(torch.linspace(0, 12, 16))[None, None, :, None].expand(8, 1, 16, 16) + 0.05 * torch.randn(8, 1, 16, 16)
    neg = langevin(E, torch.rand(8, 1, 16, 16) * 2 - 1)
    e_pos, e_neg = E(pos), E(neg)
    loss = e_pos.mean() - e_neg.mean() + 0.1 * (e_pos ** 2 + e_neg ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
