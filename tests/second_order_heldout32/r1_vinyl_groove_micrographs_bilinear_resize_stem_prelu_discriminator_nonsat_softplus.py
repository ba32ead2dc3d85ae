"""StyleGAN-style R1 regularisation for a small GAN on vinyl record groove micrographs."""
import argparse
import torch
from torch import nn
import torch.nn.functional as F


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--r1-gamma", type=float, default=5.0)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--res", type=int, default=12)
    return p.parse_args([])


class Disc(nn.Module):
    """Resizes every input to a fixed 8x8 grid first, so several scan resolutions can be mixed."""

    def __init__(self, width=12):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1),
            nn.PReLU(width),
            nn.Conv2d(width, width, 3, stride=2, padding=1),
            nn.Softplus(),
        )
        self.head = nn.Linear(width * 16, 1)

    def forward(self, img):
        img = F.interpolate(img, size=(8, 8), mode="bilinear", align_corners=True)
        return self.head(self.body(img).flatten(1))


class Gen(nn.Module):
    def __init__(self, z=10, res=12):
        super().__init__()
        self.res = res
        self.net = nn.Sequential(nn.Linear(z, 64), nn.ReLU(), nn.Linear(64, 3 * res * res), nn.Tanh())

    def forward(self, z):
        return self.net(z).view(-1, 3, self.res, self.res)


def r1_penalty(d_real, real):
    (g,) = torch.autograd.grad(d_real.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def train(args):
    torch.manual_seed(1)
    G, D = Gen(res=args.res), Disc()
    og = torch.optim.Adam(G.parameters(), 2e-4)
    od = torch.optim.Adam(D.parameters(), 2e-4)
    grooves = torch.rand(24, 3, args.res, args.res) * 2 - 1
    for it in range(args.steps):
        real = grooves[it * 8:(it + 1) * 8].clone().requires_grad_(True)
        fake = G(torch.randn(8, 10)).detach()
        d_real = D(real)
        d_loss = F.softplus(D(fake)).mean() + F.softplus(-d_real).mean()
        d_loss = d_loss + 0.5 * args.r1_gamma * r1_penalty(d_real, real)
        od.zero_grad(); d_loss.backward(); od.step()
        g_loss = F.softplus(-D(G(torch.randn(8, 10)))).mean()
        og.zero_grad(); g_loss.backward(); og.step()
        print(f"it {it} d {d_loss.item():.4f} g {g_loss.item():.4f}")


if __name__ == "__main__":
    train(parse())
