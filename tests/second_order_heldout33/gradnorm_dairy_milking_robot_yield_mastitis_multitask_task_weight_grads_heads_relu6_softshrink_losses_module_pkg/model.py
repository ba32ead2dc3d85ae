import torch.nn as nn


class MilkingMultiTask(nn.Module):
    """Shared trunk over per-milking sensor features -> (yield regression, mastitis logit)."""

    def __init__(self, n_feat=10, hidden=32):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(n_feat, hidden), nn.SELU(), nn.Linear(hidden, hidden), nn.SELU())
        self.shared = nn.Linear(hidden, hidden)
        self.heads = nn.ModuleDict({
            "yield": nn.Sequential(nn.Linear(hidden, 16), nn.ReLU6(), nn.Linear(16, 1)),
            "mastitis": nn.Sequential(nn.Linear(hidden, 16), nn.Softshrink(0.2), nn.Linear(16, 1)),
        })

    def last_shared_weight(self):
        return self.shared.weight

    def forward(self, x):
        h = self.shared(self.trunk(x))
        return {name: head(h).squeeze(-1) for name, head in self.heads.items()}
