"""Temporal conv forecaster for transformer winding hot-spot temperature."""
import torch.nn as nn

ACTIVATIONS = {
    "prelu": nn.PReLU,
    "tanh": nn.Tanh,
    "hardswish": nn.Hardswish,
}

POOLS = {
    "adaptive_avg": nn.AdaptiveAvgPool1d,
    "adaptive_max": nn.AdaptiveMaxPool1d,
}


def make_block(cin, spec):
    if spec["kind"] == "conv":
        return nn.Sequential(
            nn.Conv1d(cin, spec["out"], spec["kernel"], padding=spec["kernel"] // 2),
            ACTIVATIONS[spec["act"]](),
        )
    raise KeyError(f"unknown block kind {spec['kind']!r}")


class HotSpotForecaster(nn.Module):
    def __init__(self, channels, blocks, pool, head_hidden):
        super().__init__()
        layers, cin = [], channels
        for spec in blocks:
            layers.append(make_block(cin, spec))
            cin = spec["out"]
        self.features = nn.Sequential(*layers)
        self.pool = POOLS[pool["kind"]](pool["size"])
        flat = cin * pool["size"]
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(flat, head_hidden), nn.Softsign(),
                                  nn.Linear(head_hidden, 1))
        self.peak_head = nn.Linear(flat, 1)

    def forward(self, x, with_peak=False):
        h = self.pool(self.features(x))
        y = self.head(h).squeeze(-1)
        if with_peak:
            return y, self.peak_head(h.flatten(1)).squeeze(-1)
        return y
