# Short-run MCMC EBM (Nijkamp et al. 2019) on handwritten kana glyphs: Langevin steps use first-order input gradients.
import torch
import torch.nn as nn

torch.manual_seed(1)


class EnergyNet(nn.Module):
    def __init__(self, nf=8):
        super().__init__()
        self.f = nn.Sequential(
            nn.Conv2d(1, nf, 3, 2, 1), nn.Hardswish(),
            nn.Conv2d(nf, nf * 2, 3, 2, 1), nn.Hardswish(),
            nn.Flatten(), nn.Linear(nf * 2 * 4 * 4, 1))

    def forward(self, x):
        return self.f(x).squeeze()


def sample_langevin(f, x, n_steps=10, step_size=1.0, noise=0.01):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        energy = f(x).sum()
        grad_x = torch.autograd.grad(energy, [x], retain_graph=False)[0]
        x = (x.detach() - step_size * grad_x + noise * torch.randn_like(x)).clamp(-1, 1)
    return x.detach()


f = EnergyNet()
optim = torch.optim.Adam(f.parameters(), lr=1e-4, betas=(0.9, 0.999))
for i in range(2):
    x_data = torch.rand(4, 1, 16, 16) * 2 - 1
    x_q = sample_langevin(f, torch.rand(4, 1, 16, 16) * 2 - 1)
    loss = f(x_data).mean() - f(x_q).mean()
    optim.zero_grad()
    loss.backward()
    optim.step()
