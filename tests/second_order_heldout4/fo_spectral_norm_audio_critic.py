"""1-D waveform GAN whose critic is made 1-Lipschitz by spectral normalisation only (no gradient penalty).
The input-gradient norm is measured every few hundred steps as a diagnostic, with create_graph=False."""
import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import spectral_norm


class WaveCritic(nn.Module):
    def __init__(self, ch=32, depth=4):
        super().__init__()
        layers, cin = [], 1
        for i in range(depth):
            layers += [spectral_norm(nn.Conv1d(cin, ch * 2 ** i, 9, stride=2, padding=4)), nn.ELU(), nn.AvgPool1d(2)]
            cin = ch * 2 ** i
        self.body = nn.Sequential(*layers)
        self.out = spectral_norm(nn.Linear(cin, 1))

    def forward(self, wav):
        return self.out(self.body(wav).mean(-1))


def lipschitz_probe(critic, real):
    x = real.detach().requires_grad_(True)
    g, = torch.autograd.grad(critic(x).sum(), x, create_graph=False)
    return g.flatten(1).norm(dim=1).max().item()


def train(G, loader, nz=100, iters=10000, probe_every=500):
    D = WaveCritic()
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it, real in zip(range(iters), loader):
        z = torch.randn(real.size(0), nz)
        fake = G(z)
        loss_d = torch.relu(1.0 - D(real)).mean() + torch.relu(1.0 + D(fake.detach())).mean()
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = -D(fake).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        if it % probe_every == 0:
            print(it, loss_d.item(), lipschitz_probe(D, real))
