"""Neural height field for a sand-dune DEM tile with a Gaussian-curvature smoothness prior.
The per-point Hessian of the height is computed with torch.func.vmap(jacfwd(jacrev(.))) over functional_call."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacfwd, jacrev, vmap


class FourierHeightField(nn.Module):
    def __init__(self, n_freq=8, hidden=32):
        super().__init__()
        self.register_buffer("B", torch.randn(2, n_freq) * 2.0)
        self.fc1 = nn.Linear(2 * n_freq, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = nn.Softsign()

    def forward(self, xy):
        proj = xy @ self.B
        feats = torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)
        feats = F.normalize(feats, dim=-1)
        h = self.act(self.fc1(feats))
        h = self.act(self.fc2(h))
        return self.out(h).squeeze(-1)


def gaussian_curvature(model, params, buffers, pts):
    def height(p):
        return functional_call(model, (params, buffers), (p.unsqueeze(0),)).squeeze(0)

    hess = vmap(jacfwd(jacrev(height)))(pts)
    grad = vmap(jacrev(height))(pts)
    det = hess[:, 0, 0] * hess[:, 1, 1] - hess[:, 0, 1] * hess[:, 1, 0]
    return det / (1 + grad.pow(2).sum(-1)) ** 2


def main():
    torch.manual_seed(0)
    model = FourierHeightField()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    xy = torch.rand(128, 2)
    z = 0.3 * torch.sin(4 * xy[:, 0]) * torch.cos(2 * xy[:, 1])
    for step in range(3):
        params = dict(model.named_parameters())
        buffers = dict(model.named_buffers())
        fit = F.mse_loss(model(xy), z)
        colloc = torch.rand(32, 2)
        prior = gaussian_curvature(model, params, buffers, colloc).pow(2).mean()
        loss = fit + 1e-3 * prior
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(fit), float(prior))


if __name__ == "__main__":
    main()
