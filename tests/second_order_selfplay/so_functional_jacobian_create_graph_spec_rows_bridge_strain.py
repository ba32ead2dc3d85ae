"""Jacobian-regularised (contractive) regression of bridge-deck strain from accelerometer features. The network is
built from a list of row dicts (kind / width / activation name) looked up in an activation table, and the penalty is
the squared input Jacobian from torch.autograd.functional.jacobian(create_graph=True), backpropagated."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import jacobian

SPEC = [
    {"kind": "linear", "out": 16},
    {"kind": "act", "name": "softshrink"},
    {"kind": "linear", "out": 16},
    {"kind": "act", "name": "logsigmoid"},
    {"kind": "linear", "out": 2},
]

ACTS = {
    "softshrink": lambda: nn.Softshrink(0.1),
    "logsigmoid": nn.LogSigmoid,
    "hardshrink": lambda: nn.Hardshrink(0.2),
}


def build(spec, d_in):
    layers = []
    for row in spec:
        if row["kind"] == "linear":
            layers.append(nn.Linear(d_in, row["out"]))
            d_in = row["out"]
        else:
            layers.append(ACTS[row["name"]]())
    return nn.Sequential(*layers)


class ContractiveRegressor:
    def __init__(self, d_in=6, lam=0.05):
        self.model = build(SPEC, d_in)
        self.lam = lam
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def penalty(self, x):
        jac = jacobian(lambda inp: self.model(inp).sum(0), x, create_graph=True, vectorize=True)
        return jac.pow(2).sum() / x.shape[0]

    def fit_step(self, x, y):
        loss = F.mse_loss(self.model(x), y) + self.lam * self.penalty(x)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


if __name__ == "__main__":
    reg = ContractiveRegressor()
    for step in range(2):
        x = torch.randn(10, 6)
        y = torch.stack([x[:, 0] * 0.3 + x[:, 1], x[:, 2].tanh()], 1)
        print(step, reg.fit_step(x, y))
