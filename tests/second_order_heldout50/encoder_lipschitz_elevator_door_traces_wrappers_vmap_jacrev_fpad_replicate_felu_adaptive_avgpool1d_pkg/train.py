"""Autoencoder for elevator door cycles; the encoder is kept smooth with a Jacobian hinge penalty."""
import math

import torch
import torch.nn.functional as F

from config import CFG
from models import DoorDecoder, DoorEncoder
from wrappers import lipschitz_hinge, per_sample_jacobian, spectral_norm_estimate


def door_cycles(n, channels, length, gen):
    t = torch.linspace(0, 1, length)
    open_t = 0.3 + 0.1 * torch.rand(n, 1, generator=gen)
    pos = torch.sigmoid((t - open_t) * 30) - torch.sigmoid((t - open_t - 0.4) * 30)
    cur = torch.gradient(pos, dim=1)[0] * 20 + 0.05 * torch.randn(n, length, generator=gen)
    x = torch.stack([cur, pos], dim=1)
    return x[:, :channels]


def main():
    gen = torch.Generator().manual_seed(5)
    d, m, r, o = CFG["data"], CFG["model"], CFG["reg"], CFG["optim"]
    enc = DoorEncoder(d["channels"], m["width"], m["latent"], m["pool_to"])
    dec = DoorDecoder(d["channels"], m["width"], m["latent"], d["length"])
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=o["lr"])
    data = door_cycles(d["n_train"], d["channels"], d["length"], gen)
    for step in range(o["steps"]):
        idx = torch.randint(0, data.shape[0], (o["batch"],), generator=gen)
        x = data[idx]
        recon = F.smooth_l1_loss(dec(enc(x)), x, beta=0.1)
        loss = recon
        if step % r["every"] == 0:
            jac = per_sample_jacobian(enc, x)
            pen, frob = lipschitz_hinge(jac, r["lipschitz_target"])
            loss = loss + r["weight"] * pen
            sigma = spectral_norm_estimate(jac.detach())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} recon {recon.item():.4f} |J|_F {frob.mean():.3f} sigma_max {sigma.mean():.3f}")
    assert math.isfinite(loss.item())


if __name__ == "__main__":
    main()
