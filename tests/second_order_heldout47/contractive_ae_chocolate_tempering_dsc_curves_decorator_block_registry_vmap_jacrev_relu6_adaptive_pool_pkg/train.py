"""Contractive AE: reconstruction + lambda * ||d enc(x) / dx||_F^2 (per-sample Jacobian via torch.func)."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap

from config import CFG
from model import TemperDecoder, TemperEncoder


def dsc_curves(cfg, gen):
    """Melting endotherms of cocoa-butter forms III-VI, mixed per tempering run."""
    temp = torch.linspace(15, 40, cfg["curve_len"])
    peaks = torch.tensor([25.5, 27.5, 33.8, 36.0])
    w = torch.softmax(torch.randn(cfg["n_curves"], 4, generator=gen) * 1.5, dim=1)
    shift = 0.5 * torch.randn(cfg["n_curves"], 1, 1, generator=gen)
    bumps = torch.exp(-((temp - peaks[:, None] - shift) ** 2) / 1.2)
    return (w[:, :, None] * bumps).sum(1) + 0.01 * torch.randn(cfg["n_curves"], cfg["curve_len"], generator=gen)


def contractive_penalty(encoder, x):
    params = dict(encoder.named_parameters())

    def encode_one(xi):
        return functional_call(encoder, params, (xi.unsqueeze(0),)).squeeze(0)

    jac = vmap(jacrev(encode_one))(x)            # (B, latent, curve_len)
    return jac.pow(2).sum(dim=(1, 2)).mean()


def main(cfg=CFG):
    gen = torch.Generator().manual_seed(2)
    data = dsc_curves(cfg, gen)
    enc, dec = TemperEncoder(cfg), TemperDecoder(cfg)
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        perm = torch.randperm(len(data), generator=gen)
        for i in range(0, 48, cfg["batch"]):
            x = data[perm[i:i + cfg["batch"]]]
            recon = F.smooth_l1_loss(dec(enc(x)), x, beta=0.05)
            penalty = contractive_penalty(enc, x)
            loss = recon + cfg["contractive_weight"] * penalty
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}  recon {recon.item():.4f}  ||J||_F^2 {penalty.item():.3f}")


if __name__ == "__main__":
    main()
