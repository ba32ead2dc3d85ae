import logging

import torch

import config as C
from backbone import VenationBackbone
from data import sample_episode
from meta import adapt, query_loss

log = logging.getLogger("herbarium")


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    backbone = VenationBackbone(C.FEAT_DIM).eval()
    for p in backbone.parameters():
        p.requires_grad_(False)
    head_init = torch.nn.Parameter(0.1 * torch.randn(C.N_WAY, C.FEAT_DIM))
    opt = torch.optim.Adam([head_init], C.META_LR)
    for it in range(C.META_ITERS):
        opt.zero_grad()
        total = 0.0
        for _ in range(C.META_BATCH):
            xs, ys, xq, yq = sample_episode()
            with torch.no_grad():
                fs, fq = backbone(xs), backbone(xq)
            fast = adapt(head_init, fs, ys)
            loss = query_loss(fast, fq, yq) / C.META_BATCH
            loss.backward()
            total += loss.item()
        assert head_init.grad is not None and head_init.grad.abs().sum() > 0
        opt.step()
        log.info("meta-iter %d query loss %.4f", it, total)


if __name__ == "__main__":
    main()
