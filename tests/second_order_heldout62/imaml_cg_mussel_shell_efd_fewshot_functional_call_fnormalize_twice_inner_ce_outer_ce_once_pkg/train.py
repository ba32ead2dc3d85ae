"""Meta-train on synthetic mussel-outline tasks (each task: n_way species from one river catchment)."""
import math

import torch
import torch.nn.functional as F

from config import MetaConfig
from imaml import meta_gradient
from nets import CosineClassifier


@torch.no_grad()
def outline_to_efd(radii, n_harmonics):
    """Smooth a closed radial outline (circular padding) and return its first Fourier harmonics as features."""
    k = 5
    r = F.avg_pool1d(F.pad(radii.unsqueeze(1), (k // 2, k // 2), mode="circular"), k, stride=1).squeeze(1)
    spec = torch.fft.rfft(r, dim=-1)[:, 1:n_harmonics + 1]
    feats = torch.cat([spec.real, spec.imag], dim=-1)
    return feats / (spec[:, :1].abs() + 1e-6)


def sample_task(cfg, gen, n_pts=96):
    t = torch.linspace(0, 2 * math.pi, n_pts + 1)[:-1]
    shapes = torch.rand(cfg.n_way, 3, generator=gen)
    xs, ys, xq, yq = [], [], [], []
    for c in range(cfg.n_way):
        n = cfg.k_shot + cfg.k_query
        elong = 0.3 + 0.5 * shapes[c, 0]
        radii = 1 + elong * torch.cos(2 * t) + 0.2 * shapes[c, 1] * torch.cos(3 * t + shapes[c, 2])
        radii = radii + 0.03 * torch.randn(n, n_pts, generator=gen)
        f = outline_to_efd(radii, cfg.n_harmonics)
        xs.append(f[: cfg.k_shot]); xq.append(f[cfg.k_shot:])
        ys += [c] * cfg.k_shot; yq += [c] * cfg.k_query
    return torch.cat(xs), torch.tensor(ys), torch.cat(xq), torch.tensor(yq)


def main():
    cfg = MetaConfig()
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = CosineClassifier(2 * cfg.n_harmonics, cfg.hidden, cfg.n_way, cfg.cos_scale)
    meta_opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)
    for it in range(cfg.meta_iters):
        theta = dict(model.named_parameters())
        meta_opt.zero_grad()
        qs = []
        for _ in range(cfg.meta_batch):
            grads, q = meta_gradient(model, theta, sample_task(cfg, gen), cfg)
            qs.append(q)
            for p, g in zip(theta.values(), grads):
                p.grad = g / cfg.meta_batch if p.grad is None else p.grad + g / cfg.meta_batch
        meta_opt.step()
        print(f"meta-iter {it} query loss {sum(qs) / len(qs):.3f}")


if __name__ == "__main__":
    main()
