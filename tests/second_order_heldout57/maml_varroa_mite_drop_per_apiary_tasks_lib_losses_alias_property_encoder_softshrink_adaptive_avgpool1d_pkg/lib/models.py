"""Regressor of next-day varroa mite drop (sticky board count, log1p) from 24 h of hive sensor data."""
import torch.nn as nn

HEAD_ACTIVATIONS = {
    "identity": nn.Identity,
    "hardswish": nn.Hardswish,
}


def conv_stage(c_in, c_out, kernel=5, shrink=0.05):
    """Conv1d + soft-threshold: small sensor jitter (brood-nest temperature noise) is zeroed."""
    return nn.Sequential(
        nn.Conv1d(c_in, c_out, kernel_size=kernel, padding=kernel // 2),
        nn.Softshrink(shrink),
    )


class MiteDropNet(nn.Module):
    def __init__(self, in_ch=4, width=16, depth=2, pooled=4, shrink=0.05, head_act="identity"):
        super().__init__()
        chans = [in_ch] + [width] * depth
        self.stages = nn.Sequential(*[conv_stage(a, b, shrink=shrink) for a, b in zip(chans[:-1], chans[1:])])
        self.pool = nn.AdaptiveAvgPool1d(pooled)
        self.head = nn.Sequential(nn.Linear(width * pooled, width), HEAD_ACTIVATIONS[head_act](), nn.Linear(width, 1))

    @classmethod
    def from_config(cls, cfg):
        m = cfg["model"]
        return cls(in_ch=m["in_ch"], width=m["width"], depth=m["depth"], pooled=m["pooled"],
                   shrink=m["shrink"], head_act=m.get("head_act", "identity"))

    @property
    def encoder(self):
        """Stages + temporal pooling, exposed so the meta-learner can freeze / inspect it."""
        return nn.Sequential(self.stages, self.pool)

    def forward(self, x):
        z = self.encoder(x)
        return self.head(z.flatten(1)).squeeze(-1)
