"""Train an erhu vocoder against multi-resolution spectrogram discriminators with R1 on real spectrograms."""
import logging
import math

import torch
import torch.nn.functional as F

from config import CONFIG
from features import LogMelFrontend, MultiResolutionSpectrogram, multi_resolution_stft_loss
from nets import MultiResolutionDiscriminator, UpsampleGenerator

log = logging.getLogger("erhu_vocoder")


def bowed_notes(batch, length, sr, gen):
    t = torch.arange(length) / sr
    f0 = 250 + 300 * torch.rand(batch, 1, generator=gen)
    bow = 1 + 0.2 * torch.sin(2 * math.pi * 3 * t + 6.28 * torch.rand(batch, 1, generator=gen))
    saw = sum(((-1) ** (k + 1)) / k * torch.sin(2 * math.pi * k * f0 * t) for k in range(1, 7))
    return (0.3 * bow * saw + 0.01 * torch.randn(batch, length, generator=gen)).unsqueeze(1)


def r1_on_spectrograms(D, real_specs):
    specs = [s.detach().requires_grad_(True) for s in real_specs]
    scores = D(specs)
    grads = torch.autograd.grad(sum(s.sum() for s in scores), specs, create_graph=True)
    penalty = sum(g.pow(2).flatten(1).sum(1).mean() for g in grads)
    return penalty, scores


def main(cfg=CONFIG):
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(11)
    mel_fe = LogMelFrontend(64, cfg["hop"], cfg["n_mels"])
    spec_fe = MultiResolutionSpectrogram(cfg["resolutions"])
    G, D = UpsampleGenerator(cfg), MultiResolutionDiscriminator(cfg)
    opt_g = torch.optim.Adam(G.parameters(), cfg["lr"], betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), cfg["lr"], betas=(0.5, 0.9))

    for step in range(cfg["steps"]):
        wav = bowed_notes(cfg["batch"], cfg["segment"], cfg["sample_rate"], gen)
        with torch.no_grad():
            mel = mel_fe(wav)
            real_specs = spec_fe(wav)
        fake = G(mel)[..., : cfg["segment"]]

        r1, real_scores = r1_on_spectrograms(D, real_specs)
        fake_scores = D([s.detach() for s in spec_fe(fake.detach())])
        loss_d = sum(F.relu(1 - r).mean() + F.relu(1 + f).mean() for r, f in zip(real_scores, fake_scores))
        loss_d = loss_d + 0.5 * cfg["r1_gamma"] * r1
        opt_d.zero_grad(); loss_d.backward(); opt_d.step()
        assert D.discs[0].fc.weight.grad is not None

        fake_specs = spec_fe(fake)
        adv = sum(-s.mean() for s in D(fake_specs))
        loss_g = adv + cfg["lambda_stft"] * multi_resolution_stft_loss(fake_specs, real_specs)
        opt_g.zero_grad(); loss_g.backward(); opt_g.step()
        log.info("step %d  D %.3f  R1 %.4f  G %.3f", step, loss_d.item(), r1.item(), loss_g.item())


if __name__ == "__main__":
    main()
