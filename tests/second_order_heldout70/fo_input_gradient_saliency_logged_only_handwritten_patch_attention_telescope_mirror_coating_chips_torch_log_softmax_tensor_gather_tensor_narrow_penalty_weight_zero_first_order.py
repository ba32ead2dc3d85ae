"""Defect classification for telescope mirror coating inspection chips (pinhole / scratch / haze / clean).

A tiny vision transformer written with raw tensor ops: F.unfold patches, per-head narrow, softmax
attention, hand-written NLL. Input-gradient saliency is computed for the monitoring dashboard; the
gradient-norm penalty exists for experiments but is off in this configuration.
"""
import argparse
import logging
import math
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("mirror.vit")

CFG = SimpleNamespace(img=16, patch=4, width=32, heads=4, n_cls=4, batch=16, steps=4, lr=2e-3,
                      grad_penalty=0.0, saliency_every=2)


class RawPatchAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        n_tok = (cfg.img // cfg.patch) ** 2
        d_patch = cfg.patch * cfg.patch
        self.cfg, self.dh = cfg, cfg.width // cfg.heads
        self.w_patch = nn.Parameter(torch.randn(d_patch, cfg.width) / math.sqrt(d_patch))
        self.pos = nn.Parameter(torch.zeros(n_tok, cfg.width))
        self.w_qkv = nn.Parameter(torch.randn(cfg.width, 3 * cfg.width) / math.sqrt(cfg.width))
        self.w_cls = nn.Parameter(torch.randn(cfg.width, cfg.n_cls) / math.sqrt(cfg.width))

    def forward(self, img):
        tokens = F.unfold(img, kernel_size=self.cfg.patch, stride=self.cfg.patch).transpose(1, 2)
        h = tokens @ self.w_patch + self.pos
        q, k, v = (h @ self.w_qkv).chunk(3, dim=-1)
        heads = []
        for i in range(self.cfg.heads):
            qh = q.narrow(-1, i * self.dh, self.dh)
            kh = k.narrow(-1, i * self.dh, self.dh)
            att = (qh @ kh.transpose(-2, -1) / math.sqrt(self.dh)).softmax(-1)
            heads.append(att @ v.narrow(-1, i * self.dh, self.dh))
        h = h + torch.cat(heads, dim=-1)
        return h.mean(1) @ self.w_cls


def nll(logits, y):
    logp = torch.log_softmax(logits, dim=-1)
    return -logp.gather(1, y[:, None]).squeeze(1).mean()


def make_chips(n, cfg, gen):
    y = torch.randint(0, cfg.n_cls, (n,), generator=gen)
    x = 0.1 * torch.randn(n, 1, cfg.img, cfg.img, generator=gen)
    x[y == 0, :, 7:9, 7:9] += 1.0
    x[y == 1, :, 8, :] += 0.8
    x[y == 2] += 0.3
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--grad-penalty", type=float, default=CFG.grad_penalty)
    args = ap.parse_args()
    CFG.grad_penalty = args.grad_penalty
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(11)
    torch.manual_seed(11)
    model = RawPatchAttention(CFG)
    opt = torch.optim.AdamW(model.parameters(), lr=CFG.lr)
    for step in range(CFG.steps):
        x, y = make_chips(CFG.batch, CFG, gen)
        x.requires_grad_(True)
        loss = nll(model(x), y)
        want_penalty = CFG.grad_penalty > 0
        (gx,) = torch.autograd.grad(loss, x, create_graph=want_penalty, retain_graph=True)
        if want_penalty:
            loss = loss + CFG.grad_penalty * gx.pow(2).sum(dim=(1, 2, 3)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        assert not gx.requires_grad
        if step % CFG.saliency_every == 0:
            sal = gx.detach().abs().amax(dim=1).flatten(1)
            log.info("step %d loss %.4f saliency peak %.4f", step, loss.item(), sal.max(1).values.mean().item())


if __name__ == "__main__":
    main()
