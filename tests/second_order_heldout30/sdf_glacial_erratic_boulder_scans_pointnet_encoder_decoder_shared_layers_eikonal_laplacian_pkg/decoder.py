"""SDF decoder f(xyz | latent), conditioned by concatenation (DeepSDF-style)."""
import torch
import torch.nn as nn

from layers import FourierEmbedding, residual_stack


class SDFDecoder(nn.Module):
    def __init__(self, latent=16, width=32, depth=2):
        super().__init__()
        self.embed = FourierEmbedding()
        self.inp = nn.Linear(self.embed.out_dim + latent, width)
        self.inp_act = nn.SELU()
        self.blocks = residual_stack(width, depth)
        self.out = nn.Linear(width, 1)

    def forward(self, xyz, code):                       # xyz (B, Q, 3), code (B, latent)
        code = code[:, None, :].expand(-1, xyz.shape[1], -1)
        h = self.inp_act(self.inp(torch.cat([self.embed(xyz), code], dim=-1)))
        return self.out(self.blocks(h)).squeeze(-1)
