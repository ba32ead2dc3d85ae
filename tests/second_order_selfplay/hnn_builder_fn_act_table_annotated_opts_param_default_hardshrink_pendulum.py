"""Hamiltonian NN of a damped pendulum: the field's activation is `ACTS[opts.act]` in a builder function whose
`opts` parameter is annotated with the file's dataclass, bound only through `train(opts=FieldOpts())`."""
from dataclasses import dataclass

import torch
from torch import nn

ACTS = {
    "hardshrink": nn.Hardshrink(0.2),
    "relu6": nn.ReLU6(),
    "softsign": nn.Softsign(),
}


@dataclass
class FieldOpts:
    width: int = 32
    act: str = "hardshrink"
    steps: int = 3


def make_field(opts: FieldOpts) -> nn.Module:
    return nn.Sequential(nn.Linear(2, opts.width), ACTS[opts.act], nn.Linear(opts.width, 1))


def train(opts=FieldOpts()):
    h_net = make_field(opts)
    opt = torch.optim.Adam(h_net.parameters(), 1e-3)
    for step in range(opts.steps):
        qp = torch.randn(64, 2, requires_grad=True)
        target = torch.stack([qp[:, 1], -torch.sin(qp[:, 0]) - 0.1 * qp[:, 1]], dim=1).detach()
        (dh,) = torch.autograd.grad(h_net(qp).sum(), qp, create_graph=True)
        flow = torch.stack([dh[:, 1], -dh[:, 0]], dim=1)
        loss = (flow - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    train()
