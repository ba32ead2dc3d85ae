import random

import torch
import torch.nn.functional as F

from config import cfg
from data import WORDS, batch
from models import StrokeRecogniser


def ctc(logp, in_lens, targets, tgt_lens):
    return F.ctc_loss(logp.transpose(0, 1), targets, in_lens, tgt_lens, blank=0, zero_infinity=True)


def main():
    torch.manual_seed(cfg.seed)
    rng = random.Random(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = StrokeRecogniser(cfg.feat_dim, cfg.conv_channels, cfg.hidden, len(cfg.alphabet))
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, in_lens, targets, tgt_lens = batch(rng.sample(WORDS, cfg.batch), cfg.alphabet, gen)
        x.requires_grad_(cfg.input_grad_weight > 0 or step % cfg.saliency_every == 0)
        loss = ctc(model(x), in_lens, targets, tgt_lens)
        total = loss
        if cfg.input_grad_weight > 0:
            (gx,) = torch.autograd.grad(loss, x, create_graph=True)
            total = total + cfg.input_grad_weight * gx.pow(2).sum(-1).mean()
        if step % cfg.saliency_every == 0:
            (sal,) = torch.autograd.grad(loss, x, retain_graph=True)
            print(f"  saliency per channel {sal.abs().mean(dim=(0, 1)).tolist()}")
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"step {step}: ctc {loss.item():.4f}")


if __name__ == "__main__":
    main()
