"""Neuralangelo-style SDF on multi-resolution dense feature grids with *numerical* gradients:
normals and the Eikonal term use central finite differences of the SDF (step shrinks with the
active level), so no derivative of the network is ever differentiated again."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiResGrid(nn.Module):
    def __init__(self, levels=(16, 32, 64), channels=4):
        super().__init__()
        self.grids = nn.ParameterList([nn.Parameter(1e-2 * torch.randn(1, channels, r, r, r)) for r in levels])

    def forward(self, xyz, n_active):
        feats = []
        for lvl, grid in enumerate(self.grids):
            f = F.grid_sample(grid, xyz.view(1, -1, 1, 1, 3), mode="bilinear", align_corners=True)
            f = f.view(grid.size(1), -1).t()
            feats.append(f if lvl < n_active else torch.zeros_like(f))
        return torch.cat(feats, -1)


class SDFNet(nn.Module):
    def __init__(self, levels=(16, 32, 64), channels=4, hidden=64):
        super().__init__()
        self.enc = MultiResGrid(levels, channels)
        self.mlp = nn.Sequential(nn.Linear(len(levels) * channels + 3, hidden), nn.Softplus(beta=100),
                                 nn.Linear(hidden, 1))

    def forward(self, xyz, n_active):
        return self.mlp(torch.cat([self.enc(xyz, n_active), xyz], -1)).squeeze(-1)


def numerical_gradient(sdf, xyz, n_active, eps):
    offsets = torch.eye(3) * eps
    grads = []
    for k in range(3):
        grads.append((sdf(xyz + offsets[k], n_active) - sdf(xyz - offsets[k], n_active)) / (2 * eps))
    return torch.stack(grads, -1)


def train(points, steps=3000, w_eik=0.1):
    model = SDFNet()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for step in range(steps):
        n_active = min(1 + step // 1000, 3)
        eps = 2.0 / (16 * 2 ** (n_active - 1))
        on = points[torch.randint(0, len(points), (256,))]
        rand = torch.rand(256, 3) * 2 - 1
        loss_surf = model(on, n_active).abs().mean()
        g = numerical_gradient(model, rand, n_active, eps)
        loss_eik = ((g.norm(dim=-1) - 1) ** 2).mean()
        loss = loss_surf + w_eik * loss_eik
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


if __name__ == "__main__":
    p = torch.randn(100, 3)
    train(0.5 * p / p.norm(dim=-1, keepdim=True), steps=2)
