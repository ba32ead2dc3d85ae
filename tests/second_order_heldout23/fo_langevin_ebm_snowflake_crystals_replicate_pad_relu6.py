"""Short-run MCMC EBM (Nijkamp et al.) on 16x16 snowflake crystal images. SGLD samples use
first-order input gradients only; the energy is trained by contrastive divergence."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Energy(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 16, 3)
        self.c2 = nn.Conv2d(16, 32, 3, stride=2)
        self.act = nn.ReLU6()
        self.fc = nn.Linear(32 * 7 * 7, 1)

    def forward(self, x):
        x = self.act(self.c1(F.pad(x, (1, 1, 1, 1), mode="replicate")))
        x = self.act(self.c2(x))
        return self.fc(x.flatten(1)).squeeze(-1)


def sample_langevin(E, x, n_steps=10, step=1.0, noise=0.01):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        g = torch.autograd.grad(E(x).sum(), x)[0]
        x = (x - step * g + noise * torch.randn_like(x)).detach()
    return x


E = Energy()
opt = torch.optim.Adam(E.parameters(), lr=1e-4)
for it in range(2):
    x_pos = torch.rand(8, 1, 16, 16)
    x_neg = sample_langevin(E, torch.rand(8, 1, 16, 16) * 2 - 1)
    loss = E(x_pos).mean() - E(x_neg).mean() + 0.1 * (E(x_pos) ** 2 + E(x_neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
