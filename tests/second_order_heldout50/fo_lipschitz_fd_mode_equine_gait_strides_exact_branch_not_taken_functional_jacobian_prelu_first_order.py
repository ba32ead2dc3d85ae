"""Stride embeddings for equine gait analysis with a Lipschitz penalty on the encoder (first order here).

A 6-axis IMU on the horse's sacrum is cut into single strides (6 x 50 samples). A 1-D conv
encoder maps strides to a 12-d embedding trained with a triplet loss (same horse and gait vs.
other horse). To keep embeddings stable under sensor placement jitter, the encoder's local
Lipschitz constant is penalised. The configured mode is a finite-difference estimate along random
unit directions; the exact input-gradient mode is kept for reference. The exact Jacobian of one
stride is logged (singular values) for analysis only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import jacobian

CFG = {
    "encoder": {"in_ch": 6, "width": 24, "emb": 12, "pool": 6},
    "lipschitz": {"mode": "finite_difference", "fd_eps": 1e-2, "target": 0.008, "weight": 0.1},
    "triplet_margin": 0.5,
    "train": {"steps": 5, "batch": 12, "lr": 1e-3, "log_every": 2},
}


class StrideEncoder(nn.Module):
    def __init__(self, in_ch, width, emb, pool):
        super().__init__()
        self.conv1 = nn.Conv1d(in_ch, width, 7, padding=3)
        self.act1 = nn.PReLU(width)
        self.conv2 = nn.Conv1d(width, width, 5, padding=2)
        self.pool = nn.AdaptiveAvgPool1d(pool)
        self.proj = nn.Linear(width * pool, emb)

    def forward(self, x):
        h = self.act1(self.conv1(x))
        h = self.pool(F.elu(self.conv2(h)))
        return self.proj(h.flatten(1))


def lipschitz_penalty(enc, x, cfg):
    mode, target = cfg["mode"], cfg["target"]
    if mode == "finite_difference":
        u = torch.randn_like(x)
        u = u / u.flatten(1).norm(dim=1)[:, None, None]
        ratio = (enc(x + cfg["fd_eps"] * u) - enc(x)).norm(dim=1) / cfg["fd_eps"]
    elif mode == "exact":
        x = x.detach().requires_grad_(True)
        w = torch.randn(x.shape[0], CFG["encoder"]["emb"])
        w = w / w.norm(dim=1, keepdim=True)
        (g,) = torch.autograd.grad((enc(x) * w).sum(), x, create_graph=True)
        ratio = g.flatten(1).norm(dim=1)
    else:
        raise ValueError(mode)
    return F.relu(ratio - target).pow(2).mean(), ratio.detach().mean()


def jacobian_spectrum(enc, stride):
    """Singular values of d emb / d stride for one stride (analysis only)."""
    jac = jacobian(lambda s: enc(s.unsqueeze(0)).squeeze(0), stride)  # create_graph=False
    return torch.linalg.svdvals(jac.detach().flatten(1))


def strides(n, gen, horses=4):
    horse = torch.randint(0, horses, (n,), generator=gen)
    t = torch.linspace(0, 6.283, 50)
    phase = 0.4 * horse.float()[:, None, None]
    amp = torch.linspace(0.5, 1.5, 6)[None, :, None]
    x = amp * torch.sin(t[None, None] + phase) + 0.1 * torch.randn(n, 6, 50, generator=gen)
    return x, horse


def triplets(x, horse, gen):
    n = x.shape[0]
    pos_idx, neg_idx = torch.arange(n), torch.arange(n)
    for i in range(n):
        same = (horse == horse[i]).nonzero().flatten()
        diff = (horse != horse[i]).nonzero().flatten()
        pos_idx[i] = same[torch.randint(0, len(same), (1,), generator=gen)]
        neg_idx[i] = diff[torch.randint(0, len(diff), (1,), generator=gen)] if len(diff) else i
    return x, x[pos_idx] + 0.05 * torch.randn(x.shape, generator=gen), x[neg_idx]


def main():
    gen = torch.Generator().manual_seed(53)
    enc = StrideEncoder(**CFG["encoder"])
    opt = torch.optim.Adam(enc.parameters(), lr=CFG["train"]["lr"])
    for step in range(CFG["train"]["steps"]):
        x, horse = strides(CFG["train"]["batch"], gen)
        a, p, n = triplets(x, horse, gen)
        trip = F.triplet_margin_loss(enc(a), enc(p), enc(n), margin=CFG["triplet_margin"])
        pen, ratio = lipschitz_penalty(enc, a, CFG["lipschitz"])
        loss = trip + CFG["lipschitz"]["weight"] * pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        msg = f"step {step} triplet {trip.item():.3f} lip {ratio.item():.2f}"
        if step % CFG["train"]["log_every"] == 0:
            sv = jacobian_spectrum(enc, x[0])
            msg += f" sv_max {sv[0].item():.3f} sv_min {sv[-1].item():.4f}"
        print(msg)


if __name__ == "__main__":
    main()
