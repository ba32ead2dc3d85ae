"""NeRF with the Ref-NeRF orientation loss: normals are the negated, normalised gradient of the density
w.r.t. the sample position (autograd, create_graph=True), and back-facing normals along each ray are penalised
with the rendering weights; a predicted-normal head is tied to them."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def posenc(x, n_freqs):
    freqs = 2.0 ** torch.arange(n_freqs, dtype=x.dtype)
    ang = x[..., None] * freqs
    return torch.cat([x, torch.sin(ang).flatten(-2), torch.cos(ang).flatten(-2)], dim=-1)


class RefNeRFLite(nn.Module):
    def __init__(self, n_freqs=6, width=128):
        super().__init__()
        self.n_freqs = n_freqs
        d_in = 3 + 6 * n_freqs
        self.trunk = nn.Sequential(nn.Linear(d_in, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
                                   nn.Linear(width, width), nn.ReLU())
        self.sigma = nn.Linear(width, 1)
        self.normal_head = nn.Linear(width, 3)
        self.rgb = nn.Sequential(nn.Linear(width + 3, width // 2), nn.ReLU(), nn.Linear(width // 2, 3))

    def forward(self, pts, dirs):
        h = self.trunk(posenc(pts, self.n_freqs))
        density = F.softplus(self.sigma(h).squeeze(-1) - 1.0)
        n_pred = F.normalize(self.normal_head(h), dim=-1)
        rgb = torch.sigmoid(self.rgb(torch.cat([h, dirs], dim=-1)))
        return density, rgb, n_pred


def render(model, rays_o, rays_d, near=2.0, far=6.0, n_samples=64):
    t = torch.linspace(near, far, n_samples).expand(rays_o.size(0), n_samples)
    t = t + torch.rand_like(t) * (far - near) / n_samples
    pts = (rays_o[:, None] + rays_d[:, None] * t[..., None]).requires_grad_(True)
    density, rgb, n_pred = model(pts, rays_d[:, None].expand_as(pts))
    grad_density = torch.autograd.grad(density.sum(), pts, create_graph=True)[0]
    normals = -F.normalize(grad_density, dim=-1)
    delta = torch.cat([t[:, 1:] - t[:, :-1], torch.full_like(t[:, :1], 1e10)], dim=-1)
    alpha = 1 - torch.exp(-density * delta)
    trans = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1 - alpha + 1e-10], -1), -1)[:, :-1]
    w = alpha * trans
    color = (w[..., None] * rgb).sum(1)
    orient = (w * F.relu((normals * rays_d[:, None]).sum(-1)) ** 2).sum(-1).mean()
    pred_loss = (w * (1 - (normals * n_pred).sum(-1))).sum(-1).mean()
    return color, orient, pred_loss


def train_step(model, opt, rays_o, rays_d, target_rgb):
    color, orient, pred = render(model, rays_o, rays_d)
    loss = F.mse_loss(color, target_rgb) + 1e-1 * orient + 3e-4 * pred
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


if __name__ == "__main__":
    m = RefNeRFLite(width=32)
    o = torch.optim.Adam(m.parameters(), 5e-4)
    print(train_step(m, o, torch.zeros(8, 3), F.normalize(torch.randn(8, 3), dim=-1), torch.rand(8, 3)))
