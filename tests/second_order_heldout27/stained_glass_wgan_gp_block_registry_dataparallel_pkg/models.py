import torch
import torch.nn as nn

from blocks import CriticBlock


class GlassCritic(nn.Module):
    def __init__(self, cfg, img=16):
        super().__init__()
        widths = [3] + list(cfg["widths"])
        self.blocks = nn.ModuleList(
            CriticBlock(a, b, cfg["act"], cfg["norm"], cfg["down"]) for a, b in zip(widths[:-1], widths[1:])
        )
        side = img // (2 ** len(cfg["widths"])) if cfg["down"] != "none" else img
        self.fc = nn.Linear(widths[-1] * side * side, 1)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.fc(x.flatten(1))


class GlassGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg["width"]
        self.w = w
        self.fc = nn.Linear(cfg["z_dim"], w * 4 * 4)
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(w, w // 2, 3, padding=1),
            nn.ELU(),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(w // 2, 3, 3, padding=1),
        )

    def forward(self, z):
        return torch.tanh(self.net(self.fc(z).view(-1, self.w, 4, 4)))
