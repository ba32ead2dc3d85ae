# Point-cloud energy model trained through short-run Langevin chains that are kept differentiable
# (create_graph=True), in the style of "learning the sampler with the energy": the loss on the final
# samples back-propagates through every Langevin step, hence through grad_x E.
import torch
import torch.nn as nn


class SetEnergy(nn.Module):
    """DeepSets energy: phi on every point, mean pooling over the set, rho on the pooled code."""

    def __init__(self, d=3, h=64):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(d, h), nn.SiLU(), nn.Linear(h, h))
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.rho = nn.Sequential(nn.SiLU(), nn.Linear(h, h), nn.Tanh(), nn.Linear(h, 1))

    def forward(self, pts):                    # pts: (B, N, d)
        feats = self.phi(pts).transpose(1, 2)  # (B, h, N)
        return self.rho(self.pool(feats).squeeze(-1)).squeeze(-1)


def langevin(energy, x, n_steps=5, step=0.05, noise=0.01):
    for _ in range(n_steps):
        e = energy(x).sum()
        dx = torch.autograd.grad(e, x, create_graph=True)[0]
        x = x - step * dx + noise * torch.randn_like(x)
    return x


def chamfer(a, b):
    d = ((a[:, :, None] - b[:, None]) ** 2).sum(-1)
    return d.min(2).values.mean() + d.min(1).values.mean()


E = SetEnergy()
opt = torch.optim.Adam(E.parameters(), lr=2e-4)
for it in range(2):
    data = torch.randn(8, 32, 3) * torch.tensor([1.0, 0.5, 0.1])
    x0 = torch.randn(8, 32, 3, requires_grad=True)
    samples = langevin(E, x0)
    cd = chamfer(samples, data)
    cd_loss = cd + 0.1 * (E(data).mean() - E(samples.detach()).mean())
    opt.zero_grad()
    cd_loss.backward()
    opt.step()
    print(it, cd_loss.item())
