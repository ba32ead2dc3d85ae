"""1-D conv classifier for accelerometer windows recorded on the haul rope at the drive station."""
import torch.nn as nn

from layers import conv_stage


class RopeFaultNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        stages, cin = [], 1
        for cout in cfg.channels:
            stages.append(conv_stage(cin, cout, cfg.kernel, cfg.act, cfg.pool))
            cin = cout
        self.stages = nn.Sequential(*stages)
        self.classifier = nn.Linear(cin, cfg.n_classes)

    def forward(self, x):
        h = self.stages(x)
        return self.classifier(h.mean(dim=-1))
