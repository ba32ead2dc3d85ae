"""'Right for the Right Reasons' (Ross et al., 2017) on multi-label machine-fault detection from
vibration features: the input gradient of the loss is penalised on features an expert marked
as irrelevant (annotation mask A), which trains through a double backward."""
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class RRRConfig:
    n_features: int = 24
    n_faults: int = 4
    hidden: int = 32
    l2_grads: float = 10.0
    lr: float = 1e-3


class FaultNet(nn.Sequential):
    def __init__(self, cfg: RRRConfig):
        super().__init__(
            nn.Linear(cfg.n_features, cfg.hidden),
            nn.Hardtanh(),
            nn.Linear(cfg.hidden, cfg.hidden),
            nn.Tanh(),
            nn.Linear(cfg.hidden, cfg.n_faults),
            nn.Sigmoid(),
        )


class RRRLoss(nn.Module):
    def __init__(self, l2_grads):
        super().__init__()
        self.bce = nn.BCELoss()
        self.l2_grads = l2_grads

    def forward(self, model, x, y, annotation):
        x = x.clone().requires_grad_()
        right_answers = self.bce(model(x), y)
        input_grads, = torch.autograd.grad(right_answers, x, create_graph=True)
        right_reasons = (annotation * input_grads).pow(2).sum(dim=1).mean()
        return right_answers + self.l2_grads * right_reasons, right_answers.detach()


def fit(cfg=RRRConfig(), epochs=2):
    model = FaultNet(cfg)
    crit = RRRLoss(cfg.l2_grads)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    x = torch.randn(16, cfg.n_features)
    y = (torch.rand(16, cfg.n_faults) > 0.7).float()
    annotation = (torch.rand(16, cfg.n_features) > 0.6).float()
    for ep in range(epochs):
        loss, ce = crit(model, x, y, annotation)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item(), ce.item())


if __name__ == "__main__":
    fit()
