"""Train the enhancer on synthetic speech-like harmonics in babble noise."""
import math

import torch

from config import CONFIG
from enhancer import Enhancer
from regularizers import si_snr


def synth_batch(tc, gen):
    n = int(tc["seconds"] * tc["sr"])
    t = torch.arange(n) / tc["sr"]
    f0 = 100 + 150 * torch.rand(tc["batch"], 1, generator=gen)
    clean = sum(torch.sin(2 * math.pi * k * f0 * t) / k for k in range(1, 5))
    clean = clean * (0.5 + 0.5 * torch.sin(2 * math.pi * 3 * t))
    noise = torch.randn(tc["batch"], n, generator=gen)
    scale = clean.pow(2).mean(-1, keepdim=True).sqrt() / 10 ** (tc["snr_db"] / 20)
    return clean + scale * noise, clean


def main(cfg=CONFIG):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    tc, rc = cfg["train"], cfg["reg"]
    model = Enhancer(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=tc["lr"])
    for step in range(tc["steps"]):
        noisy, clean = synth_batch(tc, gen)
        est = model(noisy)
        loss = -si_snr(est, clean).mean()
        jac = model.jacobian_penalty(noisy, probes=rc["probes"])
        opt.zero_grad()
        (loss + rc["jacobian_weight"] * jac).backward()
        opt.step()
        print(f"step {step}: SI-SNR {-loss.item():.2f} dB  ||J||^2 {jac.item():.3f}")


if __name__ == "__main__":
    main()
