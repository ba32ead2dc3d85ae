"""Energy-based model of log-mel texture patches (rain, wind, crowd noise) trained with short-run SGLD
and a replay buffer. The Langevin gradient is w.r.t. the samples only and is never differentiated again."""
import torch
import torch.nn as nn


class EnergyNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1), nn.PReLU(ch),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, ch, 3, padding=1), nn.PReLU(ch),
            nn.Flatten(), nn.Linear(ch * 8 * 8, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


def sgld(E, x, n_steps=5, step_size=1.0, noise=0.01):
    x = x.clone().detach().requires_grad_(True)
    for _ in range(n_steps):
        energy = E(x).sum()
        g = torch.autograd.grad(energy, [x])[0]
        x.data.add_(-step_size * g + noise * torch.randn_like(x))
    return x.detach()


E = EnergyNet()
opt = torch.optim.Adam(E.parameters(), lr=1e-4)
buffer = torch.rand(64, 1, 16, 16) * 2 - 1
for it in range(3):
    idx = torch.randint(0, buffer.size(0), (8,))
    x_neg = sgld(E, buffer[idx])
    buffer[idx] = x_neg
    x_pos = torch.randn(8, 1, 16, 16)
    loss = E(x_pos).mean() - E(x_neg).mean() + 0.1 * (E(x_pos) ** 2 + E(x_neg) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
