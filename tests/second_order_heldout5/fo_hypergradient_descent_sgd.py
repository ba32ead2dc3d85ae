"""Hypergradient descent (Baydin et al. 2018) for the learning rate of SGD: the hypergradient of the loss
w.r.t. the learning rate is -<g_t, g_{t-1}>, a dot product of two ordinary gradients, so the learning rate
is adapted online without differentiating through the update (no create_graph)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer


class SGDHD(Optimizer):
    def __init__(self, params, lr=1e-3, hypergrad_lr=1e-6):
        super().__init__(params, dict(lr=lr, hypergrad_lr=hypergrad_lr))

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            grads = [p.grad.view(-1) for p in group["params"] if p.grad is not None]
            flat = torch.cat(grads)
            state = self.state.setdefault("hd", {})
            if "prev" in state:
                h = torch.dot(flat, state["prev"])
                group["lr"] = group["lr"] + group["hypergrad_lr"] * h.item()
            state["prev"] = -flat.clone()
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])
        return loss


class MLPMixerHead(nn.Module):
    def __init__(self, in_dim=784, hidden=256, n_classes=10):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.GELU(approximate="tanh"), nn.Dropout(0.1),
            nn.Linear(hidden, hidden), nn.Hardswish(),
            nn.Linear(hidden, n_classes), nn.LogSoftmax(dim=-1),
        )

    def forward(self, x):
        return self.net(x.flatten(1))


def train(loader, epochs=10):
    model = MLPMixerHead()
    opt = SGDHD(model.parameters(), lr=0.01, hypergrad_lr=1e-4)
    lrs = []
    for _ in range(epochs):
        for x, y in loader:
            def closure():
                opt.zero_grad()
                loss = F.nll_loss(model(x), y)
                loss.backward(create_graph=False)
                return loss
            opt.step(closure)
            lrs.append(opt.param_groups[0]["lr"])
    return model, lrs
