"""Air temperature from snowy-tree-cricket chirp envelopes (Dolbear's law, learned end to end).

The trainer emits named events to subscribed hooks. A curvature probe (Hessian of the loss w.r.t. the
head weights) is subscribed to "validation_end", which this recipe never emits (VAL_EVERY = 0); a tensor
hook clamps the gradient that flows into the envelope features.
"""
import argparse
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F

SAMPLES = 256          # envelope samples (100 Hz -> 2.56 s)
BATCH = 8
STEPS = 3
LR = 2e-3
VAL_EVERY = 0          # no validation pass in this recipe
GRAD_CLAMP = 0.5


class ChirpRegressor(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.conv1 = nn.Conv1d(1, width, 9, padding=4)
        self.act = nn.Hardswish()
        self.pool = nn.MaxPool1d(4)
        self.conv2 = nn.Conv1d(width, width, 5, padding=2)
        self.head = nn.Linear(width, 1)
        self.feature_grad_hook = None

    def forward(self, env):
        h = self.pool(self.act(self.conv1(env)))
        h = F.relu6(self.conv2(h))
        if h.requires_grad and self.feature_grad_hook is not None:
            h.register_hook(self.feature_grad_hook)
        return self.head(h.mean(-1)).squeeze(1)


class EventTrainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=LR)
        self.handlers = defaultdict(list)
        self.state = {}

    def on(self, event):
        def deco(fn):
            self.handlers[event].append(fn)
            return fn
        return deco

    def emit(self, event, **ctx):
        for fn in self.handlers[event]:
            fn(self, **ctx)

    def fit(self, batches, steps):
        self.emit("fit_start")
        for step in range(steps):
            env, temp = next(batches)
            loss = F.smooth_l1_loss(self.model(env), temp, beta=0.5)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.emit("batch_end", step=step, loss=loss.detach())
            if VAL_EVERY and (step + 1) % VAL_EVERY == 0:
                self.emit("validation_end", batch=next(batches))


def chirp_batches():
    t = torch.arange(SAMPLES) / 100.0
    while True:
        temp = 10 + 20 * torch.rand(BATCH)                   # deg C
        rate = (7.0 * (temp - 10.0) + 40.0) / 60.0           # chirps per second (Dolbear-like)
        phase = torch.rand(BATCH, 1)
        env = torch.relu(torch.sin(2 * torch.pi * (rate[:, None] * t[None] + phase))) ** 4
        env = env + 0.05 * torch.rand(BATCH, SAMPLES)
        yield env.unsqueeze(1), (temp - 20.0) / 10.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=STEPS)
    args = ap.parse_args()
    torch.manual_seed(0)
    model = ChirpRegressor()
    model.feature_grad_hook = lambda g: g.clamp(-GRAD_CLAMP, GRAD_CLAMP)
    trainer = EventTrainer(model)

    @trainer.on("fit_start")
    def count_params(tr):
        tr.state["n_params"] = sum(p.numel() for p in tr.model.parameters())

    @trainer.on("batch_end")
    def log_loss(tr, step, loss):
        print(step, round(loss.item(), 4), "params", tr.state["n_params"])

    @trainer.on("validation_end")
    def head_curvature_probe(tr, batch):
        env, temp = batch
        feats = F.relu6(tr.model.conv2(tr.model.pool(tr.model.act(tr.model.conv1(env))))).mean(-1).detach()
        b = tr.model.head.bias.detach()

        def loss_of_w(w):
            return F.smooth_l1_loss(F.linear(feats, w, b).squeeze(1), temp, beta=0.5)

        H = torch.autograd.functional.hessian(loss_of_w, tr.model.head.weight.detach())
        tr.state["head_sharpness"] = torch.linalg.eigvalsh(H.reshape(H.shape[1], -1)).max().item()

    trainer.fit(chirp_batches(), args.steps)


if __name__ == "__main__":
    main()
