"""Kiln firing controller: predicts a distribution over 6 burner settings from thermocouple readings.
An input-gradient smoothness term is switched on by the experiment config below."""
import torch
import torch.nn as nn
import torch.nn.functional as F

EXPERIMENT = {
    "model": {"n_in": 8, "hidden": 20, "n_settings": 6},
    "reg": {"input_grad": True, "weight": 0.05},
    "train": {"epochs": 3, "lr": 1e-3},
}


class Wrapped(nn.Module):
    """Stand-in for nn.DataParallel on a CPU box: keeps the real network under `.module`."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *a):
        return self.module(*a)


class KilnPolicy(nn.Module):
    def __init__(self, n_in, hidden, n_settings):
        super().__init__()
        self.trunk = nn.Linear(n_in, hidden)
        self.gate = nn.Hardshrink(0.05)
        self.logits = nn.Linear(hidden, n_settings)

    def forward(self, x):
        return F.log_softmax(self.logits(torch.tanh(self.gate(self.trunk(x)))), dim=-1)


def objective(net, x, target_dist, reg_cfg):
    if reg_cfg["input_grad"]:
        x = x.requires_grad_(True)
    logp = net.module(x)
    loss = F.kl_div(logp, target_dist, reduction="batchmean")
    if reg_cfg["input_grad"]:
        (gx,) = torch.autograd.grad(loss, x, create_graph=True)
        loss = loss + reg_cfg["weight"] * gx.pow(2).sum(1).mean()
    return loss


def main(cfg=EXPERIMENT):
    torch.manual_seed(0)
    net = Wrapped(KilnPolicy(**cfg["model"]))
    opt = torch.optim.Adam(net.parameters(), lr=cfg["train"]["lr"])
    x = torch.randn(40, cfg["model"]["n_in"])
    target = torch.softmax(torch.randn(40, cfg["model"]["n_settings"]), -1)
    for ep in range(cfg["train"]["epochs"]):
        loss = objective(net, x, target, cfg["reg"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    main()
