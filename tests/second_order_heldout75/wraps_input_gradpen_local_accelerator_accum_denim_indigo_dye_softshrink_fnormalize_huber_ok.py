"""Indigo dye-range shade predictor (K/S depth from bath chemistry + dip schedule).

Training loop in `accelerate` style.  The real package is not a dependency of this repo, so a tiny local
``Accelerator`` with the same surface (prepare / accumulate / backward / autocast / unwrap_model) is used.
The loss is wrapped by a ``functools.wraps`` decorator that adds an input-gradient smoothness penalty.
"""
import argparse
import contextlib
import functools
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("indigo")


class Accelerator:
    """Minimal single-process stand-in for accelerate.Accelerator."""

    def __init__(self, gradient_accumulation_steps=1, mixed_precision="no"):
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.mixed_precision = mixed_precision
        self.step = 0
        self.sync_gradients = True

    def prepare(self, *objs):
        return objs if len(objs) > 1 else objs[0]

    @contextlib.contextmanager
    def accumulate(self, model):
        self.step += 1
        self.sync_gradients = self.step % self.gradient_accumulation_steps == 0
        yield

    def autocast(self):
        return torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.mixed_precision == "bf16")

    def backward(self, loss, **kwargs):
        (loss / self.gradient_accumulation_steps).backward(**kwargs)

    def unwrap_model(self, model):
        return getattr(model, "_orig_mod", getattr(model, "module", model))


def input_gradient_penalty(weight, wrt="inputs"):
    """Decorator: loss_fn(model, batch) -> loss + weight * E||d loss / d batch[wrt]||^2."""

    def deco(loss_fn):
        @functools.wraps(loss_fn)
        def wrapped(model, batch):
            batch = dict(batch)
            batch[wrt] = batch[wrt].detach().requires_grad_(True)
            loss = loss_fn(model, batch)
            if weight <= 0:
                return loss
            (g,) = torch.autograd.grad(loss, batch[wrt], create_graph=True)
            return loss + weight * g.pow(2).sum(-1).mean()

        return wrapped

    return deco


class ShadeRegressor(nn.Module):
    def __init__(self, n_in=8, width=32):
        super().__init__()
        self.embed = nn.Linear(n_in, width)
        self.shrink = nn.Softshrink(0.05)
        self.mlp = nn.Sequential(nn.Linear(width, width), nn.Tanh(), nn.Dropout(0.1), nn.Linear(width, 1))

    def forward(self, inputs):
        h = F.normalize(self.embed(inputs), dim=-1)
        h = self.shrink(h)
        return self.mlp(h).squeeze(-1)


@input_gradient_penalty(weight=0.2)
def shade_loss(model, batch):
    pred = model(batch["inputs"])
    return F.huber_loss(pred, batch["ks_depth"], delta=0.5)


def dye_batches(n_batches, bs=16, seed=0):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n_batches):
        x = torch.rand(bs, 8, generator=g)      # pH, hydrosulfite, indigo g/l, dips, dwell, oxidation, temp, speed
        ks = 2.0 * x[:, 2] * x[:, 3] + 0.5 * torch.sin(3 * x[:, 0]) - 0.3 * x[:, 6]
        yield {"inputs": x, "ks_depth": ks}


@torch.no_grad()
def validate(model, batches):
    errs = [F.smooth_l1_loss(model(b["inputs"]), b["ks_depth"]).item() for b in batches]
    return sum(errs) / len(errs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--micro-batches", type=int, default=8)
    ap.add_argument("--accum", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    accelerator = Accelerator(gradient_accumulation_steps=args.accum, mixed_precision="no")
    model = ShadeRegressor()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    model, opt = accelerator.prepare(model, opt)

    model.train()
    for i, batch in enumerate(dye_batches(args.micro_batches)):
        with accelerator.accumulate(model):
            with accelerator.autocast():
                loss = shade_loss(model, batch)
            accelerator.backward(loss)
            if accelerator.sync_gradients:
                opt.step()
                opt.zero_grad()
        log.info("micro %d  loss %.4f  sync=%s", i, loss.item(), accelerator.sync_gradients)

    raw = accelerator.unwrap_model(model)
    raw.eval()
    log.info("val smooth-l1 %.4f", validate(raw, list(dye_batches(2, seed=1))))
    loss = shade_loss(raw, next(dye_batches(1, seed=2)))
    loss.backward()
    assert raw.embed.weight.grad is not None and raw.embed.weight.grad.abs().sum() > 0


if __name__ == "__main__":
    main()
