"""Neural-Pull: learn an SDF by pulling query points onto the surface along the SDF gradient."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class SDFNet(nn.Module):
    def __init__(self, hidden=64, depth=4):
        super().__init__()
        dims = [3] + [hidden] * depth
        blocks = []
        for i in range(depth):
            blocks += [nn.Linear(dims[i], dims[i + 1]), nn.GELU(approximate="tanh")]
        self.body = nn.Sequential(*blocks)
        self.out = nn.Linear(hidden, 1)

    def forward(self, p):
        return self.out(self.body(p))


def pull(net, q):
    q = q.requires_grad_(True)
    sdf = net(q)
    grad_q = torch.autograd.grad(sdf, q, torch.ones_like(sdf), create_graph=True)[0]
    direction = F.normalize(grad_q, dim=-1)
    return q - sdf * direction


def sample_queries(surface, sigma=0.05):
    idx = torch.randint(0, surface.shape[0], (surface.shape[0],))
    anchors = surface[idx]
    return anchors + sigma * torch.randn_like(anchors), anchors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=2)
    ap.add_argument("--points", type=int, default=128)
    args = ap.parse_args()
    surface = F.normalize(torch.randn(args.points, 3), dim=-1)
    net = SDFNet(hidden=32, depth=3)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(args.iters):
        q, anchors = sample_queries(surface)
        pulled = pull(net, q)
        loss = (pulled - anchors).norm(dim=-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"it {it} pull-loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
