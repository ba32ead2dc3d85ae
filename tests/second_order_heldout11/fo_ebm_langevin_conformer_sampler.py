# Energy-based model over torsion-angle features of small molecules, trained by contrastive divergence
# with short-run Langevin chains (no create_graph: the sampler is detached at every step).
import torch
import torch.nn as nn
import torch.nn.functional as F


class TorsionEnergy(nn.Module):
    def __init__(self, n_torsions=8, hidden=64):
        super().__init__()
        self.fc1 = nn.Linear(2 * n_torsions, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def forward(self, angles):
        feats = torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
        h = F.hardswish(self.fc1(feats))
        h = F.hardswish(self.fc2(h))
        return self.fc3(h).squeeze(-1)


def langevin(energy, x, n_steps=10, step_size=0.01, noise=0.005):
    x = x.clone().detach()
    for _ in range(n_steps):
        x.requires_grad_(True)
        e = energy(x).sum()
        (g,) = torch.autograd.grad(e, x)
        x = (x - step_size * g + noise * torch.randn_like(x)).detach()
        x = torch.remainder(x + torch.pi, 2 * torch.pi) - torch.pi
    return x


def train(iters=3, bs=32, n_t=8):
    E = TorsionEnergy(n_t)
    opt = torch.optim.Adam(E.parameters(), lr=1e-4, betas=(0.0, 0.999))
    buffer = (torch.rand(256, n_t) * 2 - 1) * torch.pi
    for it in range(iters):
        data = torch.randn(bs, n_t) * 0.3
        idx = torch.randint(0, buffer.size(0), (bs,))
        neg = langevin(E, buffer[idx])
        buffer[idx] = neg
        e_pos, e_neg = E(data), E(neg)
        loss = e_pos.mean() - e_neg.mean() + 0.1 * (e_pos ** 2 + e_neg ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    train()
