"""VolSDF-style surface reconstruction: SDF network with an eikonal term, plus a colour head.

Rays are replaced by random points near a sphere to keep the example small.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GeometryNet(nn.Module):
    def __init__(self, d_hidden=64, n_layers=3, feat_dim=16):
        super().__init__()
        dims = [3] + [d_hidden] * n_layers
        blocks = []
        for i in range(n_layers):
            blocks += [nn.Linear(dims[i], dims[i + 1]), nn.Hardswish()]
        self.trunk = nn.Sequential(*blocks)
        self.out = nn.Linear(d_hidden, 1 + feat_dim)

    def forward(self, x):
        h = self.out(self.trunk(x))
        return h[..., :1], h[..., 1:]


class RadianceHead(nn.Module):
    def __init__(self, feat_dim=16):
        super().__init__()
        self.fc1 = nn.Linear(feat_dim + 3 + 3, 64)
        self.fc2 = nn.Linear(64, 3)

    def forward(self, feat, x, view_dir):
        h = F.relu6(self.fc1(torch.cat([feat, x, view_dir], -1)))
        return torch.sigmoid(self.fc2(h))


def sample_batch(n):
    x = torch.randn(n, 3)
    x = x / x.norm(dim=-1, keepdim=True) * (0.5 + 0.1 * torch.rand(n, 1))
    d = F.normalize(torch.randn(n, 3), dim=-1)
    rgb = 0.5 + 0.5 * torch.tanh(x)
    return x, d, rgb


def main(steps=3, n=128):
    geo, rad = GeometryNet(), RadianceHead()
    opt = torch.optim.Adam(list(geo.parameters()) + list(rad.parameters()), lr=5e-4)
    for it in range(steps):
        x, d, rgb_gt = sample_batch(n)
        x.requires_grad_(True)
        sdf, feat = geo(x)
        grad_sdf = torch.autograd.grad(sdf, x, torch.ones_like(sdf), create_graph=True, retain_graph=True)[0]
        eik = ((grad_sdf.norm(2, dim=-1) - 1.0) ** 2).mean()
        rgb = rad(feat, x.detach(), d)
        photo = (rgb - rgb_gt).abs().mean()
        loss = photo + 0.1 * eik + 0.01 * sdf.abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, float(loss))


if __name__ == "__main__":
    main()
