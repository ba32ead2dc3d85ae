import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "selu": nn.SELU,
    "softplus": nn.Softplus,
}


class BondPriceNet(nn.Module):
    """Zero-coupon bond price P(t, r) under the Vasicek short-rate model."""

    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.activation]
        layers, d = [], 2
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.width), act()]
            d = cfg.width
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)

    def price(self, t, r):
        return torch.exp(-self.mlp(torch.cat([t, r], dim=1)))

    def forward(self, tr):
        return self.price(tr[:, :1], tr[:, 1:])
