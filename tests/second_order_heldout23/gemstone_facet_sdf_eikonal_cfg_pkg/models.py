import torch
import torch.nn as nn

from layers import DenseBlock, FourierFeatures


class FacetSDF(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.enc = FourierFeatures(cfg.n_freq)
        d_in = 3 + 6 * cfg.n_freq
        blocks = [DenseBlock(d_in, cfg.hidden, cfg.activation)]
        blocks += [DenseBlock(cfg.hidden, cfg.hidden, cfg.activation) for _ in range(cfg.depth - 1)]
        self.blocks = nn.Sequential(*blocks)
        self.sdf_out = nn.Linear(cfg.hidden, 1)
        self.color = nn.Sequential(DenseBlock(cfg.hidden + 3, cfg.hidden, cfg.color_activation), nn.Linear(cfg.hidden, 3))

    def features(self, p):
        return self.blocks(self.enc(p))

    def forward(self, p):
        h = self.features(p)
        return self.sdf_out(h).squeeze(-1), h

    def shade(self, h, normals):
        return torch.sigmoid(self.color(torch.cat([h, normals], dim=-1)))
