import torch.nn as nn
import torch.nn.functional as F

from activations import elu
from config import FEATURES


class RadonForecaster(nn.Module):
    """Predicts next-hour basement radon (Bq/m3) from standardised drivers."""

    def __init__(self, cfg):
        super().__init__()
        self.impl, self.alpha = cfg.act_impl, cfg.elu_alpha
        self.inp = nn.Linear(len(FEATURES), cfg.hidden)
        self.gate = nn.Linear(len(FEATURES), cfg.hidden)
        self.hid = nn.Linear(cfg.hidden, cfg.hidden)
        self.out = nn.Linear(cfg.hidden, 1)

    def forward(self, x):
        h = elu(self.inp(x), self.alpha, impl=self.impl)
        ventilation_gate = F.relu6(self.gate(x) + 3.0) / 6.0  # hard sigmoid
        h = elu(self.hid(h * ventilation_gate), self.alpha, impl=self.impl)
        return 50.0 * F.softplus(self.out(h)).squeeze(-1)
