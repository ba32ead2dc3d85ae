import logging

import torch
import torch.nn.functional as F

from blocks import HammerNet
from config import CONFIG
from weighting import task_grad_norms, update_weights

log = logging.getLogger("hammer_felt")


def tap_batch(cfg, gen):
    hardness = 70 + 20 * torch.rand(cfg["batch"], generator=gen)
    voicing = ((hardness - 70) / 7).long().clamp(max=2)
    t = torch.linspace(0, 1, cfg["signal_len"])
    decay = torch.exp(-t.view(1, -1) * hardness.view(-1, 1) / 10)
    tap = decay * torch.sin(2 * 3.1416 * (5 + hardness.view(-1, 1) / 10) * t)
    tap = tap + 0.02 * torch.randn(cfg["batch"], cfg["signal_len"], generator=gen)
    return tap.unsqueeze(1), (hardness - 80) / 10, voicing


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cfg = CONFIG
    gen = torch.Generator().manual_seed(12)
    model = HammerNet(cfg["signal_len"], cfg["width"], cfg["checkpoint_blocks"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    weights, initial = torch.ones(2), None
    for step in range(cfg["steps"]):
        tap, hardness, voicing = tap_batch(cfg, gen)
        pred_h, logits_v = model(tap)
        losses = [F.mse_loss(pred_h, hardness), F.cross_entropy(logits_v, voicing)]
        if initial is None:
            initial = torch.stack([l.detach() for l in losses])
        norms = task_grad_norms(losses, model.shared.weight, exact=cfg["exact_gradnorm"])
        weights = update_weights(weights, norms, losses, initial, cfg["alpha"])
        total = sum(w * l for w, l in zip(weights, losses))
        opt.zero_grad()
        total.backward()
        opt.step()
        log.info("step %d mse %.4f ce %.4f weights %s", step, losses[0].item(), losses[1].item(),
                 [round(w, 3) for w in weights.tolist()])
    assert not norms.requires_grad and model.blocks[0][0].weight.grad is not None


if __name__ == "__main__":
    main()
