"""Second-order MAML for few-shot classification of natto (Bacillus subtilis) biofilm micrographs.

Learner: torchvision MobileNetV2 (width 0.25); the fast weights are applied with
torch.func.functional_call so the inner SGD steps stay differentiable.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn.functional as F
import torchvision.models as tvm
from torch.func import functional_call

log = logging.getLogger("natto_maml")


@dataclass
class MetaConfig:
    n_way: int = 3
    k_shot: int = 2
    k_query: int = 2
    inner_steps: int = 1
    inner_lr: float = 0.4
    meta_lr: float = 1e-3
    meta_batch: int = 2
    image_size: int = 32
    width_mult: float = 0.25


def build_learner(cfg):
    return tvm.mobilenet_v2(num_classes=cfg.n_way, width_mult=cfg.width_mult)


def sample_task(cfg):
    """Colony textures: each class is a different blob density."""
    n = cfg.n_way * (cfg.k_shot + cfg.k_query)
    labels = torch.arange(cfg.n_way).repeat_interleave(cfg.k_shot + cfg.k_query)
    density = (labels.float() + 1.0).view(-1, 1, 1, 1)
    imgs = torch.rand(n, 3, cfg.image_size, cfg.image_size) ** density
    idx = torch.randperm(n)
    imgs, labels = imgs[idx], labels[idx]
    s = cfg.n_way * cfg.k_shot
    return imgs[:s], labels[:s], imgs[s:], labels[s:]


def adapt(learner, params, buffers, xs, ys, cfg):
    fast = dict(params)
    for _ in range(cfg.inner_steps):
        logits = functional_call(learner, (fast, buffers), (xs,))
        inner_loss = F.cross_entropy(logits, ys)
        grads = torch.autograd.grad(inner_loss, list(fast.values()), create_graph=True)
        fast = {k: w - cfg.inner_lr * g for (k, w), g in zip(fast.items(), grads)}
    return fast


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)
    cfg = MetaConfig()

    learner = build_learner(cfg)
    meta_opt = torch.optim.Adam(learner.parameters(), lr=cfg.meta_lr)
    params = dict(learner.named_parameters())
    buffers = dict(learner.named_buffers())

    for it in range(args.meta_iters):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(cfg.meta_batch):
            xs, ys, xq, yq = sample_task(cfg)
            fast = adapt(learner, params, buffers, xs, ys, cfg)
            q_logits = functional_call(learner, (fast, buffers), (xq,))
            q_loss = F.cross_entropy(q_logits, yq) / cfg.meta_batch
            q_loss.backward()
            total += q_loss.item()
        w = learner.features[0][0].weight.grad
        assert w is not None and w.abs().sum() > 0
        meta_opt.step()
        log.info("meta-iter %d query loss %.4f", it, total)


if __name__ == "__main__":
    main()
