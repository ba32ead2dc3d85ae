"""Model assembled from the CONFIG layer list through a factory table."""
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

LAYER_FACTORY = {
    "conv": lambda cin, cout, k: nn.Conv1d(cin, cout, k, padding=k // 2),
    "selu": lambda: nn.SELU(),
    "lppool": lambda p, k: nn.LPPool1d(p, k),
    "reflect": lambda p: nn.ReflectionPad1d(p),
}


class FlutterNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(*[LAYER_FACTORY[name](*args) for name, *args in cfg["layers"]])
        channels = [spec[2] for spec in cfg["layers"] if spec[0] == "conv"][-1]
        self.head = nn.Linear(channels, len(cfg["targets"]))
        self.grad_checkpoint = cfg["grad_checkpoint"]

    def forward(self, x):
        h = x.unsqueeze(1)
        if self.grad_checkpoint and self.training:
            h = checkpoint(self.body, h, use_reentrant=False)
        else:
            h = self.body(h)
        return self.head(h.mean(dim=-1))
