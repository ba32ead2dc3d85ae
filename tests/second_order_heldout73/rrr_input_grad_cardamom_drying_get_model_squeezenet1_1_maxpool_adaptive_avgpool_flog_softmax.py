"""'Right for the right reasons' training of a cardamom-pod drying-stage classifier.

Annotators marked the drying-rack mesh as irrelevant; the input gradient of the summed
log-probabilities is penalised inside that mask (Ross et al., 2017).
"""
import argparse
import logging
from types import SimpleNamespace

import torch
import torch.nn.functional as F
import torchvision

log = logging.getLogger("cardamom_rrr")

CFG = SimpleNamespace(arch="squeezenet1_1", stages=4, res=48, batch=3, lr=1e-3, l2_grads=50.0, steps=3)


def make_batch(cfg):
    y = torch.randint(0, cfg.stages, (cfg.batch,))
    leaf = torch.rand(cfg.batch, 3, cfg.res, cfg.res) * (1.0 - 0.2 * y.view(-1, 1, 1, 1))
    mesh = torch.zeros(cfg.batch, 1, cfg.res, cfg.res)
    mesh[..., ::6, :] = 1.0
    mesh[..., :, ::6] = 1.0
    x = leaf * (1 - mesh) + 0.5 * mesh
    return x, y, mesh


def rrr_loss(model, x, y, mesh, l2_grads):
    x = x.clone().requires_grad_(True)
    logits = model(x)
    task = F.cross_entropy(logits, y)
    log_probs = F.log_softmax(logits, dim=1)
    input_grads, = torch.autograd.grad(log_probs.sum(), x, create_graph=True)
    right_reasons = (mesh * input_grads).pow(2).sum() / x.size(0)
    return task, right_reasons, task + l2_grads * right_reasons


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG.steps)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)

    model = torchvision.models.get_model(CFG.arch, num_classes=CFG.stages)
    opt = torch.optim.Adam(model.parameters(), lr=CFG.lr)
    for step in range(args.steps):
        x, y, mesh = make_batch(CFG)
        task, rr, total = rrr_loss(model, x, y, mesh, CFG.l2_grads)
        opt.zero_grad()
        total.backward()
        w = model.features[0].weight.grad
        assert w is not None and w.abs().sum() > 0
        opt.step()
        log.info("step %d task %.4f right-reasons %.6f", step, task.item(), rr.item())


if __name__ == "__main__":
    main()
