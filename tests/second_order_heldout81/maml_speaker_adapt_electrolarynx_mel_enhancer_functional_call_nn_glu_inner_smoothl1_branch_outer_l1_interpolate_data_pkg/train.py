"""Meta-train a mel enhancer that adapts to a new electrolarynx user from two utterances (MAML)."""
import logging
import math

import torch
import torch.nn.functional as F

from config import CONFIG
from meta import adapt_to_speaker, query_loss
from models import MelEnhancer

log = logging.getLogger("el_adapt")


def speaker_task(cfg, gen):
    """A 'speaker' = a buzz fundamental + formant shift; source = buzzy EL mel, target = natural mel."""
    n = cfg.support_utts + cfg.query_utts
    bins = torch.arange(cfg.n_mels).float()[None, :, None]
    t = torch.arange(cfg.frames).float()[None, None, :]
    shift = 2 * torch.rand(1, generator=gen)
    formants = sum(torch.exp(-((bins - c - shift - torch.sin(t / (4 + c))) ** 2) / 3) for c in (3.0, 8.0, 12.0))
    target = torch.log(formants.expand(n, -1, -1) + 0.05 + 0.02 * torch.rand(n, cfg.n_mels, cfg.frames, generator=gen))
    buzz = 0.6 * torch.cos(2 * math.pi * bins / (2 + shift))
    source = target + buzz + 0.1 * torch.randn(n, cfg.n_mels, cfg.frames, generator=gen)
    with torch.no_grad():  # random tempo perturbation of whole utterances (data augmentation)
        rate = 0.8 + 0.4 * float(torch.rand(1, generator=gen))
        src = F.interpolate(source, scale_factor=rate, mode="linear", align_corners=False)
        tgt = F.interpolate(target, scale_factor=rate, mode="linear", align_corners=False)
        src, tgt = src[..., : cfg.frames // 2 * 2 - 8], tgt[..., : cfg.frames // 2 * 2 - 8]
    k = cfg.support_utts
    return src[:k], tgt[:k], src[k:], tgt[k:]


def main(cfg=CONFIG):
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    model = MelEnhancer(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)
    for it in range(cfg.meta_iters):
        opt.zero_grad()
        total = 0.0
        for _ in range(cfg.meta_batch):
            sx, sy, qx, qy = speaker_task(cfg, gen)
            fast = adapt_to_speaker(model, sx, sy, cfg)
            loss = query_loss(model, fast, qx, qy, cfg) / cfg.meta_batch
            loss.backward()
            total += loss.item()
        assert model.blocks[0].conv.weight.grad is not None
        opt.step()
        log.info("meta-iter %d query loss %.4f", it, total)


if __name__ == "__main__":
    main()
