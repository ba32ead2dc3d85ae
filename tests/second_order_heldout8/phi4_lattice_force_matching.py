# Learned effective action for 2D lattice phi^4 theory on a periodic L x L lattice.
# The network S_theta(phi) is trained by force matching: the HMC force -dS/dphi must equal the force of
# the exact action on configurations drawn from a short Markov chain.
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def exact_action(phi, kappa=0.3, lam=0.02):
    hop = phi * (torch.roll(phi, 1, -1) + torch.roll(phi, 1, -2))
    return (-2 * kappa * hop + (1 - 2 * lam) * phi ** 2 + lam * phi ** 4).sum(dim=(-1, -2))


class PeriodicConv(nn.Module):
    """3x3 convolution with wrap-around boundaries (the lattice is a torus)."""

    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=0)

    def forward(self, x):
        return self.conv(F.pad(x, (1, 1, 1, 1), mode="circular"))


class ActionNet(nn.Module):
    def __init__(self, hidden=16, depth=3):
        super().__init__()
        layers, c = [], 1
        for _ in range(depth):
            layers += [PeriodicConv(c, hidden), nn.SiLU()]
            c = hidden
        self.body = nn.Sequential(*layers)
        self.local = nn.Conv2d(hidden, 1, 1)

    def forward(self, phi):
        density = self.local(self.body(phi.unsqueeze(1)))
        return density.sum(dim=(1, 2, 3)) + (phi ** 2).sum(dim=(-1, -2))


def forces(action, phi, create_graph):
    phi = phi.requires_grad_(True)
    s = action(phi)
    return -torch.autograd.grad(s.sum(), phi, create_graph=create_graph)[0]


def main(args):
    torch.manual_seed(args.seed)
    net = ActionNet()
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr)
    phi = torch.randn(args.batch, args.L, args.L)
    for step in range(args.steps):
        drift = forces(exact_action, phi.clone(), False)   # cheap Langevin refresh of the configurations
        phi = (phi + 0.01 * drift + 0.14 * torch.randn_like(phi)).detach()
        target = forces(exact_action, phi.detach().clone(), False)
        pred = forces(net, phi.detach().clone(), True)
        loss = (pred - target).pow(2).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % 50 == 0:
            print(step, loss.item())


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--L", type=int, default=8)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--steps", type=int, default=500)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=0)
    main(p.parse_args())
